import { lateHoursOf, type LogisticsEvent, type LogisticsPackage, type LogisticsPackagesReply, type LogisticsSettings, type LogisticsTimelineReply } from '@scanbase/contracts';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import type { MapConfig } from '../../scans/scan-insights.service.js';
import { storedTypeSettings } from '../type-settings.js';
import { logisticsType, packageKey, parseGps } from '../types/logistics.js';
import { LogisticsRepo, type LateCutoff, type PackageRow } from './logistics.repo.js';

/** The most scans a package's timeline shows. */
export const TIMELINE_MAX = 500;

/** The late rules of an instance at `now`: per non-final stage with hours, the time before which a package there is late. */
export function lateCutoffs(settings: LogisticsSettings, now: Date): LateCutoff[] {
  const out: LateCutoff[] = [];
  settings.stages.forEach((stage, index) => {
    const hours = lateHoursOf(settings, index);
    if (hours !== null) out.push({ stage: stage.name, before: new Date(now.getTime() - hours * 3_600_000).toISOString() });
  });
  return out;
}

function toPackage(row: PackageRow, settings: LogisticsSettings, now: Date): LogisticsPackage {
  const stageIndex = settings.stages.findIndex((s) => s.name === row.stage);
  const hours = row.final ? null : lateHoursOf(settings, stageIndex);
  const late = hours !== null && new Date(row.since).getTime() < now.getTime() - hours * 3_600_000;
  return { value: row.value, stage: row.stage, stageIndex, final: row.final, since: row.since, late, latitude: row.latitude, longitude: row.longitude, by: row.by, moves: row.moves };
}

/** The package list and timelines of logistics instances (the rules at scan time are in `types/logistics.ts`). */
export class LogisticsService {
  private readonly repo: LogisticsRepo;

  constructor(private readonly deps: { db: Db; map: MapConfig }) {
    this.repo = new LogisticsRepo(deps.db.kysely, deps.db.dialect);
  }

  private async settings(accountId: number, id: number): Promise<LogisticsSettings> {
    const row = await this.repo.instance(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', `Logistics service ${id} does not exist.`);
    return storedTypeSettings(logisticsType, row.type_settings) as LogisticsSettings;
  }

  /** Where every package is; `late` keeps the late ones (oldest first). */
  async packages(accountId: number, q: { id: number; page: number; limit: number; search?: string | undefined; late: boolean }): Promise<LogisticsPackagesReply> {
    const settings = await this.settings(accountId, q.id);
    const now = new Date();
    const { rows, total, counts } = await this.repo.list(accountId, q.id, { search: q.search?.trim() || undefined, lateOnly: q.late, cutoffs: lateCutoffs(settings, now), offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: rows.map((r) => toPackage(r, settings, now)), total, page: q.page, limit: q.limit, counts, stages: settings.stages.map((s) => s.name) };
  }

  /** A package's current stage and its scans, oldest first (by the scanned value or its SSCC). */
  async timeline(accountId: number, q: { id: number; value: string }): Promise<LogisticsTimelineReply> {
    const settings = await this.settings(accountId, q.id);
    const key = packageKey(q.value.trim());
    const [row, rows] = await Promise.all([this.repo.get(accountId, q.id, key), this.repo.timeline(accountId, q.id, key, TIMELINE_MAX + 1)]);
    const events = rows.slice(0, TIMELINE_MAX).map((r): LogisticsEvent => {
      const gps = parseGps(r.gps ?? undefined);
      return {
        scanId: r.id, stage: r.stage, status: r.status === 1 ? 1 : r.status === 0 ? 0 : -1, response: r.response, scannedAt: r.scanned_at, by: r.by,
        latitude: gps?.latitude ?? null, longitude: gps?.longitude ?? null, recipient: r.recipient, photoAnswerId: r.photoAnswerId, signatureAnswerId: r.signatureAnswerId,
      };
    });
    return { package: row ? toPackage(row, settings, new Date()) : null, events, truncated: rows.length > TIMELINE_MAX, tileUrl: this.deps.map.tileUrl, attribution: this.deps.map.attribution };
  }
}
