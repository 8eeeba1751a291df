import { Readable } from 'node:stream';
import type { ExportColumn, ExportField } from '@scanbase/contracts';
import { xlsxStream } from '../../platform/xlsx/xlsx-stream.js';
import { dateFormatter } from './export-dates.js';
import { batchRows, csvRow, csvText, defaultPlan, includeOf, jsonText, learnNames, planOf, type Cell, type ExtraColumns, type Plan } from './export-plan.js';
import type { ScanFilter } from './scan-filter.js';
import { ScanExportRepo } from './scan-export.repo.js';
import type { ScansRepo } from './scans.repo.js';

export { csvRow, type ExtraColumns } from './export-plan.js';

export type ExportFormat = 'csv' | 'xlsx' | 'json';

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

/** The header each scan field gets unless a template renames it (the template screen offers these). */
export const fieldHeaders: Record<ExportField, string> = {
  id: 'Scan ID',
  service: 'Service',
  serviceId: 'Service ID',
  user: 'User',
  userId: 'User ID',
  device: 'Device',
  deviceId: 'Device ID',
  value: 'Barcode',
  status: 'Status',
  response: 'Response',
  scannedAt: 'Scanned',
  receivedAt: 'Received',
  modifiedAt: 'Modified',
  uploadId: 'Upload ID',
};

/** A template ready to run: `timeZone` is an IANA zone (a template's `account` already replaced). */
export type ExportLayout = { columns: ExportColumn[]; dateFormat: string; timeZone: string; rowPer: 'scan' | 'answer' };

/** How an export reads (tests and the bench set it): scans per batch. */
export type ExportTuning = { batch?: number };

const BATCH = 2_000;

/** The rows of matching scans, batch by batch, as arrays of cells in header order. */
async function* rowsOf(repo: ScansRepo, accountId: number, filter: ScanFilter, plan: Plan, onRows: (n: number) => void, signal: AbortSignal, batch = BATCH): AsyncGenerator<Cell[][]> {
  let done = 0;
  for await (const read of new ScanExportRepo(repo).exportBatches(accountId, filter, includeOf(plan), batch)) {
    signal.throwIfAborted();
    await learnNames(repo, accountId, plan.names, read.scans);
    const extra = plan.extra ? await plan.extra.forBatch(read.scans) : undefined;
    const out: Cell[][] = [];
    batchRows(plan, read, out, extra);
    yield out;
    done += read.scans.length;
    onRows(done);
  }
}

/**
 * The rows of matching scans in the given columns (one row per scan), batch by batch in id order, with the
 * header: the sheet of a scan-to-excel instance, written with the same readers as template exports.
 */
export function exportRows(repo: ScansRepo, accountId: number, filter: ScanFilter, layout: Omit<ExportLayout, 'rowPer'>, signal: AbortSignal = new AbortController().signal): { header: string[]; rows: AsyncGenerator<Cell[][]> } {
  const plan = planOf(layout.columns, dateFormatter(layout.dateFormat, layout.timeZone), false, false);
  return { header: plan.header, rows: rowsOf(repo, accountId, filter, plan, () => undefined, signal) };
}

/**
 * Streams the scans matching a filter as CSV (UTF-8 with BOM, formula injection neutralised), XLSX (inline
 * text cells, which spreadsheets never run as formulas; see xlsx-stream.ts) or JSON (an array of objects keyed by header). With a
 * template: its columns, headers, date format, zone and rows per answer; without one the default columns;
 * `extra` columns (a table's current cells) after them, repeated on each row of a scan.
 * `onRows` is told how many scans are written so far. Answers the byte stream; the caller stores it.
 */
export async function exportScans(repo: ScansRepo, accountId: number, filter: ScanFilter, format: ExportFormat, onRows: (n: number) => void, signal: AbortSignal, template?: ExportLayout, extra?: ExtraColumns, tuning: ExportTuning = {}): Promise<Readable> {
  const plan = template ? planOf(template.columns, dateFormatter(template.dateFormat, template.timeZone), template.rowPer === 'answer', false) : await defaultPlan(repo, accountId, filter);
  if (extra && extra.header.length > 0) {
    plan.extra = extra;
    plan.header.push(...extra.header);
  }
  const head = plan.header;
  const rows = rowsOf(repo, accountId, filter, plan, onRows, signal, tuning.batch);
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield `\uFEFF${csvRow(head)}`;
        for await (const batch of rows) yield csvText(batch);
      })(),
    );
  }
  if (format === 'json') {
    return Readable.from(
      (async function* () {
        yield '[';
        let first = true;
        for await (const batch of rows) {
          if (batch.length === 0) continue;
          yield (first ? '' : ',') + jsonText(head, batch);
          first = false;
        }
        yield ']\n';
      })(),
    );
  }
  return xlsxStream('Scans', head, rows);
}
