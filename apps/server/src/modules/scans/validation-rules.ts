import type { ServiceSettings } from '@scanbase/contracts';

// The pure rules of judging a scan: regex rewrites, active periods, response variables, how the
// scanner shows a response. No I/O here, so every rule is tested directly.

/** PHP-style `\1` back-references (codeREADr's regexes) become JavaScript's `$1`. */
function jsReplacement(replacement: string): string {
  return replacement.replace(/\\(\d{1,2})/g, '$$$1');
}

/** Applies a regex rewrite (every match, like PHP's preg_replace); an empty pattern or a broken one leaves the text alone. */
export function rewrite(text: string, pattern: string, replacement: string): string {
  if (pattern === '') return text;
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'g');
  } catch {
    return text;
  }
  return text.replace(re, jsReplacement(replacement));
}

/** The response variables a database value's text may use. */
export type ResponseVariables = { scanValue: string; userName: string; userId: number | null; serviceId: number };

/** Replaces SCAN_VALUE, USER_NAME, USER_ID and SERVICE_ID in a response text. */
export function fillVariables(text: string, v: ResponseVariables): string {
  if (!/SCAN_VALUE|USER_NAME|USER_ID|SERVICE_ID/.test(text)) return text;
  return text
    .replaceAll('SCAN_VALUE', v.scanValue)
    .replaceAll('USER_NAME', v.userName)
    .replaceAll('USER_ID', v.userId === null ? '' : String(v.userId))
    .replaceAll('SERVICE_ID', String(v.serviceId));
}

/** How the scanner shows a response: `<curl>URL</curl>` opens a page, `<html>` (or a CDATA wrapped one) is rendered, the rest is text. */
export function responseKind(text: string): { kind: 'text' | 'html' | 'url'; text: string } {
  const t = text.trim();
  const curl = /^<curl>\s*(https?:\/\/[^<\s]+)\s*<\/curl>$/i.exec(t);
  if (curl?.[1]) return { kind: 'url', text: curl[1] };
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(t);
  const inner = cdata?.[1]?.trim() ?? t;
  if (/^<html[\s>]/i.test(inner)) return { kind: 'html', text: inner };
  return { kind: 'text', text };
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. Null for an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    } catch {
      f = null;
    }
    if (formatters.size > 1_000) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

function formattedParts(at: Date, timeZone: string): { date: string; time: string } {
  const formatter = formatterFor(timeZone) ?? formatterFor('UTC')!;
  const parts = formatter.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
}

// A zone's offset from UTC only changes at an instant that is a whole quarter of an hour in UTC (offsets
// and the local times of changes are whole quarters since well before 1980), so the offset found once for
// a quarter holds for every instant in it: the gate's hot path does date arithmetic instead of asking Intl
// (formatToParts costs microseconds) for every scan.
const QUARTER_MS = 15 * 60_000;
const SINCE_1980_MS = Date.UTC(1980, 0, 1);
const quarterOffsets = new Map<string, number>();

function offsetFor(quarterStart: number, timeZone: string): number {
  const key = `${timeZone}|${quarterStart}`;
  let offset = quarterOffsets.get(key);
  if (offset === undefined) {
    const { date, time } = formattedParts(new Date(quarterStart), timeZone);
    offset = Date.parse(`${date}T${time}Z`) - quarterStart;
    if (quarterOffsets.size > 4_096) quarterOffsets.clear();
    quarterOffsets.set(key, offset);
  }
  return offset;
}

/** Date and time parts of an instant in a time zone (`YYYY-MM-DD`, `HH:MM:SS`). */
export function localParts(at: Date, timeZone: string): { date: string; time: string } {
  const ms = at.getTime();
  if (!(ms >= SINCE_1980_MS && ms < 253_402_300_800_000)) return formattedParts(at, timeZone);
  const iso = new Date(ms + offsetFor(ms - (ms % QUARTER_MS), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/**
 * Whether a service is active at an instant, in the account's time zone. With dates, the service runs from
 * start date + start time to end date + end time. Without dates, the times (when not the whole day) are a
 * daily window; a window whose end is before its start runs over midnight.
 */
export function isActive(s: Pick<ServiceSettings, 'periodStartDate' | 'periodEndDate' | 'periodStartTime' | 'periodEndTime'>, at: Date, timeZone: string): boolean {
  if (!(s.periodStartDate && s.periodEndDate) && s.periodStartTime === '00:00:00' && s.periodEndTime === '23:59:59') return true;
  const { date, time } = localParts(at, timeZone);
  if (s.periodStartDate && s.periodEndDate) {
    const now = `${date} ${time}`;
    return now >= `${s.periodStartDate} ${s.periodStartTime}` && now <= `${s.periodEndDate} ${s.periodEndTime}`;
  }
  const [start, end] = [s.periodStartTime, s.periodEndTime];
  if (start === '00:00:00' && end === '23:59:59') return true;
  return start <= end ? time >= start && time <= end : time >= start || time <= end;
}

/** Words for the period, for the "not active" message. */
export function describePeriod(s: Pick<ServiceSettings, 'periodStartDate' | 'periodEndDate' | 'periodStartTime' | 'periodEndTime'>): string {
  const hm = (t: string) => t.slice(0, 5);
  if (s.periodStartDate && s.periodEndDate) return `from ${s.periodStartDate} ${hm(s.periodStartTime)} to ${s.periodEndDate} ${hm(s.periodEndTime)}`;
  return `daily from ${hm(s.periodStartTime)} to ${hm(s.periodEndTime)}`;
}

/** The start of the window a conditional limit counts in (rolling: the last hour, day, week or 30 days). */
export function limitWindowStart(window: 'hour' | 'day' | 'week' | 'month' | 'ever', at: Date): string | null {
  const ms = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
  return window === 'ever' ? null : new Date(at.getTime() - ms[window]).toISOString();
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the legacy timestamp form (postbacks, XML). */
export function legacyUtc(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

const STATUS_WORDS: Record<number, string> = { 1: 'valid', 0: 'invalid', [-1]: 'not validated' };

/** A scan status in words (exports, mails, edit history). */
export function statusWord(status: number): string {
  return STATUS_WORDS[status] ?? String(status);
}
