import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { importDatabaseInputs, importUserInputs, type ImportDatabaseInputs, type ImportUserInputs } from '@scanbase/contracts';
import { getStream } from '../../platform/http/outbound-http.js';
import { FailedWithResult, jobReport, PermanentJobError, type JobFile, type JobReport, type JobResult } from '../../platform/jobs/job-types.js';
import { fileRows, tableFormat, valuesImportedSummary, type ImportHooks, type ImportOptions, type ImportReport, type RowBatches, type TableFormat } from '../databases/databases.import.js';
import { stagingFile } from './import-staging.js';
import type { ScanConfig } from '../services/scan-config.js';
import type { TaskCatalogue, TaskContext, TaskHandler } from './task-catalogue.js';

const LOGGED = 20;

const n = (x: number) => x.toLocaleString('en-US');
/** "1 value", "2,500 values". */
const plural = (x: number, one: string) => `${n(x)} ${one}${x === 1 ? '' : 's'}`;

/** A source that can be opened again (tasks that read their file twice ask for that with `reread`). */
export type Source = { label: string; format: TableFormat; open(): Promise<{ stream: Readable; size: number | null }>; close(): Promise<void> };

/** The first bytes of a stream, put back so the stream still starts at them. */
async function peekHead(stream: Readable): Promise<Buffer> {
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      stream.unshift(chunk);
      return chunk;
    }
    if (stream.readableEnded) return Buffer.alloc(0);
    await Promise.race([once(stream, 'readable'), once(stream, 'end')]);
  }
}

/** Counts the bytes that flow through (to estimate the total number of rows). */
function counted(stream: Readable): { stream: Readable; bytes(): number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  stream.on('error', (err) => counter.destroy(err));
  counter.on('close', () => stream.destroy());
  return { stream: stream.pipe(counter), bytes: () => bytes };
}

/** Opens the task's uploaded file or URL. With `reread`, a URL is downloaded once into storage so it can be read twice. */
export async function openSource(ctx: TaskContext, input: { url?: string | undefined; fileId?: string | undefined; fileName?: string | undefined }, options: { allowPrivateUrls: boolean; maxImportBytes: number }, reread: boolean): Promise<Source> {
  if (input.fileId !== undefined) {
    const fileId = input.fileId;
    return { label: input.fileName ?? 'the uploaded file', format: fileId.endsWith('.xlsx') ? 'xlsx' : 'csv', open: () => ctx.openFile(fileId), close: async () => undefined };
  }
  const url = input.url ?? '';
  let stream: Readable;
  try {
    stream = await getStream(url, { allowPrivate: options.allowPrivateUrls, timeoutMs: 30_000, maxBytes: options.maxImportBytes });
  } catch (error) {
    throw new PermanentJobError(error instanceof Error ? error.message : String(error));
  }
  await ctx.log(`Reading ${url}`);
  const format = /\.xlsx$/i.test(new URL(url).pathname) ? 'xlsx' : tableFormat('', await peekHead(stream));
  if (!reread) {
    let used = false;
    return {
      label: url,
      format,
      open: async () => {
        if (used) throw new Error('A URL source is read once.');
        used = true;
        return { stream, size: null };
      },
      close: async () => void stream.destroy(),
    };
  }
  const copy = await ctx.spool(stream);
  return { label: url, format, open: async () => ({ stream: await copy.open(), size: copy.size }), close: () => copy.remove() };
}

/** Rows of the source with a running estimate of the total (from the bytes read so far). */
export async function openRows(source: Source, stopOn: (stream: Readable) => void) {
  const { stream, size } = await source.open();
  const c = counted(stream);
  stopOn(c.stream);
  return { rows: fileRows(c.stream, source.format), estimate: (rows: number) => (size && c.bytes() > 0 ? Math.max(rows, Math.round((rows * size) / c.bytes())) : null) };
}

/** Collects every rejected row into the run's CSV file (created at the first one). */
export function rejectedRowsFile(ctx: TaskContext) {
  let writer: ReturnType<TaskContext['csvFile']> | undefined;
  let logged = 0;
  return {
    async add(r: { row: number; reason: string; value: string }) {
      writer ??= ctx.csvFile('rejected-rows.csv', ['row', 'reason', 'value']);
      await writer.write([r.row, r.reason, r.value]);
      if (logged++ < LOGGED) await ctx.log(`Row ${r.row}: ${r.reason}`, 'warn');
    },
    async finish(): Promise<JobFile | undefined> {
      return writer?.finish();
    },
    abort() {
      writer?.abort();
    },
  };
}


/** The failure of an all-or-nothing import: names the first bad row; the result keeps the report and the file. */
export function nothingImported(report: JobReport, file: JobFile | undefined, what: string): FailedWithResult {
  const first = report.rejectedRows[0];
  const more = report.rejected > 1 ? ` ${n(report.rejected - 1)} more ${report.rejected === 2 ? 'row was' : 'rows were'} refused too (see the file).` : '';
  const message = `${first ? `Row ${first.row}: ${first.reason.replace(/\.$/, '')}. ` : ''}No ${what} imported.${more}`;
  return new FailedWithResult(message, { summary: message, report, ...(file ? { file } : {}) });
}

/** Import into a database: a URL or uploaded file, CSV or XLSX, all-or-nothing or skipping bad rows. */
async function runDatabaseImport(ctx: TaskContext, c: ScanConfig, options: { allowPrivateUrls: boolean; maxImportBytes: number }): Promise<JobResult> {
  const input = ctx.inputs as ImportDatabaseInputs;
  const db = await c.databases.require(ctx.accountId, input.databaseId);
  // Without a column mapping the file has the legacy layout: value, response, validity, at most 3 columns.
  const base: ImportOptions = { trim: input.trimValue, hasHeader: input.hasHeader, columns: input.columns, maxColumns: input.columns ? undefined : 3, onError: 'skip', commit: 'batch' };
  const allOrNothing = input.onError === 'abort';
  // The source is read once in both modes (an all-or-nothing import keeps its checked batches, see below).
  const source = await openSource(ctx, input, options, false);
  const rejected = rejectedRowsFile(ctx);
  // A cancel stops the reading; once an all-or-nothing import writes, it finishes (a half import is what it promises never to leave).
  const stopOn = (stream: Readable) => {
    const stop = () => stream.destroy(new Error((ctx.signal.reason as Error | undefined)?.message ?? 'stopped'));
    if (ctx.signal.aborted) stop();
    else ctx.signal.addEventListener('abort', stop, { once: true });
  };
  try {
    const { rows, estimate } = await openRows(source, stopOn);
    const hooks = (message: (rows: string) => string) => ({ onProgress: (p: { rows: number }) => ctx.progress(p.rows, estimate(p.rows), message(n(p.rows))), onRejected: (r: { row: number; reason: string; value: string }) => rejected.add(r) });
    const report = allOrNothing ? await checkThenWrite(ctx, c, db.id, rows, base, hooks((r) => `Checking rows: ${r} read`), rejected) : await c.databases.importFrom(ctx.accountId, db.id, rows, base, hooks((r) => `Importing: ${r} rows read`));
    ctx.progress(report.rows, report.rows, `${plural(report.imported, 'value')} imported`);
    const file = await rejected.finish();
    const summary = valuesImportedSummary(report, db.name, `from ${source.label}`);
    return { summary, report: jobReport(report), ...(file ? { file } : {}) };
  } catch (error) {
    rejected.abort();
    throw error;
  } finally {
    await source.close();
  }
}

/**
 * All or nothing in one reading pass: every row is checked while the checked batches go to a staging
 * file in the job's storage; one bad row and nothing is written (the failure names the first one, the
 * report and file list every one). Otherwise the staged batches are written, each committed on its own
 * (the app keeps answering on SQLite); a crash while writing is completed by the re-run (upserts).
 */
async function checkThenWrite(ctx: TaskContext, c: ScanConfig, databaseId: number, rows: RowBatches, base: ImportOptions, hooks: ImportHooks, rejected: ReturnType<typeof rejectedRowsFile>): Promise<ImportReport> {
  const staging = stagingFile(ctx);
  let check: ImportReport;
  try {
    check = await c.databases.stageImport(ctx.accountId, databaseId, rows, base, (batch, rowsRead) => staging.add(batch, rowsRead), hooks);
  } catch (error) {
    await staging.discard();
    throw error;
  }
  if (check.rejected > 0) {
    await staging.discard();
    throw nothingImported(jobReport({ ...check, imported: 0 }), await rejected.finish(), 'value was');
  }
  const total = check.rows;
  await ctx.log(`All ${n(total)} rows are valid; importing.`);
  const staged = await staging.finish();
  try {
    await c.databases.importStaged(ctx.accountId, databaseId, staged.batches(), (i) => ctx.progress(staged.rowsUpTo(i), total, `Importing: ${n(staged.rowsUpTo(i))} of ${n(total)} rows written`));
  } finally {
    await staged.remove();
  }
  return check;
}

/** Import of app users: all rows are checked (passwords hashed) before any user is created. */
async function runUserImport(ctx: TaskContext, c: ScanConfig, options: { allowPrivateUrls: boolean; maxImportBytes: number }): Promise<JobResult> {
  const input = ctx.inputs as ImportUserInputs;
  const source = await openSource(ctx, input, options, false);
  const rejected = rejectedRowsFile(ctx);
  try {
    const { rows, estimate } = await openRows(source, (stream) => ctx.signal.addEventListener('abort', () => stream.destroy(new Error('stopped')), { once: true }));
    const report = await c.appUsers.importUsers(ctx.accountId, rows, { hasHeader: input.hasHeader, columns: input.columns, onError: input.onError }, {
      onProgress: (p) => ctx.progress(p.rows, p.stage === 'checking' ? estimate(p.rows) : null, p.stage === 'checking' ? `Checking rows: ${n(p.rows)} read` : `Creating app users: ${n(p.rows)} created`),
      onRejected: (r) => rejected.add(r),
    });
    for (const name of report.invitesNotSent) await ctx.log(`The invitation mail to ${name} could not be sent; send it again from the user's page.`, 'warn');
    if (input.onError === 'abort' && report.rejected > 0) throw nothingImported(jobReport({ ...report, imported: 0 }), await rejected.finish(), 'app user was');
    ctx.progress(report.rows, report.rows, `${plural(report.imported, 'app user')} created`);
    const file = await rejected.finish();
    const summary = `${plural(report.imported, 'app user')} created${report.rejected > 0 ? `, ${plural(report.rejected, 'row')} rejected` : ''} (from ${source.label}).`;
    return { summary, report: jobReport(report), ...(file ? { file } : {}) };
  } catch (error) {
    rejected.abort();
    throw error;
  } finally {
    await source.close();
  }
}

/** The import task types: `importdatabase` (values) and `importuser` (app users), from a URL or an uploaded file. */
export function registerImportTasks(catalogue: TaskCatalogue, c: ScanConfig, options: { allowPrivateUrls: boolean; maxImportBytes: number }): void {
  catalogue.register('importdatabase', { inputs: importDatabaseInputs, run: (ctx) => runDatabaseImport(ctx, c, options) } satisfies TaskHandler);
  catalogue.register('importuser', { inputs: importUserInputs, run: (ctx) => runUserImport(ctx, c, options) } satisfies TaskHandler);
}
