import type { Readable } from 'node:stream';
import { scanToExcelSettings, SCAN_TO_EXCEL_LINK_PREFIX, type ExportColumn, type ScanToExcelColumn, type ScanToExcelSettings } from '@scanbase/contracts';
import { hashSecret, newSecret } from '../../../platform/auth/tokens.js';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { xlsxStream, type XlsxCell } from '../../../platform/xlsx/xlsx-stream.js';
import { exportRows } from '../../scans/scan-export.js';
import { parseGpsLocation } from '../../scans/scan-insights.service.js';
import type { ScanFilter } from '../../scans/scan-filter.js';
import type { ShortLinksService } from '../../short-links/short-links.service.js';
import type { ScansRepo } from '../../scans/scans.repo.js';
import { SpecializedRepo } from '../specialized.repo.js';
import { storedTypeSettings } from '../type-settings.js';
import { scanToExcelType } from '../types/scan-to-excel.js';
import { ScanToExcelRepo } from './scan-to-excel.repo.js';

/** The scan property the scanner stores its position in (`lat,lng[,accuracy]`). */
const GPS_PROPERTY = 'gps_location';
/** A link token: 43 URL-safe characters (256 bits). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's columns as the export's columns; GPS columns read the `gps_location` property and are split afterwards. */
export function sheetLayout(columns: ScanToExcelColumn[]): { columns: ExportColumn[]; gps: Map<number, 'latitude' | 'longitude'> } {
  const gps = new Map<number, 'latitude' | 'longitude'>();
  const out = columns.map((c, i): ExportColumn => {
    if (c.kind !== 'gps') return c;
    gps.set(i, c.part);
    return { kind: 'property', name: GPS_PROPERTY, header: c.header };
  });
  return { columns: out, gps };
}

/** A row's GPS cells as numbers (blank when the scan has no valid position). */
function splitGps(cells: XlsxCell[], gps: Map<number, 'latitude' | 'longitude'>): XlsxCell[] {
  for (const [i, part] of gps) {
    const at = parseGpsLocation(String(cells[i] ?? ''));
    cells[i] = at ? at[part] : '';
  }
  return cells;
}

/** A file name made of safe characters. */
function fileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim().slice(0, 80) || 'scans'}.xlsx`;
}

/** A sheet ready to send: its file name and the XLSX bytes as they are written. */
export type SheetFile = { name: string; contentType: string; body: Readable };

/** Scan-to-excel instances beyond the generic specialized routes: the table view, the XLSX sheet and its secret link. */
export class ScanToExcelService {
  constructor(private readonly deps: { db: Db; scans: ScansRepo; publicUrl: string; shortLinks?: ShortLinksService }) {}

  private get repo() {
    return new ScanToExcelRepo(this.deps.db.kysely, this.deps.db.dialect);
  }

  /** The instance with its parsed settings and the account's time zone; another account's id or another type answers NOT_FOUND. */
  private async instance(accountId: number, id: number): Promise<{ name: string; settings: ScanToExcelSettings; timeZone: string }> {
    const specialized = new SpecializedRepo(this.deps.db.kysely, this.deps.db.dialect);
    const row = await specialized.get(accountId, id);
    if (!row || row.specialized_type !== 'scan-to-excel') throw new AppError('NOT_FOUND', `Scan-to-Excel service ${id} does not exist.`);
    const settings = scanToExcelSettings.parse(storedTypeSettings(scanToExcelType, row.type_settings));
    return { name: row.name, settings, timeZone: await specialized.timeZone(accountId) };
  }

  /** The instance's scans, scans of app users deleted since included. */
  private filter(id: number, scanIds?: number[]): ScanFilter {
    return { serviceIds: [id], includeDeletedUsers: true, ...(scanIds ? { scanIds } : {}) };
  }

  /** A page of the sheet, newest scan first. */
  async rows(accountId: number, q: { id: number; page: number; limit: number }): Promise<{ header: string[]; rows: { scanId: number; cells: XlsxCell[] }[]; total: number }> {
    const inst = await this.instance(accountId, q.id);
    const layout = sheetLayout(inst.settings.columns);
    const { ids, total } = await this.repo.page(accountId, q.id, (q.page - 1) * q.limit, q.limit);
    const header = inst.settings.columns.map((c) => c.header);
    if (ids.length === 0) return { header, rows: [], total };
    // The scan id is read as a last, hidden column: each row finds its place in the newest-first page by it.
    const columns: ExportColumn[] = [...layout.columns, { kind: 'field', field: 'id', header: 'id' }];
    const { rows } = exportRows(this.deps.scans, accountId, this.filter(q.id, ids), { columns, dateFormat: inst.settings.dateFormat, timeZone: inst.timeZone });
    const byId = new Map<number, XlsxCell[]>();
    for await (const batch of rows) for (const cells of batch) byId.set(Number(cells.pop()), splitGps(cells, layout.gps));
    return { header, rows: ids.flatMap((scanId) => { const cells = byId.get(scanId); return cells ? [{ scanId, cells }] : []; }), total };
  }

  /** The whole sheet as an XLSX file, streamed batch by batch (memory stays flat at any size). */
  async sheet(accountId: number, id: number): Promise<SheetFile> {
    const inst = await this.instance(accountId, id);
    const layout = sheetLayout(inst.settings.columns);
    const { header, rows } = exportRows(this.deps.scans, accountId, this.filter(id), { columns: layout.columns, dateFormat: inst.settings.dateFormat, timeZone: inst.timeZone });
    const split = async function* () {
      for await (const batch of rows) yield batch.map((cells) => splitGps(cells, layout.gps));
    };
    return { name: fileName(inst.name), contentType: XLSX_TYPE, body: xlsxStream(inst.name, header, split()) };
  }

  async linkInfo(accountId: number, id: number): Promise<{ exists: boolean; createdAt: string | null }> {
    await this.instance(accountId, id);
    const createdAt = await this.repo.link(accountId, id);
    return { exists: createdAt !== undefined, createdAt: createdAt ?? null };
  }

  /** A new secret link (the previous one stops working); only its hash is kept, so this answer is the one time it is shown. */
  async linkCreate(accountId: number, id: number): Promise<{ url: string; path: string; createdAt: string; shortUrl: string | null }> {
    const inst = await this.instance(accountId, id);
    const token = newSecret();
    const createdAt = await this.repo.setLink(accountId, id, hashSecret(token));
    const path = `${SCAN_TO_EXCEL_LINK_PREFIX}${token}.xlsx`;
    // The previous link's short link stops with it; the new one's token is sealed, never stored in clear.
    await this.deps.shortLinks?.revokeFor(accountId, 'scan-to-excel', id);
    const short = await this.deps.shortLinks?.createFor(accountId, null, { target: path, shownTarget: `${SCAN_TO_EXCEL_LINK_PREFIX}….xlsx`, label: `Download link of ${inst.name}`, source: 'scan-to-excel', sourceId: id });
    return { url: `${this.deps.publicUrl}${path}`, path, createdAt, shortUrl: short?.shortUrl ?? null };
  }

  async linkRevoke(accountId: number, id: number): Promise<void> {
    await this.instance(accountId, id);
    await this.repo.deleteLink(accountId, id);
    await this.deps.shortLinks?.revokeFor(accountId, 'scan-to-excel', id);
  }

  /** The sheet a link opens, or undefined for a malformed, unknown or revoked token (or a deleted instance). */
  async byLink(file: string): Promise<SheetFile | undefined> {
    const token = file.endsWith('.xlsx') ? file.slice(0, -5) : file;
    if (!TOKEN.test(token)) return undefined;
    const found = await this.repo.byToken(hashSecret(token));
    if (!found) return undefined;
    return this.sheet(found.accountId, found.serviceId);
  }
}
