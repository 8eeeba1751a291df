import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine } from '../../platform/csv/csv-file.js';
import type { ScanFilter } from './scan-filter.js';
import type { ScanListRow, ScansRepo } from './scans.repo.js';
import { legacyUtc, statusWord } from './validation-rules.js';

export type ExportFormat = 'csv' | 'xlsx' | 'json';


export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

type Columns = { questions: { question_id: number; question_text: string }[]; properties: string[] };

/** The header of an export: the scan's fields, then one column per question answered, then one per property. */
function header(cols: Columns): string[] {
  return ['Scan ID', 'Service', 'User', 'Device', 'Barcode', 'Status', 'Response', 'Scanned (UTC)', 'Received (UTC)', 'Modified (UTC)', 'Upload ID', ...cols.questions.map((q) => q.question_text), ...cols.properties];
}

/** The rows of matching scans, batch by batch, as arrays of cells in header order. */
async function* rowsOf(repo: ScansRepo, accountId: number, filter: ScanFilter, cols: Columns, onRows: (n: number) => void, signal: AbortSignal): AsyncGenerator<(string | number)[][]> {
  let done = 0;
  for await (const batch of repo.iterate(accountId, filter)) {
    signal.throwIfAborted();
    const ids = batch.map((r) => r.id);
    const [answers, properties] = await Promise.all([repo.answersOf(accountId, ids), cols.properties.length > 0 ? repo.propertiesOf(accountId, ids) : Promise.resolve([])]);
    yield batch.map((r: ScanListRow) => [
      r.id, r.service_name, r.user_name ?? '', r.device_name ?? '', r.value, statusWord(r.status), r.response,
      legacyUtc(r.scanned_at), legacyUtc(r.received_at), legacyUtc(r.modified_at), r.upload_id ?? '',
      ...cols.questions.map((q) => answers.filter((a) => a.scan_id === r.id && a.question_id === q.question_id).map((a) => a.answer).join('|^|')),
      ...cols.properties.map((name) => properties.find((p) => p.scan_id === r.id && p.name === name)?.value ?? ''),
    ]);
    done += batch.length;
    onRows(done);
  }
}

/**
 * Streams the scans matching a filter as CSV (UTF-8 with BOM, formula injection neutralised), XLSX (text
 * cells, which spreadsheets never run as formulas) or JSON (an array of objects keyed by header). Answers
 * the byte stream; the caller stores it.
 */
export async function exportScans(repo: ScansRepo, accountId: number, filter: ScanFilter, format: ExportFormat, onRows: (n: number) => void, signal: AbortSignal): Promise<Readable> {
  const cols = await repo.columnsOf(accountId, filter);
  const head = header(cols);
  const rows = rowsOf(repo, accountId, filter, cols, onRows, signal);
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield `\uFEFF${csvLine(head)}`;
        for await (const batch of rows) yield batch.map((cells) => csvLine(cells)).join('');
      })(),
    );
  }
  if (format === 'json') {
    return Readable.from(
      (async function* () {
        yield '[';
        let first = true;
        for await (const batch of rows) {
          const text = batch.map((cells) => JSON.stringify(Object.fromEntries(head.map((h, i) => [h, cells[i]])))).join(',');
          yield (first ? '' : ',') + text;
          first = false;
        }
        yield ']\n';
      })(),
    );
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Scans');
  void (async () => {
    try {
      sheet.addRow(head).commit();
      for await (const batch of rows) {
        for (const cells of batch) sheet.addRow(cells).commit();
        // exceljs ignores backpressure: wait for the reader to drain what is queued.
        if (out.writableNeedDrain) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
