import type { QueuedScan } from './offline-queue';

/** The periods of the scanner's map: today, the last 7 or 30 days (today included), or chosen dates; all in the device's zone. */
export type MapPeriod = 'today' | '7d' | '30d' | 'custom';
export type PeriodChoice = { period: MapPeriod; from?: string | undefined; to?: string | undefined };
export type PeriodRange = { from: string; to: string };

export const periodChoices: readonly { value: MapPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Dates' },
];

/** The longest custom period (the server takes at most 366 days). */
export const MAX_PERIOD_DAYS = 366;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day at local midnight (undefined when it is no real date). */
function localDay(text: string | undefined): Date | undefined {
  const m = text ? DATE.exec(text) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(y, mo - 1, d);
  return day.getFullYear() === y && day.getMonth() === mo - 1 && day.getDate() === d ? day : undefined;
}

/** `YYYY-MM-DD` of a local date. */
export function dayText(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The address's period, read leniently: anything unknown is today. */
export function readPeriod(search: { period?: string | undefined; from?: string | undefined; to?: string | undefined }): PeriodChoice {
  const period = periodChoices.some((c) => c.value === search.period) ? (search.period as MapPeriod) : 'today';
  return period === 'custom' ? { period, from: search.from, to: search.to } : { period };
}

/**
 * The instants [from, to] of a period in the device's time zone: from the first day's local midnight to the
 * last millisecond of the last day. A custom period needs both dates, in order, at most 366 days apart.
 */
export function periodRange(choice: PeriodChoice, now: Date): PeriodRange | { error: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let first: Date;
  let last: Date;
  if (choice.period === 'custom') {
    const start = localDay(choice.from);
    const end = localDay(choice.to);
    if (!start || !end) return { error: 'Choose the first and the last day.' };
    if (end < start) return { error: 'The last day is before the first day.' };
    first = start;
    last = end;
  } else {
    const days = choice.period === '7d' ? 7 : choice.period === '30d' ? 30 : 1;
    first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
    last = today;
  }
  const endExclusive = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  if (Math.round((endExclusive.getTime() - first.getTime()) / 86_400_000) > MAX_PERIOD_DAYS) return { error: `Choose at most ${MAX_PERIOD_DAYS} days.` };
  return { from: first.toISOString(), to: new Date(endExclusive.getTime() - 1).toISOString() };
}

/** "Today", "The last 7 days", "3 May – 9 May 2026". */
export function periodText(choice: PeriodChoice): string {
  if (choice.period === 'today') return 'Today';
  if (choice.period === '7d') return 'The last 7 days';
  if (choice.period === '30d') return 'The last 30 days';
  const start = localDay(choice.from);
  const end = localDay(choice.to);
  if (!start || !end) return 'Chosen dates';
  const format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return start.getTime() === end.getTime() ? format.format(start) : `${format.format(start)} – ${format.format(end)}`;
}

/** A scan waiting on this device, as the map shows it (a location only when the scan carries one). */
export type PendingScan = { clientScanId: string; value: string; scannedAt: string; latitude?: number; longitude?: number };

/** `lat,lng` (optionally `,accuracy`) as numbers, or undefined when it is no place on Earth (the server's rule). */
export function parseGps(text: string | undefined): { latitude: number; longitude: number } | undefined {
  const m = text ? /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*(?:,\s*\d+(?:\.\d+)?\s*)?$/.exec(text) : null;
  if (!m) return undefined;
  const [latitude, longitude] = [Number(m[1]), Number(m[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined;
}

/** The queued scans of one service, newest first, with their location when they have one. */
export function pendingScans(items: readonly QueuedScan[], serviceId: number): PendingScan[] {
  return items
    .filter((item) => item.scan.serviceId === serviceId)
    .map((item): PendingScan => ({ clientScanId: item.clientScanId, value: item.scan.value, scannedAt: item.scan.scannedAt, ...parseGps(item.scan.properties?.gps_location) }))
    .sort((a, b) => b.scannedAt.localeCompare(a.scannedAt));
}

/** The key a loaded reply is kept under on this device: who, which service, which period. */
export function locationsKey(userId: number, serviceId: number, range: PeriodRange): string {
  return `${userId}:${serviceId}:${range.from}:${range.to}`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The counts line: "14 scans · 12 on the map · 2 scans without location". */
export function summaryParts(reply: { total: number; withoutLocation: number; points: readonly unknown[] }): string[] {
  const parts = [count(reply.total, 'scan', 'scans'), `${reply.points.length.toLocaleString('en-US')} on the map`];
  if (reply.withoutLocation > 0) parts.push(`${count(reply.withoutLocation, 'scan', 'scans')} without location`);
  return parts;
}

/** "3 waiting to sync" (and how many of them have no location). */
export function pendingText(pending: readonly PendingScan[]): string {
  const withoutPlace = pending.filter((p) => p.latitude === undefined).length;
  const base = `${pending.length.toLocaleString('en-US')} waiting to sync`;
  return withoutPlace > 0 ? `${base} (${withoutPlace.toLocaleString('en-US')} without location)` : base;
}
