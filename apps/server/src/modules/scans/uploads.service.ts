import type { listUploads, UploadRow } from '@scanbase/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { isDate, normalTime, zonedToUtc } from './scan-filter.js';
import { searchZone } from './scan-search.service.js';
import type { UploadFilter, UploadsRepo } from './uploads.repo.js';

type Query = z.output<typeof listUploads.body>;

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

/** A wall-clock date and time of the screen as a UTC instant (`endOfSecond`: the last millisecond of that second). */
function instant(date: string, time: string | undefined, fallback: string, zone: string, paths: [string, string], endOfSecond: boolean): string {
  if (!isDate(date)) throw invalid(paths[0], 'There is no such date.');
  const clock = time === undefined ? fallback : normalTime(time);
  if (clock === undefined) throw invalid(paths[1], 'Use a time from 00:00 to 23:59.');
  const at = zonedToUtc(date, clock, zone);
  return endOfSecond ? new Date(Date.parse(at) + 999).toISOString() : at;
}

/** The uploads screen: batches devices sent, with how their scans were judged. */
export class UploadsService {
  constructor(private readonly deps: { repo: UploadsRepo; accountZone: (accountId: number) => Promise<string> }) {}

  /** Uploads matching the screen's filters, newest first, with counts of valid, invalid and not validated scans. */
  async list(accountId: number, q: Query): Promise<{ items: UploadRow[]; total: number; page: number; limit: number }> {
    const zone = searchZone(q, await this.deps.accountZone(accountId));
    const f: UploadFilter = { serviceIds: q.serviceIds, userIds: q.userIds, deviceIds: q.deviceIds, includeDeletedServices: q.sDeleted, includeDeletedUsers: q.uDeleted };
    if (q.startDate) f.from = instant(q.startDate, q.startTime, '00:00:00', zone, ['startDate', 'startTime'], false);
    if (q.endDate) f.to = instant(q.endDate, q.endTime, '23:59:59', zone, ['endDate', 'endTime'], true);
    if (f.from !== undefined && f.to !== undefined && f.from > f.to) throw invalid('endDate', 'The end is before the start.');

    const { rows, total } = await this.deps.repo.list(accountId, f, { limit: q.limit, offset: (q.page - 1) * q.limit });
    const counts = await this.deps.repo.statusCounts(accountId, rows.map((r) => r.id));
    const items = rows.map((r): UploadRow => {
      const mine = counts.filter((c) => c.upload_id === r.id);
      const of = (status: number) => mine.find((c) => c.status === status)?.n ?? 0;
      return {
        id: r.id,
        service: { id: r.service_id, name: r.service_name, deleted: r.service_deleted_at !== null },
        user: r.app_user_id === null ? null : { id: r.app_user_id, name: r.user_name ?? '', deleted: r.user_deleted_at !== null },
        device: r.device_id === null ? null : { id: r.device_id, name: r.device_name ?? '' },
        // `count` is how many scans the upload brought in (kept on the upload); the three below count those still stored.
        count: r.count,
        valid: of(1),
        invalid: of(0),
        notValidated: of(-1),
        createdAt: r.created_at,
      };
    });
    return { items, total, page: q.page, limit: q.limit };
  }
}
