import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';

/** The text of one cell as a person would read it (rich text, links and formula results included). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    if (o.error !== undefined) return o.error;
  }
  return '';
}

/** The rows of the first worksheet of an XLSX stream, as text, streamed in arrays of up to `chunk` rows (shared strings are cached). */
export async function* xlsxRows(stream: Readable, chunk = 1000): AsyncGenerator<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  try {
    for await (const sheet of reader) {
      let batch: string[][] = [];
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
        batch.push(Array.from({ length: values.length }, (_, i) => cellText(values[i])));
        if (batch.length >= chunk) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      return;
    }
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw new CodedError('VALIDATION_FAILED', 1019, `The XLSX file could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
