import { legacyAction } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyParams } from '../../platform/http/legacy/legacy-params.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import type { ParamMap } from '../../platform/xml/xml-reader.js';
import { el, textEl, type XmlNode } from '../../platform/xml/xml-writer.js';
import { formatInZone, isDate, isTimeZoneName, normalTime, parseModifiedDiff, sortKeys, zonedToUtc, type ScanFilter, type ScanSort, type SortKey, type TimeField } from './scan-filter.js';
import type { ScanCountsRepo } from './scan-counts.repo.js';
import type { ScansRepo } from './scans.repo.js';
import { noWebhookEvents, type WebhookEvents } from '../webhooks/webhook-events.js';

const DEFAULT_ZONE = 'America/New_York';
/** The largest paging offset taken: far past any real result, and safe for both databases' integers. */
const MAX_OFFSET = 2_000_000_000;

/** A legacy id list where `all` means no filter. */
function ids(params: LegacyParams, name: string, code: number): number[] | undefined {
  const list = params.idList(name, code);
  return list === 'all' ? undefined : list;
}

function pairs(map: ParamMap | undefined): [string, string][] {
  if (!map) return [];
  return Object.entries(map).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => [k, x] as [string, string]) : []));
}

function names(params: LegacyParams, name: string): string[] | undefined {
  const v = params.get(name)?.trim();
  if (!v) return undefined;
  return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** The time zone of a call: an IANA name, `account` (the account's zone), or the documented default. */
async function zoneOf(params: LegacyParams, accountZone: () => Promise<string>): Promise<string> {
  const tz = params.get('timezone')?.trim();
  if (tz) {
    if (tz.toLowerCase() === 'account') return accountZone();
    if (!isTimeZoneName(tz)) throw new LegacyError(50, `Unknown timezone: ${tz}`);
    return tz;
  }
  const offset = params.get('timezone_offset')?.trim();
  if (offset) {
    if (offset.toLowerCase() === 'account') return accountZone();
    const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
    if (!m || m[3] !== '00') throw new LegacyError(50, 'timezone_offset must look like +08:00 or -03:00 (whole hours).');
    // Etc/GMT zones have the sign the other way round.
    const hours = Number(m[2]);
    return hours === 0 ? 'UTC' : `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
  }
  return DEFAULT_ZONE;
}

/** Reads the `scans/retrieve` variables into a filter, a sort and a page. */
export async function legacyScanQuery(params: LegacyParams, accountZone: () => Promise<string>) {
  const zone = await zoneOf(params, accountZone);
  const f: ScanFilter = { includeDeletedServices: true, includeDeletedUsers: true };
  const serviceIds = ids(params, 'service_id', 200);
  if (serviceIds) f.serviceIds = serviceIds;
  const deviceIds = ids(params, 'device_id', 410);
  if (deviceIds) f.deviceIds = deviceIds;
  const userIds = ids(params, 'user_id', 300);
  if (userIds) f.userIds = userIds;
  const scanIds = ids(params, 'scan_id', 135);
  if (scanIds) f.scanIds = scanIds;
  const uploadIds = ids(params, 'upload_id', 50);
  if (uploadIds) f.uploadIds = uploadIds;
  const status = params.get('status')?.trim();
  if (status && status.toLowerCase() !== 'all') {
    const list = status.split(',').map((s) => s.trim());
    if (!list.every((s) => s === '1' || s === '0' || s === '-1')) throw new LegacyError(50, 'status must be 1, 0, -1, a comma list of them, or all.');
    f.statuses = list.map(Number);
  }
  const keyword = params.get('keyword')?.trim();
  if (keyword) f.keyword = keyword;
  const value = params.get('value');
  if (value !== undefined && value !== '') f.value = { text: value, exact: true, caseInsensitive: false };
  else if (params.has('valuelike')) f.value = { text: params.get('valuelike')!, exact: false, caseInsensitive: true };
  const response = params.get('response');
  if (response !== undefined && response !== '') f.response = { text: response, exact: true, caseInsensitive: false };
  else if (params.has('responselike')) f.response = { text: params.get('responselike')!, exact: false, caseInsensitive: true };

  const received = params.get('timestamp_received')?.trim();
  const modified = params.get('timestamp_modified')?.trim();
  const fields: TimeField[] = [];
  if (received === '1') fields.push('received_at');
  if (modified === '1') fields.push('modified_at');
  f.timeFields = fields.length > 0 ? fields : ['scanned_at'];
  const day = (name: string) => {
    const v = params.get(name)?.trim();
    if (!v) return undefined;
    if (!isDate(v)) throw new LegacyError(50, `${name} must be YYYY-MM-DD.`);
    return v;
  };
  const clock = (name: string, fallback: string) => {
    const v = params.get(name)?.trim();
    if (!v) return fallback;
    const t = normalTime(v);
    if (!t) throw new LegacyError(50, `${name} must be HH:mm:ss.`);
    return t;
  };
  const [startDate, endDate] = [day('start_date'), day('end_date')];
  if (startDate) f.from = zonedToUtc(startDate, clock('start_time', '00:00:00'), zone);
  if (endDate) f.to = new Date(new Date(zonedToUtc(endDate, clock('end_time', '23:59:59'), zone)).getTime() + 999).toISOString();

  const withP = pairs(params.map('with_property'));
  if (withP.length > 0) f.withProperties = withP;
  const withoutP = pairs(params.map('without_property'));
  if (withoutP.length > 0) f.withoutProperties = withoutP;
  const include = names(params, 'includeProperty');
  if (include) f.includeProperties = include;
  const exclude = names(params, 'excludeProperty');
  if (exclude) f.excludeProperties = exclude;
  const diff = params.get('modified_diff')?.trim();
  if (diff) {
    const parsed = parseModifiedDiff(diff);
    if (!parsed) throw new LegacyError(50, 'modified_diff must look like "> 1 hour" (second, minute, hour, day, month, year).');
    f.modifiedDiff = parsed;
  }
  if (params.flag('only_recent', false)) f.onlyRecent = true;

  const sort: ScanSort = [];
  const orderBy = params.get('order_by')?.trim();
  if (orderBy) {
    for (const raw of orderBy.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')) {
      const desc = raw.endsWith('_desc');
      const key = (desc ? raw.slice(0, -5) : raw) as SortKey;
      if (!sortKeys.includes(key)) throw new LegacyError(50, `order_by: unknown key ${raw}. Use ${sortKeys.join(', ')}, each optionally with _desc.`);
      sort.push({ key, desc });
    }
  }
  if (params.get('order_desc') !== undefined) {
    if (sort.length === 0) sort.push({ key: 'timestamp', desc: true });
    else for (const s of sort) s.desc = true;
  }
  if (sort.length === 0) sort.push({ key: 'timestamp', desc: false });

  const limit = params.wholeNumber('limit', { min: 1, max: 10_000, fallback: 10_000 });
  // The reference applies offset only together with limit.
  const offset = params.has('limit') ? params.wholeNumber('offset', { min: 0, max: MAX_OFFSET, fallback: 0 }) : 0;
  return { filter: f, sort, page: { limit, offset }, zone, showProperties: params.flag('showProperties', false), received, modified };
}

/** Property names become element names: anything an XML name cannot hold becomes `_`. */
function xmlName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** The `scans`, `uploads` and `scan_properties` sections. */
export function scansLegacy(repo: ScansRepo, counts: ScanCountsRepo, accountZone: (accountId: number) => Promise<string>, events: WebhookEvents = noWebhookEvents): Record<string, LegacySection> {
  return {
    scans: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const q = await legacyScanQuery(params, () => accountZone(auth.accountId));
          // `<count>` is the exact number of matches (clients page with it): from the counters when they answer the filter, else counted in full.
          const [{ rows }, { total }] = await Promise.all([repo.search(auth.accountId, q.filter, q.sort, q.page, false), counts.count(auth.accountId, q.filter)]);
          const scanIds = rows.map((r) => r.id);
          const [answers, properties] = await Promise.all([repo.answersOf(auth.accountId, scanIds), q.showProperties ? repo.propertiesOf(auth.accountId, scanIds) : Promise.resolve([])]);
          const stamp = (iso: string) => formatInZone(iso, q.zone);
          return [
            textEl('count', total),
            ...rows.map((r): XmlNode => {
              const props = properties.filter((p) => p.scan_id === r.id);
              return el(
                'scan',
                { id: r.id },
                textEl('device', r.device_name ?? '', { id: r.device_id ?? '' }),
                textEl('service', r.service_name, { id: r.service_id }),
                textEl('user', r.user_name ?? '', { id: r.app_user_id ?? '' }),
                textEl('status', r.status),
                textEl('tid', r.value),
                textEl('result', r.response),
                textEl('timestamp', stamp(r.scanned_at)),
                q.received === '1' || q.received === '2' ? textEl('timestamp_received', stamp(r.received_at)) : null,
                q.modified === '1' || q.modified === '2' ? textEl('timestamp_modified', stamp(r.modified_at)) : null,
                answers.filter((a) => a.scan_id === r.id).map((a) => textEl('answer', a.answer, { qid: a.question_id, qtext: a.question_text })),
                q.showProperties ? el('properties', {}, props.map((p) => textEl(xmlName(p.name), p.value))) : null,
              );
            }),
          ];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          const list = params.idList('scan_id', 804);
          if (list === undefined) throw new LegacyError(135, 'Missing scan_id.');
          if (list === 'all') throw new LegacyError(804, 'Scan could not be deleted: name the scan ids.');
          const found = await repo.search(auth.accountId, { scanIds: list, includeDeletedServices: true, includeDeletedUsers: true }, [], { limit: list.length, offset: 0 }, false);
          if (found.rows.length !== list.length) throw new LegacyError(804, `Scan could not be deleted: ${list.find((id) => !found.rows.some((r) => r.id === id))} does not exist.`);
          await repo.deleteScans(auth.accountId, list);
          await events.emit(auth.accountId, found.rows.map((r) => ({ type: 'scan.deleted' as const, serviceId: r.service_id, data: { id: r.id, serviceId: r.service_id, value: r.value, scannedAt: r.scanned_at } })));
          return [];
        }),
      },
    },
    uploads: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const f: { serviceIds?: number[]; userIds?: number[]; deviceIds?: number[] } = {};
          const s = ids(params, 'service_id', 200);
          if (s) f.serviceIds = s;
          const u = ids(params, 'user_id', 300);
          if (u) f.userIds = u;
          const d = ids(params, 'device_id', 410);
          if (d) f.deviceIds = d;
          const limit = params.wholeNumber('limit', { min: 1, max: 10_000, fallback: 10_000 });
          const offset = params.has('limit') ? params.wholeNumber('offset', { min: 0, max: MAX_OFFSET, fallback: 0 }) : 0;
          const zone = await accountZone(auth.accountId);
          const { rows, total } = await repo.uploads(auth.accountId, f, { limit, offset });
          return [
            textEl('count', total),
            ...rows.map((r) => el('upload', { id: r.id, device_id: r.device_id ?? '', service_id: r.service_id, user_id: r.app_user_id ?? '', status: r.status, count: r.count, timestamp: formatInZone(r.created_at, zone) })),
          ];
        }),
      },
    },
    scan_properties: {
      actions: {
        create: legacyAction(async ({ params, auth }) => setProperty(repo, params, auth.accountId)),
        update: legacyAction(async ({ params, auth }) => setProperty(repo, params, auth.accountId)),
        retrieve: legacyAction(async ({ params, auth }) => {
          const list = params.idList('scan_id', 135);
          if (list === undefined || list === 'all' || list.length !== 1) throw new LegacyError(135, 'Name one scan_id.');
          const value = await repo.getProperty(auth.accountId, list[0]!, params.require('name'));
          if (value === undefined) throw new LegacyError(50, 'The scan has no property with that name.');
          return [textEl('value', value)];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          const list = params.idList('scan_id', 135);
          if (list === undefined || list === 'all') throw new LegacyError(135, 'Missing scan_id.');
          await repo.deleteProperty(auth.accountId, list, params.require('name'));
          return [];
        }),
      },
    },
  };
}

async function setProperty(repo: ScansRepo, params: LegacyParams, accountId: number): Promise<XmlNode[]> {
  const list = params.idList('scan_id', 135);
  if (list === undefined || list === 'all') throw new LegacyError(135, 'Missing scan_id.');
  const name = params.require('name');
  const value = params.get('value') ?? '';
  if (name.length > 100 || value.length > 100) throw new LegacyError(50, 'name and value may hold at most 100 characters each.');
  const done = await repo.setProperty(accountId, list, name, value);
  if (done.length !== list.length) throw new LegacyError(135, `Scan ${list.find((id) => !done.includes(id))} does not exist.`);
  return [];
}
