import type { Readable } from 'node:stream';
import type {
  AttendanceOccurrence, AttendanceRegister, AttendanceSession, AttendanceSettings, AttendanceStatus, OccurrenceReport, PersonReport, PortalOccurrence, RegisterRow,
} from '@scanbase/contracts';
import type { attendanceSessionInput } from '@scanbase/contracts';
import type { z } from 'zod';
import type { AppSession } from '../../../platform/auth/session.js';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import { csvFile } from '../../../platform/csv/csv-file.js';
import type { Db } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import { AppError } from '../../../platform/errors.js';
import { xlsxStream, type XlsxCell } from '../../../platform/xlsx/xlsx-stream.js';
import { storedTypeSettings } from '../type-settings.js';
import { attendanceType } from '../types/attendance.js';
import { addDays, localDateOf, localTimeOf, nextOccurrence, occurrenceOn, occurrencesBetween, occursOn, type Occurrence, type SessionDef } from './attendance-calendar.js';
import { ATTENDANCE_TOPIC } from './attendance-judge.js';
import { AttendanceRepo, sessionDef, type AttendanceInstanceRow, type MarkRow, type RosterPerson, type SessionRow, type SessionValues } from './attendance.repo.js';

type SessionInput = z.output<typeof attendanceSessionInput>;
/** A file to send: name, type and bytes. */
export type AttendanceFile = { fileName: string; contentType: string; body: Buffer | Readable };
type ExportBody =
  | { instanceId: number; report: 'register'; sessionId: number; date: string; format: 'csv' | 'xlsx' }
  | { instanceId: number; report: 'occurrences' | 'people'; from: string; to: string; format: 'csv' | 'xlsx' };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function values(s: SessionInput): SessionValues {
  const weekly = s.repeat === 'weekly';
  return {
    name: s.name, place: s.place, repeat: s.repeat, start_date: s.startDate, end_date: weekly ? s.endDate : null,
    weekdays: weekly ? [...new Set(s.weekdays)].sort((a, b) => a - b).join(',') : '', start_time: s.startTime, end_time: s.endTime, late_after_minutes: s.lateAfterMinutes,
  };
}

function occurrenceOut(o: Occurrence, closed: boolean): AttendanceOccurrence {
  const s = o.session;
  return { sessionId: s.id, sessionName: s.name, place: s.place, date: o.date, startTime: s.startTime, endTime: s.endTime, startsAt: o.startsAt.toISOString(), endsAt: o.endsAt.toISOString(), lateAfterMinutes: s.lateAfterMinutes, closed };
}

const attended = (status: string | null | undefined) => status === 'present' || status === 'late';
const rateOf = (attendedCount: number, expected: number) => (expected > 0 ? Math.round((attendedCount / expected) * 1000) / 1000 : null);
const percent = (rate: number | null) => (rate === null ? '' : `${Math.round(rate * 100)}%`);

/** Attendance: sessions, registers, reports and exports for administrators; the portal's view for leaders. */
export class AttendanceService {
  private readonly repo: AttendanceRepo;

  constructor(private readonly deps: { db: Db; bus: EventBus }) {
    this.repo = new AttendanceRepo(deps.db.kysely, deps.db.dialect);
  }

  private async instance(accountId: number, id: number, repo = this.repo): Promise<AttendanceInstanceRow & { databaseId: number; settings: AttendanceSettings }> {
    const row = await repo.instance(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', `Attendance service ${id} does not exist.`, [{ path: 'instanceId', message: 'Not found' }]);
    if (row.database_id === null) throw new AppError('CONFLICT', 'This attendance service has no roster database.');
    return { ...row, databaseId: row.database_id, settings: storedTypeSettings(attendanceType, row.type_settings) as AttendanceSettings };
  }

  private async sessionOf(accountId: number, instanceId: number, id: number, path = 'sessionId', repo = this.repo): Promise<SessionRow> {
    const s = await repo.session(accountId, instanceId, id);
    if (!s) throw new AppError('NOT_FOUND', `Session ${id} does not exist.`, [{ path, message: 'Not found' }]);
    return s;
  }

  private sessionOut(r: SessionRow, zone: string, now: Date, closed: Set<string>): AttendanceSession {
    const d = sessionDef(r);
    const next = nextOccurrence(d, now, zone);
    return {
      id: r.id, instanceId: r.service_id, name: d.name, place: d.place, repeat: d.repeat, startDate: d.startDate, endDate: d.endDate, weekdays: d.weekdays,
      startTime: d.startTime, endTime: d.endTime, lateAfterMinutes: d.lateAfterMinutes, next: next ? occurrenceOut(next, closed.has(`${r.id} ${next.date}`)) : null, createdAt: r.created_at,
    };
  }

  /** The sessions of an instance with their next occurrence. */
  async listSessions(accountId: number, instanceId: number): Promise<{ items: AttendanceSession[]; timeZone: string }> {
    await this.instance(accountId, instanceId);
    const [rows, zone] = await Promise.all([this.repo.sessions(accountId, [instanceId]), this.repo.timeZone(accountId)]);
    const now = new Date();
    const today = localDateOf(now, zone);
    const closed = await this.repo.closedBetween(accountId, [instanceId], addDays(today, -1), addDays(today, 4 * 366));
    return { items: rows.map((r) => this.sessionOut(r, zone, now, closed)), timeZone: zone };
  }

  /** Adds a session. */
  async createSession(accountId: number, instanceId: number, input: SessionInput): Promise<AttendanceSession> {
    await this.instance(accountId, instanceId);
    const id = await this.repo.createSession(accountId, instanceId, values(input));
    return this.oneSession(accountId, instanceId, id);
  }

  /** Changes a session. */
  async updateSession(accountId: number, instanceId: number, id: number, input: SessionInput): Promise<AttendanceSession> {
    await this.instance(accountId, instanceId);
    if (!(await this.repo.updateSession(accountId, instanceId, id, values(input)))) throw new AppError('NOT_FOUND', `Session ${id} does not exist.`, [{ path: 'id', message: 'Not found' }]);
    return this.oneSession(accountId, instanceId, id);
  }

  /** Deletes a session and its marks. */
  async deleteSession(accountId: number, instanceId: number, id: number): Promise<void> {
    await this.instance(accountId, instanceId);
    const done = await this.deps.db.kysely.transaction().execute((trx) => new AttendanceRepo(trx, this.deps.db.dialect).deleteSession(accountId, instanceId, id));
    if (!done) throw new AppError('NOT_FOUND', `Session ${id} does not exist.`, [{ path: 'id', message: 'Not found' }]);
  }

  private async oneSession(accountId: number, instanceId: number, id: number): Promise<AttendanceSession> {
    const r = await this.sessionOf(accountId, instanceId, id, 'id');
    return this.sessionOut(r, await this.repo.timeZone(accountId), new Date(), new Set());
  }

  /** The occurrence of a session on a date, refused when the session does not take place then. */
  private async occurrence(accountId: number, instanceId: number, sessionId: number, date: string, repo = this.repo): Promise<{ occ: Occurrence; zone: string }> {
    const row = await this.sessionOf(accountId, instanceId, sessionId, 'sessionId', repo);
    const zone = await repo.timeZone(accountId);
    const d = sessionDef(row);
    if (!occursOn(d, date)) throw new AppError('NOT_FOUND', `${d.name} does not take place on ${date}.`, [{ path: 'date', message: 'No occurrence on this date' }]);
    return { occ: occurrenceOn(d, date, zone), zone };
  }

  /** The register of one occurrence: every person of the roster (and anyone marked since removed from it) with their mark. */
  async register(accountId: number, instanceId: number, sessionId: number, date: string, repo = this.repo): Promise<AttendanceRegister> {
    const inst = await this.instance(accountId, instanceId, repo);
    const { occ } = await this.occurrence(accountId, instanceId, sessionId, date, repo);
    const roster = await repo.roster(accountId, inst.databaseId);
    const marks = await repo.marksOf(accountId, sessionId, date);
    const closedAt = await repo.closedAt(accountId, sessionId, date);
    const byPerson = new Map(marks.map((m) => [m.person_id, m]));
    const row = (p: RosterPerson, m: MarkRow | undefined): RegisterRow => ({
      personId: p.id, code: p.code, name: p.name, status: (m?.status as AttendanceStatus | undefined) ?? null, at: m?.marked_at ?? null, markedBy: m ? m.marked_by : null, note: m?.note ?? '', scanId: m?.scan_id ?? null,
    });
    const inRoster = new Set(roster.map((p) => p.id));
    const rows = [...roster.map((p) => row(p, byPerson.get(p.id))), ...marks.filter((m) => !inRoster.has(m.person_id)).map((m) => row({ id: m.person_id, code: m.person_code, name: m.person_name }, m))];
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
    const count = (s: AttendanceStatus) => rows.filter((r) => r.status === s).length;
    const counts = { present: count('present'), late: count('late'), excused: count('excused'), absent: count('absent'), unmarked: rows.filter((r) => r.status === null).length, total: rows.length };
    return { instanceId, instanceName: inst.name, occurrence: occurrenceOut(occ, closedAt !== undefined), closedAt: closedAt ?? null, counts, rows };
  }

  /** Marks a person by hand; answers the register. */
  async mark(accountId: number, body: { instanceId: number; sessionId: number; date: string; personId: number; status: AttendanceStatus; note: string }, by: string): Promise<AttendanceRegister> {
    const inst = await this.instance(accountId, body.instanceId);
    await this.occurrence(accountId, body.instanceId, body.sessionId, body.date);
    const result = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceRepo(trx, this.deps.db.dialect);
      let person = await repo.person(accountId, inst.databaseId, body.personId);
      if (!person) {
        const earlier = await repo.mark(accountId, body.sessionId, body.date, body.personId);
        if (!earlier) throw new AppError('NOT_FOUND', `Person ${body.personId} is not on the roster.`, [{ path: 'personId', message: 'Not on the roster' }]);
        person = { id: earlier.person_id, code: earlier.person_code, name: earlier.person_name };
      }
      await repo.setMark(accountId, body.instanceId, { sessionId: body.sessionId, date: body.date, person, status: body.status, markedBy: by, note: body.note, at: nowIso() });
      return this.register(accountId, body.instanceId, body.sessionId, body.date, repo);
    });
    await this.deps.bus.publish({ accountId, topic: ATTENDANCE_TOPIC, id: body.instanceId });
    return result;
  }

  /** Closes an occurrence that has started: everyone unmarked becomes absent; later scans are refused. */
  async close(accountId: number, body: { instanceId: number; sessionId: number; date: string }, by: string): Promise<AttendanceRegister> {
    const inst = await this.instance(accountId, body.instanceId);
    const { occ } = await this.occurrence(accountId, body.instanceId, body.sessionId, body.date);
    if (occ.startsAt.getTime() > Date.now()) throw new AppError('CONFLICT', `${occ.session.name} on ${body.date} has not started yet.`);
    const result = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceRepo(trx, this.deps.db.dialect);
      const at = nowIso();
      if (await repo.close(accountId, body.instanceId, body.sessionId, body.date, by, at)) {
        await repo.markAbsent(accountId, body.instanceId, body.sessionId, body.date, await repo.roster(accountId, inst.databaseId), by, at);
      }
      return this.register(accountId, body.instanceId, body.sessionId, body.date, repo);
    });
    await this.deps.bus.publish({ accountId, topic: ATTENDANCE_TOPIC, id: body.instanceId });
    return result;
  }

  /** The occurrences of a period that have started, with what the report needs. */
  private async period(accountId: number, instanceId: number, from: string, to: string) {
    const inst = await this.instance(accountId, instanceId);
    const [rows, zone, roster, marks, closed] = await Promise.all([
      this.repo.sessions(accountId, [instanceId]), this.repo.timeZone(accountId), this.repo.roster(accountId, inst.databaseId),
      this.repo.marksBetween(accountId, instanceId, from, to), this.repo.closedBetween(accountId, [instanceId], from, to),
    ]);
    const now = Date.now();
    const occurrences = rows.flatMap((r) => occurrencesBetween(sessionDef(r), from, to, zone)).filter((o) => o.startsAt.getTime() <= now);
    occurrences.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.session.id - b.session.id);
    const marksBy = new Map<string, Map<number, MarkRow>>();
    for (const m of marks) {
      const key = `${m.session_id} ${m.occurrence_date}`;
      let map = marksBy.get(key);
      if (!map) marksBy.set(key, (map = new Map<number, MarkRow>()));
      map.set(m.person_id, m);
    }
    const inRoster = new Set(roster.map((p) => p.id));
    // People marked in the period but since removed from the roster still count in its reports.
    const gone = new Map<number, RosterPerson>();
    for (const m of marks) if (!inRoster.has(m.person_id)) gone.set(m.person_id, { id: m.person_id, code: m.person_code, name: m.person_name });
    const people = [...roster, ...gone.values()];
    const ended = (o: Occurrence) => o.endsAt.getTime() <= now || closed.has(`${o.session.id} ${o.date}`);
    return { occurrences, marksBy, people, closed, ended };
  }

  /** Per occurrence of a period: present, late, excused, absent (unmarked once it ended), rate. */
  async occurrenceReport(accountId: number, instanceId: number, from: string, to: string): Promise<{ items: OccurrenceReport[]; rosterSize: number }> {
    const { occurrences, marksBy, people, closed, ended } = await this.period(accountId, instanceId, from, to);
    const items = occurrences.map((o): OccurrenceReport => {
      const marks = marksBy.get(`${o.session.id} ${o.date}`) ?? new Map<number, MarkRow>();
      const counts = { present: 0, late: 0, excused: 0, absent: 0, unmarked: 0 };
      for (const p of people) {
        const status = marks.get(p.id)?.status;
        if (status === 'present' || status === 'late' || status === 'excused' || status === 'absent') counts[status]++;
        else if (ended(o)) counts.absent++;
        else counts.unmarked++;
      }
      return { ...occurrenceOut(o, closed.has(`${o.session.id} ${o.date}`)), ...counts, rate: rateOf(counts.present + counts.late, people.length - counts.excused) };
    });
    return { items, rosterSize: people.length };
  }

  /** Per person over the occurrences of a period that ended: counts, rate and streaks of attended occurrences (excused ones are skipped). */
  async peopleReport(accountId: number, instanceId: number, from: string, to: string): Promise<{ items: PersonReport[]; occurrences: number }> {
    const { occurrences, marksBy, people, ended } = await this.period(accountId, instanceId, from, to);
    const done = occurrences.filter(ended);
    const items = people.map((p): PersonReport => {
      const c = { present: 0, late: 0, excused: 0, absent: 0 };
      let run = 0;
      let longest = 0;
      for (const o of done) {
        const status = (marksBy.get(`${o.session.id} ${o.date}`)?.get(p.id)?.status ?? 'absent') as keyof typeof c;
        c[status in c ? status : 'absent']++;
        if (status === 'excused') continue;
        run = attended(status) ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      return { personId: p.id, code: p.code, name: p.name, ...c, rate: rateOf(c.present + c.late, done.length - c.excused), currentStreak: run, longestStreak: longest };
    });
    items.sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
    return { items, occurrences: done.length };
  }

  /** A report as a CSV or XLSX file. */
  async exportFile(accountId: number, body: ExportBody): Promise<AttendanceFile> {
    let name: string;
    let header: string[];
    let rows: XlsxCell[][];
    if (body.report === 'register') {
      const reg = await this.register(accountId, body.instanceId, body.sessionId, body.date);
      const zone = await this.repo.timeZone(accountId);
      name = `register-${reg.occurrence.sessionName}-${body.date}`;
      header = ['Session', 'Date', 'Code', 'Name', 'Status', 'Marked at', 'Marked by', 'Note'];
      rows = reg.rows.map((r) => [reg.occurrence.sessionName, body.date, r.code, r.name, r.status ?? 'unmarked', r.at ? `${localDateOf(new Date(r.at), zone)} ${localTimeOf(new Date(r.at), zone)}` : '', r.markedBy ?? '', r.note]);
    } else if (body.report === 'occurrences') {
      const rep = await this.occurrenceReport(accountId, body.instanceId, body.from, body.to);
      name = `attendance-sessions-${body.from}-${body.to}`;
      header = ['Session', 'Place', 'Date', 'Start', 'End', 'Present', 'Late', 'Excused', 'Absent', 'Unmarked', 'Rate'];
      rows = rep.items.map((o) => [o.sessionName, o.place, o.date, o.startTime, o.endTime, o.present, o.late, o.excused, o.absent, o.unmarked, percent(o.rate)]);
    } else {
      const rep = await this.peopleReport(accountId, body.instanceId, body.from, body.to);
      name = `attendance-people-${body.from}-${body.to}`;
      header = ['Code', 'Name', 'Present', 'Late', 'Excused', 'Absent', 'Rate', 'Current streak', 'Longest streak'];
      rows = rep.items.map((p) => [p.code, p.name, p.present, p.late, p.excused, p.absent, percent(p.rate), p.currentStreak, p.longestStreak]);
    }
    const safe = name.replace(/[^\w.-]+/g, '-').slice(0, 80);
    if (body.format === 'xlsx') {
      const batches = (async function* () {
        await Promise.resolve();
        yield rows;
      })();
      return { fileName: `${safe}.xlsx`, contentType: XLSX_TYPE, body: xlsxStream('Attendance', header, batches) };
    }
    return { fileName: `${safe}.csv`, contentType: 'text/csv; charset=utf-8', body: csvFile(header, rows) };
  }

  // The portal: a leader is an app user named in the instance's `leaderUserIds`.

  /** The instance, when the app user leads it (FORBIDDEN otherwise). */
  async requireLeader(caller: AppSession, instanceId: number): Promise<void> {
    const inst = await this.instance(caller.accountId, instanceId);
    if (!inst.settings.leaderUserIds.includes(caller.appUserId)) throw new AppError('FORBIDDEN', 'You do not lead sessions of this attendance service. Ask an administrator to add you as a leader.');
  }

  /** The leader's occurrences: today's, the next two weeks', the last two weeks'. */
  async portalSessions(caller: AppSession): Promise<{ today: PortalOccurrence[]; upcoming: PortalOccurrence[]; recent: PortalOccurrence[]; timeZone: string }> {
    const { accountId } = caller;
    const led = (await this.repo.instances(accountId)).filter((i) => (storedTypeSettings(attendanceType, i.type_settings) as AttendanceSettings).leaderUserIds.includes(caller.appUserId));
    const zone = await this.repo.timeZone(accountId);
    const today = localDateOf(new Date(), zone);
    const [from, to] = [addDays(today, -14), addDays(today, 14)];
    const ids = led.map((i) => i.id);
    const [rows, closed] = await Promise.all([this.repo.sessions(accountId, ids), this.repo.closedBetween(accountId, ids, from, to)]);
    const names = new Map(led.map((i) => [i.id, i.name]));
    const all = rows.flatMap((r) => {
      const d: SessionDef = sessionDef(r);
      return occurrencesBetween(d, from, to, zone).map((o): PortalOccurrence => ({ ...occurrenceOut(o, closed.has(`${r.id} ${o.date}`)), instanceId: r.service_id, instanceName: names.get(r.service_id) ?? '' }));
    });
    all.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.sessionId - b.sessionId);
    return {
      today: all.filter((o) => o.date === today),
      upcoming: all.filter((o) => o.date > today).slice(0, 100),
      recent: all.filter((o) => o.date < today).reverse().slice(0, 100),
      timeZone: zone,
    };
  }
}
