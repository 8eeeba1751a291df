import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { BlobStorage } from '../storage/blob-storage.js';

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Sheets.
const FORMULA_START = /^[=+\-@\t\r]/;
// csv-stringify quotes a cell holding its record delimiter (CRLF) but not a bare LF or CR, which would split the row.
const LINE_BREAK = /[\r\n]/;

/** Neutralises spreadsheet formula injection: a leading `'` keeps the text as text. */
export function safeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV file (UTF-8 with BOM so Excel reads accents) from a header and rows, every cell made safe. */
export function csvFile(header: string[], rows: unknown[][]): Buffer {
  const body = stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: '\r\n', quoted_match: LINE_BREAK });
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(body)]);
}

/** One CSV line (CRLF), every cell made safe. */
export function csvLine(cells: unknown[]): string {
  return stringify([cells.map(safeCell)], { record_delimiter: '\r\n', quoted_match: LINE_BREAK });
}

/** A CSV file written row by row into blob storage (never whole in memory). */
export class CsvStreamWriter {
  private readonly out = new PassThrough();
  private readonly stored: Promise<number>;
  rows = 0;

  constructor(storage: BlobStorage, key: string, header: string[]) {
    this.stored = storage.putStream(key, this.out, 'text/csv; charset=utf-8');
    // Until close() awaits it, a failure must not be an unhandled rejection.
    this.stored.catch(() => undefined);
    // abort() destroys `out` with an error; until putStream's pipeline listens (after it has made
    // the folder), that error would otherwise be uncaught. The pipeline still sees it.
    this.out.on('error', () => undefined);
    this.out.write(`\uFEFF${csvLine(header)}`);
  }

  /** Adds a row, waiting while the storage side catches up. */
  async write(cells: unknown[]): Promise<void> {
    this.rows++;
    if (!this.out.write(csvLine(cells))) await once(this.out, 'drain');
  }

  /** Finishes the file; answers its size in bytes. */
  async close(): Promise<number> {
    this.out.end();
    return this.stored;
  }

  /** Gives up: nothing is stored. */
  abort(): void {
    this.out.destroy(new Error('The CSV file was abandoned.'));
  }
}
