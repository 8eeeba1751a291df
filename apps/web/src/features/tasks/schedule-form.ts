import type { TaskSchedule } from '@scanbase/contracts/tasks';
import { formatAccountDateTime } from '../scans/scan-format';

export type ScheduleKind = TaskSchedule['kind'];

/** A schedule as the form holds it: every kind's fields at once, so switching kinds keeps what was typed. */
export type ScheduleFormValues = {
  kind: ScheduleKind;
  /** `YYYY-MM-DDTHH:mm` wall time in the task's time zone. */
  at: string;
  minute: string;
  time: string;
  weekday: string;
  day: string;
  expression: string;
};

export const scheduleKinds: readonly { kind: ScheduleKind; label: string }[] = [
  { kind: 'manual', label: 'Only when I run it' },
  { kind: 'once', label: 'Once, at a date and time' },
  { kind: 'hourly', label: 'Every hour' },
  { kind: 'daily', label: 'Every day' },
  { kind: 'weekly', label: 'Every week' },
  { kind: 'monthly', label: 'Every month' },
  { kind: 'cron', label: 'Cron expression (advanced)' },
];

export const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const defaultScheduleForm: ScheduleFormValues = { kind: 'daily', at: '', minute: '0', time: '06:00', weekday: '1', day: '1', expression: '0 6 * * 1-5' };

function parts(date: Date, timeZone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(date)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** Milliseconds a time zone is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A wall time (`YYYY-MM-DDTHH:mm`) in a time zone as an ISO instant, or null when it is not a date-time. */
export function zonedToIso(wall: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const guess = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  try {
    let instant = guess - zoneOffsetMs(guess, timeZone);
    instant = guess - zoneOffsetMs(instant, timeZone);
    return new Date(instant).toISOString();
  } catch {
    return null;
  }
}

/** An ISO instant as a wall time (`YYYY-MM-DDTHH:mm`) in a time zone. */
export function isoToZoned(iso: string, timeZone: string): string {
  try {
    const p = parts(new Date(iso), timeZone);
    const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
    return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
  } catch {
    return '';
  }
}

const whole = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The schedule the form describes, for the contract's schema to check (bad text stays text so the message names it). */
export function scheduleFromForm(form: ScheduleFormValues, timeZone: string): Record<string, unknown> {
  switch (form.kind) {
    case 'manual':
      return { kind: 'manual' };
    case 'once':
      return { kind: 'once', at: zonedToIso(form.at, timeZone) ?? form.at };
    case 'hourly':
      return { kind: 'hourly', minute: whole(form.minute) };
    case 'daily':
      return { kind: 'daily', time: form.time };
    case 'weekly':
      return { kind: 'weekly', weekday: whole(form.weekday), time: form.time };
    case 'monthly':
      return { kind: 'monthly', day: form.day === 'last' ? 'last' : whole(form.day), time: form.time };
    case 'cron':
      return { kind: 'cron', expression: form.expression };
  }
}

/** Form values of a stored schedule. */
export function scheduleToForm(schedule: TaskSchedule, timeZone: string): ScheduleFormValues {
  const form = { ...defaultScheduleForm, kind: schedule.kind };
  switch (schedule.kind) {
    case 'once':
      return { ...form, at: isoToZoned(schedule.at, timeZone) };
    case 'hourly':
      return { ...form, minute: String(schedule.minute) };
    case 'daily':
      return { ...form, time: schedule.time };
    case 'weekly':
      return { ...form, weekday: String(schedule.weekday), time: schedule.time };
    case 'monthly':
      return { ...form, day: String(schedule.day), time: schedule.time };
    case 'cron':
      return { ...form, expression: schedule.expression };
    default:
      return form;
  }
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** A schedule in words: "Every day at 06:00", "Every Monday at 07:30", "Only when run". */
export function describeSchedule(schedule: TaskSchedule, timeZone?: string): string {
  switch (schedule.kind) {
    case 'manual':
      return 'Only when run';
    case 'once':
      return `Once, ${formatDateTime(schedule.at, timeZone)}`;
    case 'hourly':
      return `Every hour at :${String(schedule.minute).padStart(2, '0')}`;
    case 'daily':
      return `Every day at ${schedule.time}`;
    case 'weekly':
      return `Every ${weekdays[schedule.weekday] ?? 'week'} at ${schedule.time}`;
    case 'monthly':
      return `Monthly on the ${schedule.day === 'last' ? 'last day' : ordinal(schedule.day)} at ${schedule.time}`;
    case 'cron':
      return `Cron: ${schedule.expression}`;
  }
}

/** An instant as "12 Mar 2026, 09:05" in a time zone (the browser's when none is given). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  return formatAccountDateTime(iso, timeZone);
}

/** A duration as "850 ms", "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
