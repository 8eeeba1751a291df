import { SEARCH_COUNT_CAP, type ScanDetail, type ScanStatus, type scanFilters, type searchScans } from '@scanbase/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { toScanRow } from './scan-capture.service.js';
import { isTimeZoneName, normalTime, periodMs, zonedToUtc, type ScanFilter, type ScanSort, type SortKey } from './scan-filter.js';
import { counterFilter, type ScanCountsRepo } from './scan-counts.repo.js';
import { isOwnSortKey, type ScanListRow, type ScansRepo } from './scans.repo.js';

type Query = z.output<typeof searchScans.body>;
type Filters = z.output<typeof scanFilters>;

const SORT: Record<Query['sortBy'], SortKey> = {
  scanned_at: 'timestamp', received_at: 'timestamp_received', modified_at: 'timestamp_modified', value: 'barcode', response: 'response', status: 'status', service: 'service_name', user: 'user_name', device: 'device_name', id: 'scan_id',
};
const RESULT: Record<string, ScanStatus> = { valid: 1, invalid: 0, notValidated: -1 };

/** The zone a search's dates are read in: `tz` when Intl knows it, else the account's. */
export function searchZone(q: { tz?: string | undefined }, accountZone: string): string {
  return q.tz && isTimeZoneName(q.tz) ? q.tz : accountZone;
}

/** Turns the scans screen's query into a filter and a sort (dates are wall-clock times in `tz`, or the account's zone). */
export function searchFilter(q: Filters, accountZone: string, now = Date.now()): { filter: ScanFilter; sort: ScanSort } {
  const zone = searchZone(q, accountZone);
  const f: ScanFilter = { includeDeletedServices: q.sDeleted, includeDeletedUsers: q.uDeleted };
  if (q.value) f.value = { text: q.value, exact: q.exactValue, caseInsensitive: q.valueCi };
  if (q.response) f.response = { text: q.response, exact: q.exactResponse, caseInsensitive: q.responseCi };
  if (q.answer) f.answer = { text: q.answer, exact: q.exactAnswer, caseInsensitive: true };
  if (q.propertyName && q.propertyValue !== undefined && q.propertyValue !== '') f.withProperties = [[q.propertyName, q.propertyValue]];
  else if (q.propertyName) f.includeProperties = [q.propertyName];
  if (q.property) f.property = { value: q.property, exact: q.exactProperty };
  if (q.scanIds) f.scanIds = q.scanIds;
  if (q.recentScan) f.onlyRecent = true;
  if (q.serviceIds) f.serviceIds = q.serviceIds;
  if (q.userIds) f.userIds = q.userIds;
  if (q.deviceIds) f.deviceIds = q.deviceIds;
  if (q.category) f.serviceTypes = [q.category];
  if (q.result && q.result.length > 0) f.statuses = q.result.map((r) => RESULT[r]!);
  f.timeFields = [q.dataReceived ? 'received_at' : 'scanned_at'];
  if (q.period === 'last') {
    f.from = new Date(now - (periodMs(q.pMetric, q.pNumber) ?? 0)).toISOString();
  } else if (q.period === 'custom' || q.startDate || q.endDate) {
    if (q.startDate) f.from = zonedToUtc(q.startDate, normalTime(q.startTime ?? '00:00') ?? '00:00:00', zone);
    if (q.endDate) f.to = new Date(new Date(zonedToUtc(q.endDate, normalTime(q.endTime ?? '23:59:59') ?? '23:59:59', zone)).getTime() + 999).toISOString();
    if (f.from && f.to && f.from > f.to) throw new AppError('VALIDATION_FAILED', 'The end is before the start.', [{ path: 'endDate', message: 'The end is before the start' }]);
  }
  return { filter: f, sort: [{ key: SORT[q.sortBy], desc: q.sortOrder === 'desc' }] };
}

/** Search for the scans screens: rows with answers and properties. */
export class ScanSearchService {
  constructor(private readonly deps: { repo: ScansRepo; counts: ScanCountsRepo; accountZone: (accountId: number) => Promise<string> }) {}

  /** A page and the total: exact from the counters when they answer the filters, else counted up to SEARCH_COUNT_CAP unless `countAll`. */
  async search(accountId: number, q: Query): Promise<{ items: ScanDetail[]; total: number; totalExact: boolean; page: number; limit: number }> {
    const { filter, sort } = searchFilter(q, await this.deps.accountZone(accountId));
    const page = { limit: q.limit, offset: (q.page - 1) * q.limit };
    const only = sort.length === 1 ? sort[0] : undefined;
    if (only && isOwnSortKey(only.key)) {
      // One property match sorted by time or id: the page and the count come from the property index alone.
      const matches = await this.deps.repo.pageOfPropertyMatches(accountId, filter, { key: only.key, desc: only.desc }, page, q.countAll ? undefined : SEARCH_COUNT_CAP);
      if (matches) {
        const exact = q.countAll || matches.matched <= SEARCH_COUNT_CAP;
        const rows = await this.deps.repo.rowsByIds(accountId, matches.ids);
        return { items: await this.details(accountId, rows), total: exact ? matches.matched : SEARCH_COUNT_CAP, totalExact: exact, page: q.page, limit: q.limit };
      }
    }
    if (!q.countAll && only && isOwnSortKey(only.key) && !counterFilter(filter)) {
      // A filter the counters cannot answer (text, properties…): one query reads up to 10,001 matches without a
      // sort, then sorts those and counts them. When they are all there, that is the exact total and the page, so
      // the matches are found once instead of twice (count, then page). The page query alone can be slow here:
      // PostgreSQL reads the time or id index backwards hoping to meet 50 matches soon, and when the matches are
      // bunched in older scans it reads most of the table first.
      const first = await this.deps.repo.pageOfFirstMatches(accountId, filter, { key: only.key, desc: only.desc }, page, SEARCH_COUNT_CAP);
      let counted = first.matched;
      if (counted === undefined && page.offset === 0) counted = 0;
      if (counted === undefined) {
        // A page past the matches: how many there are, as usual.
        const c = await this.deps.counts.count(accountId, filter, SEARCH_COUNT_CAP);
        counted = c.exact ? c.total : SEARCH_COUNT_CAP + 1;
      }
      if (counted <= SEARCH_COUNT_CAP) {
        const rows = await this.deps.repo.rowsByIds(accountId, first.ids);
        return { items: await this.details(accountId, rows), total: counted, totalExact: true, page: q.page, limit: q.limit };
      }
      // Past the cap the matches are many, and the page query meets 50 of them soon.
      const { rows } = await this.deps.repo.search(accountId, filter, sort, page, false);
      return { items: await this.details(accountId, rows), total: SEARCH_COUNT_CAP, totalExact: false, page: q.page, limit: q.limit };
    }
    const [{ rows }, counted] = await Promise.all([
      this.deps.repo.search(accountId, filter, sort, page, false),
      this.deps.counts.count(accountId, filter, q.countAll ? undefined : SEARCH_COUNT_CAP),
    ]);
    return { items: await this.details(accountId, rows), total: counted.total, totalExact: counted.exact, page: q.page, limit: q.limit };
  }

  /** Rows with their answers and properties. */
  async details(accountId: number, rows: ScanListRow[]): Promise<ScanDetail[]> {
    const ids = rows.map((r) => r.id);
    const [answers, properties] = await Promise.all([this.deps.repo.answersOf(accountId, ids), this.deps.repo.propertiesOf(accountId, ids)]);
    return rows.map((r) => ({
      ...toScanRow(r),
      answers: answers.filter((a) => a.scan_id === r.id).map((a) => ({ answerId: a.id, questionId: a.question_id, questionText: a.question_text, answer: a.answer, hasFile: a.file_key !== null })),
      properties: Object.fromEntries(properties.filter((p) => p.scan_id === r.id).map((p) => [p.name, p.value])),
    }));
  }
}

