import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse';
import { measured } from './lib/measure.js';
import { printRows, type BenchRow } from './lib/report.js';
import { taskFileKey } from '../apps/server/src/modules/tasks/tasks.service.js';
import { startBuiltScanbase, startScanbase } from './lib/servers.js';

/** BENCH_IMPORT_ROWS=100000 for a quick iteration; the figures of issue 18 are on the 1M default. */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

/** Writes a 1M-row CSV (value, response, validity) with backpressure. */
async function writeCsv(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 1; i <= ROWS; i++) {
    const line = `TICKET-${String(i).padStart(8, '0')},Seat ${i % 500} row ${i % 40},${i % 10 === 0 ? 0 : 1}\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** This bench has always measured peak RSS without collecting garbage first. */
const asIs = { gc: false };

/** CPU seconds (user + system) of this process since `since`. */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * better-sqlite3 alone (`baselines.md` row 3): the file's rows, built before the clock starts, inserted in one
 * transaction through one prepared statement into a table of the values' columns with its primary key only (WAL, NORMAL).
 */
function rawInsertRps(): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-raw-'));
  const db = new Database(path.join(dir, 'raw.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE db_values (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, database_id INTEGER NOT NULL, value TEXT NOT NULL, value_key TEXT NOT NULL, response TEXT NOT NULL, validity INTEGER NOT NULL)');
    const rows = Array.from({ length: ROWS }, (_, k) => {
      const i = k + 1;
      const value = `TICKET-${String(i).padStart(8, '0')}`;
      return [1, 1, value, value.toLowerCase(), `Seat ${i % 500} row ${i % 40}`, i % 10 === 0 ? 0 : 1] as const;
    });
    const insert = db.prepare('INSERT INTO db_values (account_id, database_id, value, value_key, response, validity) VALUES (?, ?, ?, ?, ?, ?)');
    const started = performance.now();
    db.transaction(() => {
      for (const r of rows) insert.run(...r);
    })();
    return ROWS / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The import as a customer makes it: the legacy `upload` of the same file (all or nothing, one transaction) to the
 * built server in its own process; its rows/s, and its memory (idle, and peak during the import) from `/proc`.
 */
async function builtServerImport(file: string): Promise<{ rps: number; idleMb: number; peakMb: number; peakFromStart: boolean }> {
  const built = await startBuiltScanbase({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1', UPLOAD_LIMIT_BYTES: String(512 * 1_048_576) });
  try {
    const { accountId } = await built.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-built@example.com', password: 'bench password 1' });
    const { secret } = await built.container.apiAccess.createKey(accountId, 'bench');
    const db = await built.container.scanConfig.databases.create(accountId, { name: 'Bench values', caseSensitive: false });
    // A moment for the server to settle after its start (the first requests' garbage), then the peak starts from here.
    await new Promise((r) => setTimeout(r, 1_000));
    const idleMb = built.rssMb();
    const peakFromStart = !built.resetPeak();
    const form = new FormData();
    form.set('csvfile', await fs.openAsBlob(file), 'values.csv');
    const started = performance.now();
    const res = await fetch(`${built.url}/api/?section=databases&action=upload&api_key=${secret}&database_id=${db.id}`, { method: 'POST', body: form });
    const body = await res.text();
    const seconds = (performance.now() - started) / 1000;
    const peakMb = built.peakMb();
    if (!body.includes('<status>1</status>')) throw new Error(`upload failed: ${body.slice(0, 300)}`);
    const counted = Number((await built.container.db.kysely.selectFrom('db_values').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).where('database_id', '=', db.id).executeTakeFirstOrThrow()).n);
    if (counted !== ROWS) throw new Error(`the upload stored ${counted} of ${ROWS} values`);
    return { rps: ROWS / seconds, idleMb, peakMb, peakFromStart };
  } finally {
    await built.close();
  }
}

/** CSV import rows/s and memory against plain csv-parse and a raw insert, and showvalues valuelike latency, on 1M values. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-csv-'));
  const file = path.join(dir, 'values.csv');
  const sb = await startScanbase({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1' });
  try {
    await writeCsv(file);
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-db@example.com', password: 'bench password 1' });
    const { secret } = await sb.container.apiAccess.createKey(accountId, 'bench');
    const databases = sb.container.scanConfig.databases;
    const db = await databases.create(accountId, { name: 'Bench values', caseSensitive: false });

    const plain = await measured(async () => {
      let n = 0;
      for await (const _ of fs.createReadStream(file).pipe(parse({ relax_column_count: true }))) n++;
      return n;
    }, asIs);
    // CPU seconds beside the wall clock: on a shared machine the wall-clock ratio moves with other processes' load.
    const importCpu = process.cpuUsage();
    const imported = await measured(() => databases.importValues(accountId, db.id, fs.createReadStream(file), { trim: true, maxColumns: 3, onError: 'abort' }), asIs);
    const importCpuS = cpuSeconds(importCpu);
    if (imported.result.imported !== ROWS) throw new Error(`imported ${imported.result.imported} of ${ROWS}`);
    const plainRps = ROWS / plain.seconds;
    const importRps = ROWS / imported.seconds;
    // The substring index of the values is fed after the import commits (SQLite, migration 0043); the searches below
    // are timed once it has caught up.
    const indexed = await measured(() => databases.valuesIndex.flush(), asIs);


    // showvalues with valuelike over HTTP: common and rare 3+ character terms (trigram index) and a 2-character term (bounded scan).
    const latency = async (terms: string[], samples: number) => {
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const term = terms[i % terms.length]!;
        const t0 = performance.now();
        const res = await fetch(`${sb.url}/api/?section=databases&action=showvalues&api_key=${secret}&database_id=${db.id}&valuelike=${encodeURIComponent(term)}&limit=50`);
        const body = await res.text();
        times.push(performance.now() - t0);
        if (!body.includes('<status>1</status>')) throw new Error(`showvalues failed: ${body.slice(0, 200)}`);
      }
      return times.sort((a, b) => a - b);
    };
    const common = await latency(['123', '456', '789', 'T-0', '000'], 300);
    const rare = await latency(['00654321', '00999998', '00012345', 'ET-00777777'], 300);
    const short = await latency(['12', '99', '7'], 100);

    // Last, so its second million values do not change the latency figures above. The same file as a background job (what databases/import-start and is_deferred run): the file
    // is in blob storage, all or nothing = one checking pass that stages the checked batches, then transactions of about 250 ms each.
    const jobDb = await databases.create(accountId, { name: 'Bench job values', caseSensitive: false });
    const fileId = `${'b'.repeat(24)}.csv`;
    await sb.container.storage.putStream(taskFileKey(accountId, fileId), fs.createReadStream(file));
    const worker = sb.container.jobs.worker();
    worker.start();
    const jobCpu = process.cpuUsage();
    const viaJob = await measured(async () => {
      const jobId = await sb.container.jobs.tasks.runInline(accountId, 'importdatabase', { databaseId: jobDb.id, fileId, onError: 'abort' });
      for (;;) {
        const job = await sb.container.jobs.queue.get(accountId, jobId);
        if (job?.state === 'succeeded') return job;
        if (job?.state === 'failed' || job?.state === 'cancelled') throw new Error(`import job ${job.state}: ${job.error ?? ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }, asIs);
    const jobCpuS = cpuSeconds(jobCpu);
    await worker.stop();
    await databases.valuesIndex.flush();
    const jobRps = ROWS / viaJob.seconds;
    const built = await builtServerImport(file);
    // Last: its million rows, built before its clock starts, would swell this process's figures above.
    const rawRps = rawInsertRps();

    return [
      { name: 'plain csv-parse, 1M rows (same file)', value: plainRps, unit: 'rows/s' },
      { name: 'raw insert of the same rows, better-sqlite3, one transaction (baselines.md row 3)', value: rawRps, unit: 'rows/s' },
      { name: 'databases import of 1M CSV values (SQLite/PG)', value: importRps, unit: 'rows/s', baseline: plainRps, baselineName: 'plain csv-parse', ratio: importRps / plainRps, goal: '>= 250,000 rows/s (issue 18)' },
      { name: 'databases import of 1M CSV values, against the raw insert', value: importRps, unit: 'rows/s', baseline: rawRps, baselineName: 'raw insert', ratio: importRps / rawRps, goal: 'ratio >= 0.37 (issue 18)' },
      { name: 'substring index of the imported values, fed after the import commits (valuelike reads what waits directly)', value: indexed.seconds, unit: 's' },
      { name: 'import peak RSS of this bench process (TypeScript loader, bench data and server together)', value: imported.peakMb, unit: 'MB', baseline: plain.peakMb, baselineName: 'csv-parse alone' },
      { name: 'legacy upload of the same file to the built server in its own process', value: built.rps, unit: 'rows/s', baseline: importRps, baselineName: 'in-process import', ratio: built.rps / importRps },
      { name: 'built server RSS, idle before the upload', value: built.idleMb, unit: 'MB' },
      { name: `built server peak RSS ${built.peakFromStart ? 'since its start (the peak could not be reset here)' : 'during the upload'} (whole process)`, value: built.peakMb, unit: 'MB', baseline: built.idleMb, baselineName: 'idle', goal: '< 300 MB (issue 18)' },
      { name: 'import-start job of the same file (all or nothing: one checking pass, staged batches, 250 ms commits)', value: jobRps, unit: 'rows/s', baseline: importRps, baselineName: 'one-transaction import', ratio: jobRps / importRps, goal: 'ratio >= 0.8 (issue 18)' },
      { name: 'import-start job CPU seconds (whole process)', value: jobCpuS, unit: 's', baseline: importCpuS, baselineName: 'one-transaction import CPU s', ratio: importCpuS / jobCpuS, goal: 'ratio >= 0.8' },
      { name: 'import-start job peak RSS of this bench process', value: viaJob.peakMb, unit: 'MB' },
      { name: 'showvalues valuelike common 3+ chars, p50', value: percentile(common, 50), unit: 'ms' },
      { name: 'showvalues valuelike common 3+ chars, p95', value: percentile(common, 95), unit: 'ms', goal: '< 50 ms' },
      { name: 'showvalues valuelike rare 8+ chars, p50', value: percentile(rare, 50), unit: 'ms' },
      { name: 'showvalues valuelike rare 8+ chars, p95', value: percentile(rare, 95), unit: 'ms', goal: '< 50 ms' },
      { name: 'showvalues valuelike 1-2 chars (scan), p50', value: percentile(short, 50), unit: 'ms' },
      { name: 'showvalues valuelike 1-2 chars (scan), p95', value: percentile(short, 95), unit: 'ms' },
    ];
  } finally {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('scan-config', await run());
}
