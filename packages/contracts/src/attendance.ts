import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Attendance (issue 13, "Attendance"): a specialized service whose database is the roster (value = a
// person's code, response = the name) and whose sessions are one-off or repeat weekly. A scan during a
// session occurrence marks the person present or late; leaders keep the register in the attendance
// portal (`/attendance/`). See docs/SPECIALIZED-ATTENDANCE.md.

/** A calendar date, YYYY-MM-DD (in the account's time zone). */
export const localDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use a date like 2026-10-24')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'This date does not exist');
/** A local time, HH:MM (24 h, in the account's time zone). */
export const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:00');

/** The type settings of an attendance instance (`specialized/update` `settings`). */
export const attendanceSettings = z.object({
  /** App users who may lead sessions in the attendance portal (see and keep the register, close occurrences). */
  leaderUserIds: z.array(id).max(1_000).default([]),
  /** How many minutes before a session starts a scan already counts for it. */
  earlyMinutes: z.number().int().min(0).max(240).default(15),
});
export type AttendanceSettings = z.infer<typeof attendanceSettings>;

/** What a person's mark in one occurrence says. */
export const attendanceStatus = z.enum(['present', 'late', 'excused', 'absent']);
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

export const attendanceRepeat = z.enum(['none', 'weekly']);

/** A session as written in the Sessions section: one-off on `startDate`, or weekly on `weekdays` from `startDate` to `endDate`. */
export const attendanceSessionInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(100),
    place: z.string().trim().max(200).default(''),
    repeat: attendanceRepeat.default('none'),
    startDate: localDate,
    /** The last date of a weekly session (ignored for a one-off one). */
    endDate: localDate.nullable().default(null),
    /** ISO weekdays of a weekly session: 1 = Monday … 7 = Sunday. */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    startTime: localTime,
    endTime: localTime,
    /** A scan later than start + this many minutes marks the person late. */
    lateAfterMinutes: z.number().int().min(0).max(600).default(10),
  })
  .superRefine((s, ctx) => {
    if (s.endTime <= s.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end must be after the start' });
    if (s.repeat === 'weekly') {
      if (s.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Pick at least one weekday' });
      if (s.endDate === null) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Enter the last date' });
      else if (s.endDate < s.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The last date must not be before the first' });
      else if (Date.parse(s.endDate) - Date.parse(s.startDate) > 3 * 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A session repeats for at most three years' });
    }
  });
export type AttendanceSessionInput = z.input<typeof attendanceSessionInput>;

/** One occurrence of a session (a date it takes place on), with its start and end as UTC instants. */
export const attendanceOccurrence = z.object({
  sessionId: id,
  sessionName: z.string(),
  place: z.string(),
  date: localDate,
  startTime: localTime,
  endTime: localTime,
  startsAt: timestamp,
  endsAt: timestamp,
  lateAfterMinutes: z.number().int(),
  closed: z.boolean(),
});
export type AttendanceOccurrence = z.infer<typeof attendanceOccurrence>;

export const attendanceSession = z.object({
  id,
  instanceId: id,
  name: z.string(),
  place: z.string(),
  repeat: attendanceRepeat,
  startDate: localDate,
  endDate: localDate.nullable(),
  weekdays: z.array(z.number().int()),
  startTime: localTime,
  endTime: localTime,
  lateAfterMinutes: z.number().int(),
  /** The next occurrence that has not ended, or null when none is left. */
  next: attendanceOccurrence.nullable(),
  createdAt: timestamp,
});
export type AttendanceSession = z.infer<typeof attendanceSession>;

const instanceBody = z.object({ instanceId: id });
const occurrenceBody = instanceBody.extend({ sessionId: id, date: localDate });
/** A period of dates for the reports (at most about a year). */
const periodBody = instanceBody
  .extend({ from: localDate, to: localDate })
  .refine((b) => b.to >= b.from, { path: ['to'], message: 'The end must not be before the start' })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= 400 * 86_400_000, { path: ['to'], message: 'Pick at most about a year' });

/** One person of the roster in an occurrence's register. */
export const registerRow = z.object({
  personId: id,
  code: z.string(),
  name: z.string(),
  status: attendanceStatus.nullable(),
  at: timestamp.nullable(),
  markedBy: z.string().nullable(),
  note: z.string(),
  scanId: id.nullable(),
});
export type RegisterRow = z.infer<typeof registerRow>;

export const registerCounts = z.object({ present: z.number().int(), late: z.number().int(), excused: z.number().int(), absent: z.number().int(), unmarked: z.number().int(), total: z.number().int() });

/** The register of one occurrence: the roster with each person's mark. */
export const attendanceRegister = z.object({
  instanceId: id,
  instanceName: z.string(),
  occurrence: attendanceOccurrence,
  closedAt: timestamp.nullable(),
  counts: registerCounts,
  rows: z.array(registerRow),
});
export type AttendanceRegister = z.infer<typeof attendanceRegister>;

/** Per occurrence: attended (present + late) out of the roster less the excused. */
export const occurrenceReport = attendanceOccurrence.extend({
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
  unmarked: z.number().int(),
  /** (present + late) / (roster − excused), 0 to 1; null when nobody was expected. */
  rate: z.number().nullable(),
});
export type OccurrenceReport = z.infer<typeof occurrenceReport>;

/** Per person over a period. */
export const personReport = z.object({
  personId: id,
  code: z.string(),
  name: z.string(),
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
  rate: z.number().nullable(),
  /** Occurrences attended in a row up to the latest one. */
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
});
export type PersonReport = z.infer<typeof personReport>;

export const listAttendanceSessions = defineV2Route({ path: 'attendance/sessions', access: 'admin', summary: 'The sessions of an attendance instance, each with its next occurrence.', body: instanceBody, reply: z.object({ items: z.array(attendanceSession), timeZone: z.string() }) });
export const createAttendanceSession = defineV2Route({ path: 'attendance/session-create', access: 'admin', summary: 'Adds a one-off or weekly session (local dates and times in the account time zone).', body: instanceBody.extend({ session: attendanceSessionInput }), reply: attendanceSession });
export const updateAttendanceSession = defineV2Route({ path: 'attendance/session-update', access: 'admin', summary: 'Changes a session (marks already taken stay).', body: instanceBody.extend({ id, session: attendanceSessionInput }), reply: attendanceSession });
export const deleteAttendanceSession = defineV2Route({ path: 'attendance/session-delete', access: 'admin', summary: 'Deletes a session with its marks (the scans stay).', body: instanceBody.extend({ id }), reply: okReply });
export const attendanceRegisterRoute = defineV2Route({ path: 'attendance/register', access: 'admin', summary: 'The register of one session occurrence.', body: occurrenceBody, reply: attendanceRegister });
export const attendanceOccurrenceReport = defineV2Route({ path: 'attendance/report-occurrences', access: 'admin', summary: 'Per session occurrence of a period (that has started): present, late, excused, absent and rate.', body: periodBody, reply: z.object({ items: z.array(occurrenceReport), rosterSize: z.number().int() }) });
export const attendancePeopleReport = defineV2Route({ path: 'attendance/report-people', access: 'admin', summary: 'Per person over a period: attended, late, excused, absent, rate and streaks.', body: periodBody, reply: z.object({ items: z.array(personReport), occurrences: z.number().int() }) });

export const attendanceExportFormat = z.enum(['csv', 'xlsx']);
export const attendanceExport = defineV2Route({
  path: 'attendance/export',
  access: 'admin',
  summary: 'A CSV or XLSX file: the register of an occurrence, the occurrence report or the people report of a period.',
  body: z.discriminatedUnion('report', [
    occurrenceBody.extend({ report: z.literal('register'), format: attendanceExportFormat.default('csv') }),
    instanceBody.extend({ report: z.literal('occurrences'), from: localDate, to: localDate, format: attendanceExportFormat.default('csv') }),
    instanceBody.extend({ report: z.literal('people'), from: localDate, to: localDate, format: attendanceExportFormat.default('csv') }),
  ]),
  reply: z.unknown(),
});

// The attendance portal (app token of a leader: an app user in `leaderUserIds`).

export const portalOccurrence = attendanceOccurrence.extend({ instanceId: id, instanceName: z.string() });
export type PortalOccurrence = z.infer<typeof portalOccurrence>;

export const attendancePortalSessions = defineV2Route({
  path: 'attendance/portal/sessions',
  access: 'app',
  summary: "The signed-in leader's session occurrences: today's, the next two weeks' and the last two weeks'.",
  body: z.object({}),
  reply: z.object({ today: z.array(portalOccurrence), upcoming: z.array(portalOccurrence), recent: z.array(portalOccurrence), timeZone: z.string() }),
});
export const attendancePortalRegister = defineV2Route({ path: 'attendance/portal/register', access: 'app', summary: 'The register of one occurrence, for a leader of the instance.', body: occurrenceBody, reply: attendanceRegister });
export const attendancePortalMark = defineV2Route({
  path: 'attendance/portal/mark',
  access: 'app',
  summary: 'Marks a person present, late, excused or absent by hand (with a note); answers the register.',
  body: occurrenceBody.extend({ personId: id, status: attendanceStatus, note: z.string().trim().max(500).default('') }),
  reply: attendanceRegister,
});
export const attendancePortalClose = defineV2Route({ path: 'attendance/portal/close', access: 'app', summary: 'Closes an occurrence: everyone unmarked becomes absent, later scans are refused.', body: occurrenceBody, reply: attendanceRegister });
export const attendancePortalExport = defineV2Route({ path: 'attendance/portal/export', access: 'app', summary: 'The register of one occurrence as CSV or XLSX, for a leader.', body: occurrenceBody.extend({ format: attendanceExportFormat.default('csv') }), reply: z.unknown() });
