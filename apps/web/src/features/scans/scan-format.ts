import type { ScanStatus } from '@scanbase/contracts/scanner';
import type { DateFormat, TimeFormat } from '@scanbase/contracts/settings';
import { totalText } from '../../ui/page-range';
import type { PeriodMetric, ScanResultName, SearchState } from './search-query';

/** 1,234,567 */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 scan", "2,500 scans", "10,000+ scans" (a total that is not exact). */
export function pluralTotal(total: number, exact: boolean, one: string, many = `${one}s`): string {
  return exact ? plural(total, one, many) : `${totalText(total, false)} ${many}`;
}

/** "1 scan", "2,500 scans". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** The words, colours and contract names of the three results. */
export const resultInfo: readonly { name: ScanResultName; status: ScanStatus; label: string; colour: string; bg: string }[] = [
  { name: 'valid', status: 1, label: 'Valid', colour: '#2e7d32', bg: '#e8f5e9' },
  { name: 'invalid', status: 0, label: 'Invalid', colour: '#c62828', bg: '#fdecea' },
  { name: 'notValidated', status: -1, label: 'Not validated', colour: '#546e7a', bg: '#eef2f6' },
];

/** The colour of a scan's status (map markers, gallery captions). */
export function statusColour(status: ScanStatus): string {
  return resultInfo.find((info) => info.status === status)?.colour ?? '#546e7a';
}

/** A scan's status in words. */
export function statusLabel(status: ScanStatus): string {
  return resultInfo.find((info) => info.status === status)?.label ?? 'Not validated';
}

const metricWords: Record<PeriodMetric, [string, string]> = { hour: ['hour', 'hours'], day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'], year: ['year', 'years'] };

/** A period unit in words for a count: "hour" / "hours". */
export function metricWord(metric: PeriodMetric, n: number): string {
  const [one, many] = metricWords[metric];
  return n === 1 ? one : many;
}

/** The period of a search in words: "All time", "Last 7 days", "From 1 Mar 2026 08:00 to 31 Mar 2026". */
export function periodLabel(state: Pick<SearchState, 'period' | 'pMetric' | 'pNumber' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  if (state.period === 'last') return state.pNumber === 1 ? `Last ${metricWord(state.pMetric, 1)}` : `Last ${formatNumber(state.pNumber)} ${metricWord(state.pMetric, state.pNumber)}`;
  if (state.period !== 'custom' && !state.startDate && !state.endDate) return 'All time';
  const day = (date: string | undefined, time: string | undefined) => {
    if (!date) return '';
    const [y, m, d] = date.split('-').map(Number);
    const text = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
    return time ? `${text} ${time}` : text;
  };
  const start = day(state.startDate, state.startTime);
  const end = day(state.endDate, state.endTime);
  if (start && end) return `${start} to ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'Custom dates (choose them)';
}

function safeFormat(options: Intl.DateTimeFormatOptions, date: Date): string {
  try {
    return new Intl.DateTimeFormat('en-GB', options).format(date);
  } catch {
    const { timeZone: _zone, ...rest } = options;
    return new Intl.DateTimeFormat('en-GB', rest).format(date);
  }
}

/** The account's date and time formats (`account/settings/`), set from the signed-in user record. */
export type DateTimeFormats = { dateFormat: DateFormat; timeFormat: TimeFormat };
export const defaultDateTimeFormats: DateTimeFormats = { dateFormat: 'd MMM yyyy', timeFormat: '24h' };
let formats: DateTimeFormats = defaultDateTimeFormats;

/** Uses the account's formats from now on (the app calls it when the signed-in user record changes). */
export function setDateTimeFormats(next: DateTimeFormats): void {
  formats = next;
}

function partsOf(date: Date, timeZone: string | undefined): Record<string, string> {
  const options: Intl.DateTimeFormatOptions = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  } catch {
    const { timeZone: _zone, ...rest } = options;
    parts = new Intl.DateTimeFormat('en-GB', rest).formatToParts(date);
  }
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** The date part in the account's format: "3 Mar 2026", "03/03/2026", "03/03/2026" (US order) or "2026-03-03". */
function datePart(p: Record<string, string>, date: Date, timeZone: string | undefined, use: DateTimeFormats): string {
  switch (use.dateFormat) {
    case 'dd/MM/yyyy':
      return `${p.day}/${p.month}/${p.year}`;
    case 'MM/dd/yyyy':
      return `${p.month}/${p.day}/${p.year}`;
    case 'yyyy-MM-dd':
      return `${p.year}-${p.month}-${p.day}`;
    default:
      return safeFormat({ timeZone, day: 'numeric', month: 'short', year: 'numeric' }, date);
  }
}

/** The day and month without the year in the account's order: "3 Mar", "03/03", "03/03" (US order), "03-03". */
function dayMonthPart(p: Record<string, string>, date: Date, timeZone: string | undefined, use: DateTimeFormats): string {
  switch (use.dateFormat) {
    case 'dd/MM/yyyy':
      return `${p.day}/${p.month}`;
    case 'MM/dd/yyyy':
      return `${p.month}/${p.day}`;
    case 'yyyy-MM-dd':
      return `${p.month}-${p.day}`;
    default:
      return safeFormat({ timeZone, day: 'numeric', month: 'short' }, date);
  }
}

/** The time part in the account's format: "14:03(:27)" or "2:03(:27) PM". */
function timePart(p: Record<string, string>, use: DateTimeFormats, seconds: boolean): string {
  const hour = Number(p.hour) % 24;
  const rest = seconds ? `${p.minute}:${p.second}` : `${p.minute}`;
  return use.timeFormat === '12h' ? `${hour % 12 === 0 ? 12 : hour % 12}:${rest} ${hour < 12 ? 'AM' : 'PM'}` : `${String(hour).padStart(2, '0')}:${rest}`;
}

/**
 * A date and time in a time zone and the account's formats (`account/settings/`): "3 Mar 2026, 14:03" by
 * default, "2026-03-03, 2:03 PM" with `yyyy-MM-dd` and `12h`; with `seconds`, "…14:03:27". "—" when unreadable.
 */
export function formatAccountDateTime(iso: string | null | undefined, timeZone: string | undefined, options: { seconds?: boolean } = {}, use: DateTimeFormats = formats): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const seconds = options.seconds ?? false;
  if (use.dateFormat === 'd MMM yyyy' && use.timeFormat === '24h') {
    return safeFormat({ timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h23' }, date);
  }
  const p = partsOf(date, timeZone);
  return `${datePart(p, date, timeZone, use)}, ${timePart(p, use, seconds)}`;
}

/** A date alone in a time zone and the account's date format ("3 Mar 2026", "2026-03-03"). */
export function formatAccountDate(iso: string | null | undefined, timeZone: string | undefined, use: DateTimeFormats = formats): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return datePart(partsOf(date, timeZone), date, timeZone, use);
}

/**
 * A scan time for lists in the search's time zone and the account's formats: "3 Mar 2026, 14:03:27" by default;
 * "2026-03-03, 2:03:27 PM" with `yyyy-MM-dd` and `12h`.
 */
export function formatScanDateTime(iso: string, timeZone: string | undefined, use: DateTimeFormats = formats): string {
  return formatAccountDateTime(iso, timeZone, { seconds: true }, use);
}

/**
 * A short time for dense lists in the account's formats: "14:03" (or "2:03 PM") today, "3 Mar, 14:03" (or
 * "03/03, 14:03") this year, the date alone before. With `seconds`, today's time has them ("14:03:27").
 */
export function formatShortTime(iso: string, timeZone: string | undefined, now = new Date(), use: DateTimeFormats = formats, options: { seconds?: boolean; separator?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const p = partsOf(date, timeZone);
  const today = partsOf(now, timeZone);
  if (p.year === today.year && p.month === today.month && p.day === today.day) return timePart(p, use, options.seconds ?? false);
  if (p.year === today.year) return `${dayMonthPart(p, date, timeZone, use)}${options.separator ?? ', '}${timePart(p, use, false)}`;
  return datePart(p, date, timeZone, use);
}

/** "Gate (deleted)" for a deleted service or user. */
export function deletedName(name: string, deleted: boolean): string {
  return deleted ? `${name} (deleted)` : name;
}
