import { stringify } from 'csv-stringify/sync';

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Sheets.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises spreadsheet formula injection: a leading `'` keeps the text as text. */
export function safeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV file (UTF-8 with BOM so Excel reads accents) from a header and rows, every cell made safe. */
export function csvFile(header: string[], rows: unknown[][]): Buffer {
  const body = stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: '\r\n' });
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(body)]);
}
