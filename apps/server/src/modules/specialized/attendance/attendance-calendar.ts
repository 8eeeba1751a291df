import { TZDate } from '@date-fns/tz';

// When sessions take place. Sessions are written in local dates and times of the account's time zone;
// every instant is computed through @date-fns/tz, so a 09:00 session stays at 09:00 local on both sides
// of a daylight-saving change (its UTC instant moves by an hour).

/** A session as the calendar needs it. */
export type SessionDef = {
  id: number;
  name: string;
  place: string;
  repeat: 'none' | 'weekly';
  startDate: string;
  endDate: string | null;
  weekdays: number[];
  startTime: string;
  endTime: string;
  lateAfterMinutes: number;
};

/** One occurrence: a session on a date, with its start and end instants. */
export type Occurrence = { session: SessionDef; date: string; startsAt: Date; endsAt: Date };

const DAY_MS = 86_400_000;

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = dateParts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A calendar date plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant in a time zone. */
export function localDateOf(at: Date, zone: string): string {
  const t = new TZDate(at.getTime(), zone);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
}

/** The local time (HH:MM) of an instant in a time zone. */
export function localTimeOf(at: Date, zone: string): string {
  const t = new TZDate(at.getTime(), zone);
  return `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`;
}

/** The instant of a local date and time in a time zone. */
export function instantOf(date: string, time: string, zone: string): Date {
  const [y, m, d] = dateParts(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, zone).getTime());
}

/** Whether a session takes place on a date. */
export function occursOn(s: SessionDef, date: string): boolean {
  if (s.repeat === 'none') return date === s.startDate;
  if (date < s.startDate || (s.endDate !== null && date > s.endDate)) return false;
  return s.weekdays.includes(isoWeekday(date));
}

/** The occurrence of a session on a date (whether or not it takes place then). */
export function occurrenceOn(s: SessionDef, date: string, zone: string): Occurrence {
  return { session: s, date, startsAt: instantOf(date, s.startTime, zone), endsAt: instantOf(date, s.endTime, zone) };
}

/** The occurrences of a session between two dates (inclusive). */
export function occurrencesBetween(s: SessionDef, from: string, to: string, zone: string): Occurrence[] {
  const out: Occurrence[] = [];
  if (s.repeat === 'none') {
    if (s.startDate >= from && s.startDate <= to) out.push(occurrenceOn(s, s.startDate, zone));
    return out;
  }
  const first = s.startDate > from ? s.startDate : from;
  const last = s.endDate !== null && s.endDate < to ? s.endDate : to;
  for (let date = first; date <= last; date = addDays(date, 1)) if (occursOn(s, date)) out.push(occurrenceOn(s, date, zone));
  return out;
}

/** Whether a scan at `at` falls into the occurrence: from `earlyMinutes` before its start to its end. */
export function withinOccurrence(o: Occurrence, at: Date, earlyMinutes: number): boolean {
  const t = at.getTime();
  return t >= o.startsAt.getTime() - earlyMinutes * 60_000 && t <= o.endsAt.getTime();
}

/** The occurrence a scan at `at` falls into (the one whose start is nearest when two overlap), or undefined. */
export function currentOccurrence(sessions: SessionDef[], at: Date, zone: string, earlyMinutes: number): Occurrence | undefined {
  const today = localDateOf(at, zone);
  // A session just after midnight takes early scans from the evening before.
  const dates = [...new Set([today, localDateOf(new Date(at.getTime() + earlyMinutes * 60_000), zone)])];
  const found: Occurrence[] = [];
  for (const s of sessions) for (const date of dates) if (occursOn(s, date)) {
    const o = occurrenceOn(s, date, zone);
    if (withinOccurrence(o, at, earlyMinutes)) found.push(o);
  }
  found.sort((a, b) => Math.abs(a.startsAt.getTime() - at.getTime()) - Math.abs(b.startsAt.getTime() - at.getTime()) || a.session.id - b.session.id);
  return found[0];
}

/** The next occurrence of a session that has not ended at `after` (looking at most about three years ahead). */
export function nextOccurrence(s: SessionDef, after: Date, zone: string): Occurrence | undefined {
  const today = localDateOf(after, zone);
  if (s.repeat === 'none') {
    const o = occurrenceOn(s, s.startDate, zone);
    return o.endsAt.getTime() > after.getTime() ? o : undefined;
  }
  const first = s.startDate > today ? s.startDate : addDays(today, -1);
  const last = s.endDate ?? addDays(first, 3 * 366);
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (!occursOn(s, date)) continue;
    const o = occurrenceOn(s, date, zone);
    if (o.endsAt.getTime() > after.getTime()) return o;
  }
  return undefined;
}

/** The first occurrence of any session starting after `at`. */
export function nextStart(sessions: SessionDef[], at: Date, zone: string): Occurrence | undefined {
  let best: Occurrence | undefined;
  for (const s of sessions) {
    let o = nextOccurrence(s, at, zone);
    // One already running (but not open to this scan) does not count: look past it.
    while (o && o.startsAt.getTime() <= at.getTime()) o = nextOccurrence(s, o.endsAt, zone);
    if (o && (!best || o.startsAt.getTime() < best.startsAt.getTime())) best = o;
  }
  return best;
}
