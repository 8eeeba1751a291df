import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { NewValue } from './databases.repo.js';
import { MAX_VALUE_LENGTH, valueKey } from './database-values.js';

/** Which column (0-based) holds what; the legacy default is value, response, validity. */
export type ColumnMapping = { value: number; response?: number | null | undefined; validity?: number | null | undefined };

export type ImportOptions = {
  trim: boolean;
  /** Skip the first row (a header). The legacy upload imports a header row as data. */
  hasHeader?: boolean | undefined;
  columns?: ColumnMapping | undefined;
  /** Refuse rows with more columns than this (the legacy upload allows 3). */
  maxColumns?: number | undefined;
  /** 'abort': the first bad row rolls the whole import back; 'skip': bad rows are reported and left out. */
  onError: 'abort' | 'skip';
  /**
   * 'end' (default): one transaction, all or nothing. 'batch': each batch commits on its own, so a
   * long background import does not hold SQLite's single connection (the rest of the app keeps
   * answering); a run cut short is completed by running it again (values are upserted).
   */
  commit?: 'end' | 'batch' | undefined;
};

export type ImportProgress = { rows: number };
export type RejectedRow = { row: number; reason: string };
export type ImportReport = { rows: number; imported: number; rejected: number; rejectedRows: RejectedRow[] };

const BATCH = 2000;
const REPORTED = 1000;

/** CSV records as string arrays, streamed (csv-parse keeps one record at a time). */
export async function* csvRows(stream: Readable): AsyncGenerator<string[]> {
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  stream.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof CsvError) throw new CodedError('VALIDATION_FAILED', 1019, `The CSV file could not be read: ${error.message}`);
    throw error;
  }
}

// Only 0 marks a value invalid; anything else is valid (a header row is imported as data).
function parseValidity(raw: string | undefined): number {
  return (raw ?? '').trim() === '0' ? 0 : 1;
}

/** Checks one row; answers the value to store or the reason it was refused. */
function readRow(cells: string[], caseSensitive: boolean, o: ImportOptions): NewValue | string {
  const cols = o.columns ?? { value: 0, response: 1, validity: 2 };
  if (o.maxColumns !== undefined && cells.length > o.maxColumns) return `more than ${o.maxColumns} columns`;
  const raw = cells[cols.value] ?? '';
  const value = o.trim ? raw.trim() : raw;
  if (value === '') return 'empty value';
  if (value.length > MAX_VALUE_LENGTH && [...value].length > MAX_VALUE_LENGTH) return `value longer than ${MAX_VALUE_LENGTH} characters`;
  const validity = parseValidity(cols.validity === null || cols.validity === undefined ? undefined : cells[cols.validity]);
  const response = cols.response === null || cols.response === undefined ? '' : (cells[cols.response] ?? '');
  return { value, key: valueKey(value, caseSensitive), response, validity };
}

/** Validates rows and writes them in batches through `write` (inside the caller's transaction). */
export async function importRows(rows: AsyncIterable<string[]>, caseSensitive: boolean, o: ImportOptions, write: (batch: NewValue[]) => Promise<void>, onProgress?: (p: ImportProgress) => void): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, imported: 0, rejected: 0, rejectedRows: [] };
  // Keyed by value_key so a value repeated within a batch is written once (the last one wins).
  let batch = new Map<string, NewValue>();
  const flush = async () => {
    if (batch.size === 0) return;
    await write([...batch.values()]);
    batch = new Map();
  };
  let line = 0;
  for await (const cells of rows) {
    line++;
    if (line === 1 && o.hasHeader) continue;
    report.rows++;
    const result = readRow(cells, caseSensitive, o);
    if (typeof result === 'string') {
      if (o.onError === 'abort') throw new CodedError('VALIDATION_FAILED', 1019, `Row ${line}: ${result}. Nothing was imported.`, { row: line, reason: result });
      report.rejected++;
      if (report.rejectedRows.length < REPORTED) report.rejectedRows.push({ row: line, reason: result });
      continue;
    }
    batch.set(result.key, result);
    report.imported++;
    if (batch.size >= BATCH) {
      await flush();
      onProgress?.({ rows: report.rows });
    }
  }
  await flush();
  if (line === 0) throw new CodedError('VALIDATION_FAILED', 1019, 'The file holds no rows.');
  onProgress?.({ rows: report.rows });
  return report;
}

/** The first rows of a CSV (for the import preview); stops reading after `count` rows. */
export async function previewRows(rows: AsyncIterable<string[]>, count: number): Promise<string[][]> {
  const out: string[][] = [];
  for await (const r of rows) {
    out.push(r);
    if (out.length >= count) break;
  }
  return out;
}
