import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { bytesOf, CsvParseError, csvRecordsOffThread } from '../../platform/csv/csv-parse-thread.js';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { NewValue } from './databases.repo.js';
import { MAX_VALUE_LENGTH, valueKey } from './database-values.js';
import { xlsxRows } from './databases.xlsx.js';

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
/** What an import tells its caller along the way. */
export type ImportHooks = {
  onProgress?: ((p: ImportProgress) => void) | undefined;
  /** Every rejected row with its value cell (a background import writes them all to a CSV file). */
  onRejected?: ((r: RejectedRow & { value: string }) => void | Promise<void>) | undefined;
};
/** Rows of a file, in arrays (one await per array instead of per row keeps a 1M-row import cheap). */
export type RowBatches = AsyncIterable<string[][]>;
export type TableFormat = 'csv' | 'xlsx';

/** "2 values imported into Tickets, 1 row rejected (from nightly.csv)." The summary of a values import, run or request. */
export function valuesImportedSummary(report: Pick<ImportReport, 'imported' | 'rejected'>, databaseName: string, from: string): string {
  const counted = (x: number, one: string) => `${x.toLocaleString('en-US')} ${one}${x === 1 ? '' : 's'}`;
  return `${counted(report.imported, 'value')} imported into ${databaseName}${report.rejected > 0 ? `, ${counted(report.rejected, 'row')} rejected` : ''} (${from}).`;
}

const BATCH = 4000;
const READ_CHUNK = 1000;
const REPORTED = 1000;
const DEFAULT_COLUMNS: ColumnMapping = { value: 0, response: 1, validity: 2 };

/** CSV or XLSX: a zip ("PK") or an `.xlsx` name is XLSX, anything else is read as CSV. */
export function tableFormat(filename: string, head: Buffer): TableFormat {
  return /\.xlsx$/i.test(filename) || (head[0] === 0x50 && head[1] === 0x4b) ? 'xlsx' : 'csv';
}

/** The rows of a CSV or XLSX stream, in arrays. */
export function fileRows(stream: Readable, format: TableFormat): RowBatches {
  return format === 'xlsx' ? xlsxRows(stream, READ_CHUNK) : csvRows(stream);
}

/** Reads an object-mode stream in arrays of up to `size` items. */
async function* inBatches<T>(stream: Readable, size: number): AsyncGenerator<T[]> {
  // Set by the stream's events (an object, so the checks below are not narrowed away).
  const state: { wake: (() => void) | null; failure: Error | null; ended: boolean } = { wake: null, failure: null, ended: false };
  const notify = () => {
    const w = state.wake;
    state.wake = null;
    w?.();
  };
  const onError = (error: Error) => {
    state.failure ??= error;
    notify();
  };
  const onEnd = () => {
    state.ended = true;
    notify();
  };
  stream.on('readable', notify).on('end', onEnd).on('error', onError).on('close', notify);
  try {
    for (;;) {
      const batch: T[] = [];
      for (let item = stream.read() as T | null; item !== null; item = batch.length < size ? (stream.read() as T | null) : null) batch.push(item);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      const failure = state.failure ?? stream.errored;
      if (failure !== null) throw failure;
      if (state.ended || stream.readableEnded) return;
      if (stream.closed) throw new Error('The file ended early.');
      await new Promise<void>((resolve) => (state.wake = resolve));
    }
  } finally {
    stream.off('readable', notify).off('end', onEnd).off('error', onError).off('close', notify);
    if (!state.ended) stream.destroy();
  }
}

/** How a file's CSV is read, on either thread. */
const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } satisfies Options;
/** A file larger than this is parsed on a thread of its own (starting one costs more than parsing a small file). */
export const CSV_OFF_THREAD_FROM = 1 << 20;

/** CSV records of a small file as string arrays (csv-parse keeps a few records at a time). */
async function* csvRowsHere(head: Buffer[]): AsyncGenerator<string[][]> {
  yield* inBatches<string[]>(Readable.from(head).pipe(parse(CSV_OPTIONS)), READ_CHUNK);
}

/** CSV records as string arrays, streamed; a large file is parsed on its own thread while its rows are stored. */
export async function* csvRows(stream: Readable): AsyncGenerator<string[][]> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<unknown>;
  try {
    const head: Buffer[] = [];
    let size = 0;
    let whole = false;
    while (size < CSV_OFF_THREAD_FROM) {
      const next = await chunks.next();
      if (next.done === true) {
        whole = true;
        break;
      }
      const chunk = bytesOf(next.value);
      head.push(chunk);
      size += chunk.length;
    }
    yield* whole ? csvRowsHere(head) : csvRecordsOffThread(head, chunks, CSV_OPTIONS);
  } catch (error) {
    if (error instanceof CsvError || error instanceof CsvParseError) throw new CodedError('VALIDATION_FAILED', 1019, `The CSV file could not be read: ${error.message}`);
    throw error;
  } finally {
    if (!stream.destroyed) stream.destroy();
  }
}

// Only 0 marks a value invalid; anything else is valid (a header row is imported as data).
function parseValidity(raw: string | undefined): number {
  return raw === undefined || raw === '' || raw === '1' ? 1 : raw.trim() === '0' ? 0 : 1;
}

/** Checks one row; answers the value to store or the reason it was refused. */
function readRow(cells: string[], caseSensitive: boolean, o: ImportOptions, cols: ColumnMapping): NewValue | string {
  if (o.maxColumns !== undefined && cells.length > o.maxColumns) return `more than ${o.maxColumns} columns`;
  const raw = cells[cols.value] ?? '';
  const value = o.trim ? raw.trim() : raw;
  if (value === '') return 'empty value';
  if (value.length > MAX_VALUE_LENGTH && [...value].length > MAX_VALUE_LENGTH) return `value longer than ${MAX_VALUE_LENGTH} characters`;
  const validity = parseValidity(cols.validity === null || cols.validity === undefined ? undefined : cells[cols.validity]);
  const response = cols.response === null || cols.response === undefined ? '' : (cells[cols.response] ?? '');
  return { value, key: valueKey(value, caseSensitive), response, validity };
}

/** Walks the rows: good ones go to `accept`, bad ones are counted and reported (or abort the import). */
async function walkRows(rows: RowBatches, caseSensitive: boolean, o: ImportOptions, hooks: ImportHooks, abortOnBadRow: boolean, accept: (v: NewValue, report: ImportReport) => Promise<void> | undefined): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, imported: 0, rejected: 0, rejectedRows: [] };
  const cols = o.columns ?? DEFAULT_COLUMNS;
  let line = 0;
  for await (const chunk of rows) {
    for (const cells of chunk) {
      line++;
      if (line === 1 && o.hasHeader) continue;
      report.rows++;
      const result = readRow(cells, caseSensitive, o, cols);
      if (typeof result === 'string') {
        if (abortOnBadRow) throw new CodedError('VALIDATION_FAILED', 1019, `Row ${line}: ${result}. Nothing was imported.`, { row: line, reason: result });
        report.rejected++;
        if (report.rejectedRows.length < REPORTED) report.rejectedRows.push({ row: line, reason: result });
        if (hooks.onRejected) await hooks.onRejected({ row: line, reason: result, value: cells[cols.value] ?? '' });
        continue;
      }
      report.imported++;
      const pending = accept(result, report);
      if (pending) await pending;
    }
  }
  if (line === 0) throw new CodedError('VALIDATION_FAILED', 1019, 'The file holds no rows.');
  return report;
}

/**
 * Validates rows and writes them in batches through `write` (inside the caller's transaction, or
 * into a staging file), with the number of rows read so far.
 */
export async function importRows(rows: RowBatches, caseSensitive: boolean, o: ImportOptions, write: (batch: NewValue[], rowsRead: number) => Promise<void>, hooks: ImportHooks = {}): Promise<ImportReport> {
  // Keyed by value_key so a value repeated within a batch is written once (the last one wins).
  let batch = new Map<string, NewValue>();
  const flush = async (rowsRead: number) => {
    if (batch.size === 0) return;
    const values = [...batch.values()];
    batch = new Map();
    await write(values, rowsRead);
  };
  const report = await walkRows(rows, caseSensitive, o, hooks, o.onError === 'abort', (v, sofar) => {
    batch.set(v.key, v);
    if (batch.size < BATCH) return undefined;
    return flush(sofar.rows).then(() => hooks.onProgress?.({ rows: sofar.rows }));
  });
  await flush(report.rows);
  hooks.onProgress?.({ rows: report.rows });
  return report;
}

/** The first rows of a file (for the import preview); stops reading after `count` rows. */
export async function previewRows(rows: RowBatches, count: number): Promise<string[][]> {
  const out: string[][] = [];
  for await (const chunk of rows) {
    for (const r of chunk) {
      out.push(r);
      if (out.length >= count) return out;
    }
  }
  return out;
}
