import { startImport } from '@scanbase/contracts/databases';
import type { z } from 'zod';

export type ImportBody = z.output<typeof startImport.body>;

/** What the first rows of the file look like (the `databases/import-preview` reply). */
export type ImportPreview = { format: 'csv' | 'xlsx'; rows: string[][]; columns: number };

/** The mapping form: which column holds what ('none' = not in the file), and how to read the rows. */
export type MappingForm = {
  value: number;
  response: number | 'none';
  validity: number | 'none';
  hasHeader: boolean;
  trim: boolean;
  onError: 'skip' | 'abort';
};

const HEADER_WORDS = /^(values?|barcodes?|codes?|tickets?|ids?|numbers?|responses?|messages?|names?|descriptions?|text|valid|validity|status|active)$/i;
// Column names are matched anywhere in the header cell ("Guest name", "Ticket code").
const VALUE_WORDS = /value|barcode|code|ticket|serial|sku|number|\bid\b/i;
const RESPONSE_WORDS = /response|message|name|description|text|info/i;
const VALIDITY_WORDS = /valid|status|active/i;

const clean = (cell: string | undefined) => (cell ?? '').trim();

/** A column's letter as spreadsheets show it: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "Column B" or, with a header row, "Column B · Barcode". */
export function columnLabel(index: number, header: readonly string[] | null): string {
  const name = header ? clean(header[index]) : '';
  return name ? `Column ${columnLetter(index)} · ${name}` : `Column ${columnLetter(index)}`;
}

/** Whether the first row names the columns: one of its cells is a usual column name (value, barcode, response, valid, …). */
export function looksLikeHeader(rows: readonly (readonly string[])[]): boolean {
  const first = rows[0];
  if (!first) return false;
  return first.some((cell) => HEADER_WORDS.test(clean(cell)));
}

/** Whether every filled cell of a column (after the header) is 0 or 1, i.e. it can be the validity. */
function isFlagColumn(rows: readonly (readonly string[])[], column: number): boolean {
  const cells = rows.map((row) => clean(row[column])).filter((cell) => cell !== '');
  return cells.length > 0 && cells.every((cell) => cell === '0' || cell === '1');
}

/**
 * The mapping to start from. With a header row the columns are found by name; without one the
 * usual layout is assumed: value, response, then validity (only when that column holds 0/1).
 * Bad rows are skipped and reported by default, so one typo does not stop a large import.
 */
export function guessMapping(preview: ImportPreview): MappingForm {
  const hasHeader = looksLikeHeader(preview.rows);
  const columns = Math.max(preview.columns, 1);
  const data = hasHeader ? preview.rows.slice(1) : preview.rows;
  const base = { hasHeader, trim: true, onError: 'skip' as const };
  if (hasHeader) {
    const header = (preview.rows[0] ?? []).map(clean);
    const find = (words: RegExp, taken: number[]) => header.findIndex((cell, index) => words.test(cell) && !taken.includes(index));
    const foundValue = find(VALUE_WORDS, []);
    const value = foundValue >= 0 ? foundValue : 0;
    const response = find(RESPONSE_WORDS, [value]);
    const validity = find(VALIDITY_WORDS, [value, response]);
    return { ...base, value, response: response >= 0 ? response : 'none', validity: validity >= 0 ? validity : 'none' };
  }
  return {
    ...base,
    value: 0,
    response: columns > 1 ? 1 : 'none',
    validity: columns > 2 && isFlagColumn(data, 2) ? 2 : 'none',
  };
}

/** Problems with a mapping, by field (one column cannot hold two things). */
export function mappingIssues(form: MappingForm): Partial<Record<'response' | 'validity', string>> {
  const issues: Partial<Record<'response' | 'validity', string>> = {};
  if (form.response === form.value) issues.response = 'This column already holds the value';
  if (form.validity !== 'none' && (form.validity === form.value || form.validity === form.response)) issues.validity = 'This column already holds the value or the response';
  return issues;
}

/** The `databases/import-start` parameters of a mapping, checked with the contract's schema. */
export function importBody(id: number, form: MappingForm): ImportBody {
  return startImport.body.parse({
    id,
    columns: { value: form.value, response: form.response === 'none' ? null : form.response, validity: form.validity === 'none' ? null : form.validity },
    hasHeader: form.hasHeader,
    trim: form.trim,
    onError: form.onError,
  });
}

/** How a data row will be read with this mapping (for the preview under the mapping). */
export function readPreviewRow(row: readonly string[], form: MappingForm): { value: string; response: string; valid: boolean; problem: string | null } {
  const raw = row[form.value] ?? '';
  const value = form.trim ? raw.trim() : raw;
  const response = form.response === 'none' ? '' : (row[form.response] ?? '');
  // The server marks a value invalid only for a 0; anything else (1, yes, empty) is valid.
  const valid = form.validity === 'none' ? true : clean(row[form.validity]) !== '0';
  const problem = value === '' ? 'Empty value: this row will be rejected' : [...value].length > 500 ? 'Longer than 500 characters: rejected' : null;
  return { value, response, valid, problem };
}

/** The standard layout of Scanbase's own files (value, response, validity) for the one-step record upload. */
export function standardMapping(rows: readonly (readonly string[])[]): MappingForm {
  const first = (rows[0] ?? []).map((cell) => clean(cell).toLowerCase());
  const hasHeader = first[0] === 'value' || looksLikeHeader(rows);
  return { value: 0, response: 1, validity: 2, hasHeader, trim: true, onError: 'skip' };
}
