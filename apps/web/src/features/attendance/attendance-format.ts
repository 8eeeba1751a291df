import type { AttendanceSession, AttendanceStatus } from '@scanbase/contracts/attendance';

/** ISO weekdays 1–7 with their names. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Status words and colours of a mark. */
export const statusLabels: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', excused: 'Excused', absent: 'Absent' };
export const statusColours: Record<AttendanceStatus, 'success' | 'warning' | 'info' | 'error'> = { present: 'success', late: 'warning', excused: 'info', absent: 'error' };

/** "Weekly on Monday and Wednesday, 2026-09-07 to 2026-09-30" or "2026-09-01". */
export function describeRepeat(s: Pick<AttendanceSession, 'repeat' | 'startDate' | 'endDate' | 'weekdays'>): string {
  if (s.repeat === 'none') return `Once, ${s.startDate}`;
  const days = s.weekdays.map((d) => weekdayNames[d - 1] ?? '').filter(Boolean);
  const list = days.length <= 1 ? days.join('') : `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`;
  return `Weekly on ${list}, ${s.startDate} to ${s.endDate ?? '…'}`;
}

/** A rate 0–1 as a whole percentage, or a dash. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** A UTC instant as local date and time (HH:MM) in a zone. */
export function formatAt(iso: string | null, timeZone: string | undefined): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** Today's date (YYYY-MM-DD) in a zone, plus n days. */
export function localToday(timeZone: string | undefined, plusDays = 0): string {
  const today = formatAt(new Date().toISOString(), timeZone).slice(0, 10);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + plusDays * 86_400_000).toISOString().slice(0, 10);
}

/** Pasted roster lines ("code, name", "code<TAB>name" or "code;name") as people; blank lines skipped, a line without a code reported. */
export function parseRosterLines(text: string): { people: { code: string; name: string }[]; errors: string[] } {
  const people: { code: string; name: string }[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    // The code runs to the first tab, semicolon or comma; the name is the rest of the line.
    const match = /^([^\t;,]*)[\t;,](.*)$/.exec(line);
    const c = (match ? match[1] ?? '' : line).trim();
    const name = (match ? match[2] ?? '' : '').trim();
    if (c === '') errors.push(`Line ${i + 1}: a code is missing`);
    else if (seen.has(c.toLowerCase())) errors.push(`Line ${i + 1}: ${c} is there twice`);
    else {
      seen.add(c.toLowerCase());
      people.push({ code: c, name });
    }
  });
  return { people, errors };
}

/** The people as a CSV for `databases/import` (value, response, validity). */
export function rosterCsv(people: { code: string; name: string }[]): string {
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return people.map((p) => `${cell(p.code)},${cell(p.name)},1`).join('\r\n');
}
