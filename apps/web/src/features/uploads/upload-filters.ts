import type { listUploads, UploadRow } from '@scanbase/contracts/scan-data';
import type { z } from 'zod';

// The uploads screen's filters as they sit in the address (spec: s, u, d = service, user and device
// ids; sd/st and ed/et = start and end date/time; u_deleted, s_deleted; page, limit) and the
// `uploads/list` body they make.

export type UploadFilters = {
  page: number;
  limit: number;
  serviceIds: number[];
  userIds: number[];
  deviceIds: number[];
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  uDeleted: boolean;
  sDeleted: boolean;
};

export type UploadsBody = z.input<typeof listUploads.body>;

export const DEFAULT_LIMIT = 50;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{1,2}:\d{2}(:\d{2})?$/;

/** Ids from an address parameter ("3,7,12"); anything that is not a positive whole number is dropped. */
export function parseIdList(text: string | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}

/** Ids as an address parameter (undefined when there are none, so the parameter disappears). */
export function idListParam(ids: readonly number[]): string | undefined {
  return ids.length > 0 ? ids.join(',') : undefined;
}

/** An on/off parameter: `1` or `true` is on. */
export function flagParam(text: string | undefined): boolean {
  return text === '1' || text === 'true';
}

const whole = (text: string | undefined, fallback: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The filters of the address's query parameters (as text). */
export function uploadFiltersFrom(search: Record<string, string>): UploadFilters {
  return {
    page: whole(search.page, 1, 1_000_000),
    limit: whole(search.limit, DEFAULT_LIMIT, 500),
    serviceIds: parseIdList(search.s),
    userIds: parseIdList(search.u),
    deviceIds: parseIdList(search.d),
    startDate: search.sd ?? '',
    startTime: search.st ?? '',
    endDate: search.ed ?? '',
    endTime: search.et ?? '',
    uDeleted: flagParam(search.u_deleted),
    sDeleted: flagParam(search.s_deleted),
  };
}

/** Problems of the date-time range, by parameter (`sd`, `st`, `ed`, `et`); a request is sent only without them. */
export function rangeProblems(f: UploadFilters): Partial<Record<'sd' | 'st' | 'ed' | 'et', string>> {
  const problems: Partial<Record<'sd' | 'st' | 'ed' | 'et', string>> = {};
  if (f.startDate && !DATE.test(f.startDate)) problems.sd = 'Use YYYY-MM-DD';
  if (f.endDate && !DATE.test(f.endDate)) problems.ed = 'Use YYYY-MM-DD';
  if (f.startTime && !TIME.test(f.startTime)) problems.st = 'Use HH:MM';
  else if (f.startTime && !f.startDate) problems.st = 'Choose a start date too';
  if (f.endTime && !TIME.test(f.endTime)) problems.et = 'Use HH:MM';
  else if (f.endTime && !f.endDate) problems.et = 'Choose an end date too';
  if (!problems.sd && !problems.ed && !problems.st && !problems.et && f.startDate && f.endDate) {
    const start = `${f.startDate} ${(f.startTime || '00:00').padStart(5, '0')}`;
    const end = `${f.endDate} ${(f.endTime || '23:59:59').padStart(5, '0')}`;
    if (end < start) problems.ed = 'The end is before the start';
  }
  return problems;
}

/** The `uploads/list` body of the filters (dates are read in the account's time zone by the server). */
export function uploadsBody(f: UploadFilters): UploadsBody {
  const body: UploadsBody = { page: f.page, limit: f.limit, uDeleted: f.uDeleted, sDeleted: f.sDeleted };
  if (f.serviceIds.length > 0) body.serviceIds = f.serviceIds;
  if (f.userIds.length > 0) body.userIds = f.userIds;
  if (f.deviceIds.length > 0) body.deviceIds = f.deviceIds;
  if (f.startDate) body.startDate = f.startDate;
  if (f.startDate && f.startTime) body.startTime = f.startTime;
  if (f.endDate) body.endDate = f.endDate;
  if (f.endDate && f.endTime) body.endTime = f.endTime;
  return body;
}

/** How many filters narrow the list (the phone's "Filters (2)" button). */
export function activeFilterCount(f: UploadFilters): number {
  return [f.serviceIds.length > 0, f.userIds.length > 0, f.deviceIds.length > 0, Boolean(f.startDate || f.startTime), Boolean(f.endDate || f.endTime), f.uDeleted, f.sDeleted].filter(Boolean).length;
}

/** The address parameters that clear every filter (page and limit go too). */
export const clearedFilters: Record<string, undefined> = { s: undefined, u: undefined, d: undefined, sd: undefined, st: undefined, ed: undefined, et: undefined, u_deleted: undefined, s_deleted: undefined, page: undefined };

/** Wall-clock date (`YYYY-MM-DD`) and time (`HH:MM:SS`) of an instant in a time zone. */
export function zonedParts(at: Date, timeZone: string | undefined): { date: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
}

/** How far around an upload's time its scans are looked for: they are received in the same request, within seconds. */
const WINDOW_BEFORE_MS = 5_000;
const WINDOW_AFTER_MS = 120_000;

/**
 * The scan search showing an upload's scans. The search has no upload filter, so it narrows by the
 * upload's service, user and device and a received-time window around the upload (in `timeZone`,
 * passed as `tz`); another batch of the same device in that window would show too.
 */
export function uploadScansHref(upload: UploadRow, timeZone: string | undefined): string {
  const at = new Date(upload.createdAt).getTime();
  const start = zonedParts(new Date(at - WINDOW_BEFORE_MS), timeZone);
  const end = zonedParts(new Date(at + WINDOW_AFTER_MS), timeZone);
  const query = new URLSearchParams({ service_ids: String(upload.service.id) });
  if (upload.user) query.set('user_ids', String(upload.user.id));
  if (upload.device) query.set('device_ids', String(upload.device.id));
  query.set('data_received', '1');
  query.set('period', 'custom');
  query.set('start_date', start.date);
  query.set('start_time', start.time);
  query.set('end_date', end.date);
  query.set('end_time', end.time);
  if (timeZone) query.set('tz', timeZone);
  if (upload.service.deleted) query.set('s_deleted', '1');
  if (upload.user?.deleted) query.set('u_deleted', '1');
  return `/account/scans/search/full/?${query.toString()}`;
}
