// One filter model for every way scans are searched: the legacy `scans/retrieve`, the V2 search of the
// scans screens, exports and bulk removal all map their parameters onto this, and the repository turns
// it into SQL in one place.

/** A text match on a scan column. */
export type TextMatch = { text: string; exact: boolean; caseInsensitive: boolean };

/** Which timestamp date filters and sorting use. */
export type TimeField = 'scanned_at' | 'received_at' | 'modified_at';

export type ScanFilter = {
  scanIds?: number[];
  serviceIds?: number[];
  /** Scans of services of these validation methods. */
  serviceTypes?: string[];
  userIds?: number[];
  deviceIds?: number[];
  uploadIds?: number[];
  statuses?: number[];
  keyword?: string;
  value?: TextMatch;
  response?: TextMatch;
  answer?: TextMatch;
  /** Time window, ISO instants, on `timeFields` (several fields: any of them in the window). */
  from?: string;
  to?: string;
  timeFields?: TimeField[];
  /** Exact property matches and non-matches, property presence and absence. */
  withProperties?: [string, string][];
  withoutProperties?: [string, string][];
  includeProperties?: string[];
  excludeProperties?: string[];
  /** A property value match, on one property name or on any. */
  property?: { name?: string | undefined; value: string; exact: boolean };
  /** Modified more (`>`) or less (`<`) than this many milliseconds before now. */
  modifiedDiff?: { op: '<' | '>'; ms: number };
  /** Only the latest scan of each value. */
  onlyRecent?: boolean;
  /** Scans of deleted services / app users are left out unless asked for. */
  includeDeletedServices?: boolean;
  includeDeletedUsers?: boolean;
};

export const sortKeys = ['barcode', 'device_name', 'device_id', 'response', 'scan_id', 'service_id', 'service_name', 'status', 'timestamp', 'timestamp_received', 'timestamp_modified', 'user_id', 'user_name'] as const;
export type SortKey = (typeof sortKeys)[number];
export type ScanSort = { key: SortKey; desc: boolean }[];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a time zone from UTC at an instant, in milliseconds (formatters are kept: building one is costly). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    if (formatters.size > 1_000) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
}

/** True for a time zone name Intl knows. */
export function isTimeZoneName(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The UTC instant of a wall-clock date and time in a time zone (`YYYY-MM-DD`, `HH:MM:SS`). */
export function zonedToUtc(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  let guess = wall - zoneOffsetMs(wall, timeZone);
  // Around a daylight-saving change the offset at the guess can differ: correct once.
  guess = wall - zoneOffsetMs(guess, timeZone);
  return new Date(guess).toISOString();
}

/** An instant as `YYYY-MM-DD HH:MM:SS` wall-clock time in a time zone. */
export function formatInZone(iso: string, timeZone: string): string {
  const at = new Date(iso).getTime();
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` when valid. */
export function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** `HH:MM` or `HH:MM:SS` as `HH:MM:SS` when valid. */
export function normalTime(text: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return [h, mi, s].map((x) => String(x).padStart(2, '0')).join(':');
}

const UNIT_MS: Record<string, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000, year: 365 * 86_400_000 };

/** `> 1 hour`, `<30 minutes`: the legacy `modified_diff`. */
export function parseModifiedDiff(text: string): { op: '<' | '>'; ms: number } | undefined {
  const m = /^\s*([<>])\s*(\d{1,9})\s*(second|minute|hour|day|week|month|year)s?\s*$/i.exec(text);
  if (!m) return undefined;
  return { op: m[1] as '<' | '>', ms: Number(m[2]) * (UNIT_MS[m[3]!.toLowerCase()] ?? 0) };
}

/** The length of "the last N units" (`period` + `p_metric` + `p_number` of the search screen). */
export function periodMs(metric: string, n: number): number | undefined {
  const unit = UNIT_MS[metric.replace(/s$/, '').toLowerCase()];
  return unit === undefined ? undefined : unit * n;
}
