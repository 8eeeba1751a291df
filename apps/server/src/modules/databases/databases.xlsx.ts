import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { default as Unzipper, Entry, ParseStream } from 'unzipper';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { lazyPackage } from '../../platform/lazy-package.js';

// Only XLSX imports read them (about 20 MB of the server's memory together): loaded by the first one, with
// `require`. An `await import()` here once made a valid file read as if its workbook part were missing
// ("reading 'sheets'") when the whole suite ran; `require` loads the same CommonJS modules a static import did.
const excelPackage = lazyPackage<typeof ExcelJS>('exceljs');
const unzipperPackage = lazyPackage<typeof Unzipper>('unzipper');

/** What one XLSX file may unpack to: every entry's inflated bytes together, and rows of the sheet read. */
export type XlsxLimits = { maxInflatedBytes: number; maxRows: number };

/**
 * A 3.5 MB XLSX can hold shared strings that inflate to gigabytes, which the reader caches in
 * memory; 200 MB of XML is far beyond any real import. Excel itself stops at 1,048,576 rows.
 */
export const XLSX_LIMITS: XlsxLimits = { maxInflatedBytes: 200 * 1_048_576, maxRows: 1_048_576 };

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576).toLocaleString('en-US')} MB`;

/**
 * Passes the zip bytes on to the real reader while a second zip parser inflates every entry only
 * to count the bytes (declared sizes are checked first, but they can lie). Past the limit the
 * source stops and the reader's input ends, so the reader gives up within about one chunk; the
 * caller then throws `failure()`.
 */
function inflationGuard(source: Readable, maxBytes: number, parseZip: () => ParseStream): { stream: Readable; failure(): CodedError | undefined } {
  const forReader = new PassThrough();
  const forCounter = new PassThrough();
  let failure: CodedError | undefined;
  let inflated = 0;
  let declared = 0;
  const stop = () => {
    if (failure) return;
    failure = new CodedError('VALIDATION_FAILED', 1019, `The XLSX file unpacks to more than ${mb(maxBytes)}; split it into smaller files.`);
    source.unpipe(forReader);
    source.unpipe(forCounter);
    source.destroy();
    forCounter.destroy();
    forReader.end();
  };
  const counter = parseZip();
  counter.on('entry', (entry: Entry) => {
    // The local header's size (0 when a data descriptor follows; the types leave the field out).
    declared += (entry.vars as { uncompressedSize?: number }).uncompressedSize ?? 0;
    if (declared > maxBytes) return stop();
    entry.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > maxBytes) stop();
    });
    entry.on('error', () => undefined);
  });
  // A broken zip is reported by the real reader; the counter only watches sizes.
  counter.on('error', () => undefined);
  forCounter.on('error', () => undefined);
  forCounter.pipe(counter);
  source.on('error', (error) => forReader.destroy(error));
  source.pipe(forReader);
  source.pipe(forCounter);
  return { stream: forReader, failure: () => failure };
}

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

/** The rows of the first worksheet of an XLSX stream, as text, streamed in arrays of up to `chunk` rows (shared strings are cached), within `limits`. */
export async function* xlsxRows(stream: Readable, chunk = 1000, limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<string[][]> {
  const unzipper = unzipperPackage();
  const guard = inflationGuard(stream, limits.maxInflatedBytes, () => unzipper.Parse());
  const reader = new (excelPackage().stream.xlsx.WorkbookReader)(guard.stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  let rows = 0;
  try {
    for await (const sheet of reader) {
      let batch: string[][] = [];
      for await (const row of sheet) {
        // Past the inflation limit the reader may still hand out rows of what it already had.
        const stopped = guard.failure();
        if (stopped) throw stopped;
        if (++rows > limits.maxRows) {
          stream.destroy();
          throw new CodedError('VALIDATION_FAILED', 1019, `The XLSX file has more than ${limits.maxRows.toLocaleString('en-US')} rows; split it into smaller files.`);
        }
        const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
        batch.push(Array.from({ length: values.length }, (_, i) => cellText(values[i])));
        if (batch.length >= chunk) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      break;
    }
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw guard.failure() ?? new CodedError('VALIDATION_FAILED', 1019, `The XLSX file could not be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // The only sheet read is the first: whatever follows is not unpacked.
    stream.destroy();
  }
  const failure = guard.failure();
  if (failure) throw failure;
}
