import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { indexPendingSubstrings } from '../apps/server/src/platform/db/dialect.js';
import { exportScans } from '../apps/server/src/modules/scans/scan-export.js';
import { measured } from './lib/measure.js';
import { printRows, type BenchRow } from './lib/report.js';
import { startScanbase } from './lib/servers.js';

/*
 * Issue 7: the scans screens on 1,000,000 scans in one account (10 other accounts beside it).
 * - Search page (50 rows + total) over HTTP for four query kinds: p50 / p95.
 * - Export of every scan to CSV and XLSX: seconds and peak RSS, against csv-stringify / exceljs
 *   writing the same rows from memory in the same run.
 * Runs on SQLite; with PostgreSQL binaries present (or BENCH_PG=1 under scripts/with-postgres.mjs) the
 * search half runs again on PostgreSQL in a child process. BENCH_SCANS changes the count.
 * Only the export figures: BENCH_ONLY_EXPORTS=1 (no searches, statistics or PostgreSQL run); BENCH_EXPORTS=csv
 * leaves out the XLSX pair; BENCH_EXPORT_BATCH sets the scans per batch of ours (default: the export's own).
 */

const SCANS = Number(process.env.BENCH_SCANS ?? 1_000_000);
const onlyExports = process.env.BENCH_ONLY_EXPORTS === '1';
const exportBatch = process.env.BENCH_EXPORT_BATCH ? Number(process.env.BENCH_EXPORT_BATCH) : undefined;
const OTHER_ACCOUNTS = 10;
const OTHER_SCANS = Math.max(1_000, Math.round(SCANS / 100));
const SERVICES = 5;
const USERS = 20;
const DEVICES = 10;
const BATCH = 500;
const TX_ROWS = 50_000;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');

type Sb = Awaited<ReturnType<typeof startScanbase>>;
type Seeded = { token: string; accountId: number; serviceIds: number[]; questionId: number; seconds: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The n-th scan of an account: a ticket value, one of the services/users/devices, a time within 2026. */
function scanRow(accountId: number, n: number, ids: { services: number[]; users: number[]; devices: number[] }, total: number) {
  const at = new Date(START + Math.floor((n / total) * 330 * DAY_MS)).toISOString();
  return {
    account_id: accountId,
    service_id: ids.services[n % ids.services.length]!,
    app_user_id: ids.users[n % ids.users.length]!,
    device_id: ids.devices[n % ids.devices.length]!,
    upload_id: null,
    value: `TICKET-${String(n).padStart(8, '0')}`,
    response: n % 10 === 0 ? 'Refunded ticket' : `Seat ${n % 500} row ${n % 40}`,
    status: n % 10 === 0 ? 0 : n % 37 === 0 ? -1 : 1,
    db_value_id: null,
    client_scan_id: null,
    scanned_at: at,
    received_at: at,
    modified_at: at,
  };
}

/** An account with services, a question, app users, devices and `count` scans written straight to the database (one answer and one or two properties each). */
async function seedAccount(sb: Sb, label: string, count: number): Promise<Seeded> {
  const started = performance.now();
  const email = `bench-${label}@example.com`;
  const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: `Bench ${label}`, name: 'Bench', email, password: 'bench password 1' });
  const { services, appUsers, questions } = sb.container.scanConfig;
  const serviceIds: number[] = [];
  for (let s = 1; s <= SERVICES; s++) serviceIds.push(await services.create(accountId, (name) => ({ validation_method: 'record', service_name: `Gate ${s}` })[name]));
  const questionId = await questions.create(accountId, { text: 'Seat', type: 'manual' });
  const users: number[] = [];
  for (let u = 1; u <= USERS; u++) users.push(await appUsers.create(accountId, { username: `${label}-user-${u}`, password: 'gate-pass', serviceIds }));
  const k = sb.container.db.kysely;
  const devices: number[] = [];
  for (let d = 1; d <= DEVICES; d++) {
    const row = await k.insertInto('devices').values({ account_id: accountId, udid: `${label}-device-${d}`, name: `Scanner ${d}`, app_user_id: null, created_at: new Date().toISOString(), last_seen_at: null }).returning('id').executeTakeFirstOrThrow();
    devices.push(row.id);
  }
  const ids = { services: serviceIds, users, devices };
  const dialect = sb.container.db.dialect;
  for (let first = 1; first <= count; first += TX_ROWS) {
    const last = Math.min(count, first + TX_ROWS - 1);
    await k.transaction().execute(async (tx) => {
      for (let n = first; n <= last; n += BATCH) {
        const rows = [];
        for (let i = n; i <= Math.min(last, n + BATCH - 1); i++) rows.push(scanRow(accountId, i, ids, count));
        const inserted = await tx.insertInto('scans').values(rows).returning(['id', 'value', 'scanned_at']).execute();
        await tx.insertInto('scan_answers').values(inserted.map((r, i) => ({ account_id: accountId, scan_id: r.id, question_id: questionId, question_text: 'Seat', position: 0, answer: `B${(n + i) % 300}`, file_key: null }))).execute();
        const props = inserted.flatMap((r, i) => {
          const m = n + i;
          const base = [{ account_id: accountId, scan_id: r.id, name: 'capture_type', value: m % 3 === 0 ? 'manual' : 'camera', scanned_at: r.scanned_at }];
          return m % 10 === 0 ? [...base, { account_id: accountId, scan_id: r.id, name: 'lane', value: `L${(m / 10) % 20}`, scanned_at: r.scanned_at }] : base;
        });
        await tx.insertInto('scan_properties').values(props).execute();
      }
      // The substring index takes the transaction's scans in one statement (SQLite), as the writer's feeder would.
      await indexPendingSubstrings(tx, dialect, 'scans', Number.MAX_SAFE_INTEGER);
    });
  }
  // Fresh statistics, as a database that grew over months would have.
  await sql`ANALYZE`.execute(k);
  const signIn = await fetch(`${sb.url}/api-v2/auth/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench password 1' }) });
  const token = ((await signIn.json()) as { token: string }).token;
  return { token, accountId, serviceIds, questionId, seconds: (performance.now() - started) / 1000 };
}

/** p50/p95 of scans/search over HTTP for one query shape (several variants cycled). */
async function searchLatency(sb: Sb, token: string, bodies: object[], samples: number, expectRows: boolean): Promise<{ p50: number; p95: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < samples + 5; i++) {
    const body = bodies[i % bodies.length]!;
    const t0 = performance.now();
    const res = await fetch(`${sb.url}/api-v2/scans/search/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ limit: 50, ...body }) });
    const reply = (await res.json()) as { items?: unknown[]; total?: number };
    const ms = performance.now() - t0;
    if (!res.ok || !reply.items) throw new Error(`scans/search failed: ${JSON.stringify(reply).slice(0, 300)}`);
    if (expectRows && reply.items.length === 0) throw new Error(`scans/search found nothing for ${JSON.stringify(body)}`);
    total = reply.total ?? 0;
    if (i >= 5) times.push(ms); // the first few warm caches
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** p50/p95 of scans/statistics over HTTP (several variants cycled). */
async function statisticsLatency(sb: Sb, token: string, bodies: object[], samples: number): Promise<{ p50: number; p95: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < samples + 2; i++) {
    const body = bodies[i % bodies.length]!;
    const t0 = performance.now();
    const res = await fetch(`${sb.url}/api-v2/scans/statistics/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const reply = (await res.json()) as { total?: number };
    const ms = performance.now() - t0;
    if (!res.ok || reply.total === undefined) throw new Error(`scans/statistics failed: ${JSON.stringify(reply).slice(0, 300)}`);
    total = reply.total;
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** Statistics of the seeded account: all time (account zone, a half-hour zone by day, one service) and the last 30 days. */
export async function statisticsRows(sb: Sb, main: Seeded, label: string): Promise<BenchRow[]> {
  const samples = Number(process.env.BENCH_STATS_SAMPLES ?? 20);
  const kinds: [string, object[]][] = [
    ['all time', [{}, { tz: 'America/New_York' }, { tz: 'Europe/Berlin', bucket: 'week' }]],
    ['all time, Asia/Kolkata by day', [{ tz: 'Asia/Kolkata', bucket: 'day' }]],
    ['all time, one service', [0, 1, 2].map((i) => ({ serviceIds: [main.serviceIds[i]!] }))],
    ['last 30 days', [{ period: 'last', pMetric: 'day', pNumber: 30 }]],
  ];
  const rows: BenchRow[] = [];
  for (const [name, bodies] of kinds) {
    const r = await statisticsLatency(sb, main.token, bodies, samples);
    rows.push({ name: `statistics ${name} (${label}), p50`, value: r.p50, unit: 'ms' });
    rows.push({ name: `statistics ${name} (${label}), p95`, value: r.p95, unit: 'ms', goal: '< 200 ms' });
  }
  return rows;
}

/** The four query kinds of the issue, on the seeded account. */
export async function searchRows(sb: Sb, main: Seeded, label: string): Promise<BenchRow[]> {
  const day = (d: number) => new Date(START + d * DAY_MS).toISOString().slice(0, 10);
  const kinds: [string, object[], boolean][] = [
    ['no filter', [{}, { page: 2 }, { page: 10 }], true],
    ['value contains', ['0012345', '98765', 'T-0042', '5555', '00777'].map((value) => ({ value })), false],
    ['date range + service', [0, 1, 2, 3, 4].map((i) => ({ serviceIds: [main.serviceIds[i]!], period: 'custom', startDate: day(30 + i * 40), endDate: day(37 + i * 40), tz: 'UTC' })), true],
    ['property match', ['L7', 'L3', 'L10', 'L0'].map((v) => ({ propertyName: 'lane', propertyValue: v })), true],
  ];
  const rows: BenchRow[] = [];
  for (const [name, bodies, expectRows] of kinds) {
    const r = await searchLatency(sb, main.token, bodies, 60, expectRows);
    rows.push({ name: `search ${name} (${label}), p50`, value: r.p50, unit: 'ms' });
    rows.push({ name: `search ${name} (${label}), p95`, value: r.p95, unit: 'ms', goal: '< 20 ms (issue 18)' });
  }
  return rows;
}

/** Seeds the main account and the 10 beside it. */
export async function seedAll(sb: Sb): Promise<{ main: Seeded; rows: BenchRow[] }> {
  const main = await seedAccount(sb, 'main', SCANS);
  for (let a = 1; a <= OTHER_ACCOUNTS; a++) await seedAccount(sb, `other${a}`, OTHER_SCANS);
  return { main, rows: [{ name: `seeding ${SCANS.toLocaleString('en-US')} scans (+ answers, properties) (${sb.container.db.dialect})`, value: main.seconds, unit: 's' }] };
}

/** Export figures: CSV and XLSX of every scan against csv-stringify / exceljs alone writing the same rows. */
async function exportRows(sb: Sb, main: Seeded, dir: string): Promise<BenchRow[]> {
  const repo = sb.container.scans.repo;
  const filter = { includeDeletedServices: true, includeDeletedUsers: true };
  const never = new AbortController().signal;
  // Baselines: the same number of rows, cells like ours, from memory.
  const cellsOf = (n: number) => [n, `Gate ${1 + (n % 5)}`, `main-user-${1 + (n % 20)}`, `Scanner ${1 + (n % 10)}`, `TICKET-${String(n).padStart(8, '0')}`, 'Valid', `Seat ${n % 500} row ${n % 40}`, '2026-05-01 12:00:00', '2026-05-01 12:00:00', '2026-05-01 12:00:00', '', `B${n % 300}`, 'camera', n % 10 === 0 ? `L${(n / 10) % 20}` : ''];
  const plainCsv = await measured(async () => {
    const out = fs.createWriteStream(path.join(dir, 'plain.csv'));
    const s = stringify();
    const done = pipeline(s, out);
    for (let n = 1; n <= SCANS; n++) if (!s.write(cellsOf(n))) await new Promise<void>((r) => s.once('drain', () => r()));
    s.end();
    await done;
  });
  const ours = await measured(async () => {
    const stream = await exportScans(repo, main.accountId, filter, 'csv', () => undefined, never, undefined, undefined, { batch: exportBatch });
    await pipeline(stream, fs.createWriteStream(path.join(dir, 'ours.csv')));
  });
  // Read back after the XLSX pair (a whole file in memory would count in their RSS).
  const checkCsv = () => {
    const lines = fs.readFileSync(path.join(dir, 'ours.csv'), 'utf8').split('\n').length - 2;
    if (lines !== SCANS) throw new Error(`the CSV export has ${lines} rows, expected ${SCANS}`);
  };
  const csvRows: BenchRow[] = [
    { name: `csv-stringify alone, ${SCANS.toLocaleString('en-US')} rows`, value: plainCsv.seconds, unit: 's' },
    { name: 'export all scans to CSV', value: ours.seconds, unit: 's', baseline: plainCsv.seconds, baselineName: 'csv-stringify alone', ratio: plainCsv.seconds / ours.seconds, goal: 'ratio >= 0.67 (issue 18)' },
    { name: 'export to CSV peak RSS (whole process)', value: ours.peakMb, unit: 'MB', baseline: plainCsv.peakMb, baselineName: 'csv-stringify alone', goal: '< 300 MB' },
    { name: 'export to CSV RSS growth during the export', value: ours.growthMb, unit: 'MB', baseline: plainCsv.growthMb, baselineName: 'csv-stringify alone' },
  ];
  if (process.env.BENCH_EXPORTS === 'csv') {
    checkCsv();
    return csvRows;
  }
  // Ours before exceljs: exceljs keeps its whole zip in memory, and RSS is not given back to the system.
  const oursXlsx = await measured(async () => {
    const stream = await exportScans(repo, main.accountId, filter, 'xlsx', () => undefined, never, undefined, undefined, { batch: exportBatch });
    await pipeline(stream, fs.createWriteStream(path.join(dir, 'ours.xlsx')));
  });
  const plainXlsx = await measured(async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'plain.xlsx'), useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Scans');
    for (let n = 1; n <= SCANS; n++) sheet.addRow(cellsOf(n)).commit();
    sheet.commit();
    await workbook.commit();
  });
  checkCsv();
  return [
    ...csvRows,
    { name: `exceljs alone, ${SCANS.toLocaleString('en-US')} rows`, value: plainXlsx.seconds, unit: 's' },
    { name: 'export all scans to XLSX', value: oursXlsx.seconds, unit: 's', baseline: plainXlsx.seconds, baselineName: 'exceljs alone', ratio: plainXlsx.seconds / oursXlsx.seconds, goal: '< 60 s' },
    { name: 'export to XLSX peak RSS (whole process)', value: oursXlsx.peakMb, unit: 'MB', baseline: plainXlsx.peakMb, baselineName: 'exceljs alone', goal: '< 300 MB' },
    { name: 'export to XLSX RSS growth during the export', value: oursXlsx.growthMb, unit: 'MB', baseline: plainXlsx.growthMb, baselineName: 'exceljs alone' },
  ];
}

/** The search half on PostgreSQL, in a child process under scripts/with-postgres.mjs; answers its rows. */
function postgresRows(): BenchRow[] {
  const root = path.join(import.meta.dirname, '..');
  const out = path.join(os.tmpdir(), `scanbase-bench-pg-${process.pid}.json`);
  const child = spawnSync(process.execPath, ['scripts/with-postgres.mjs', process.execPath, '--import', 'tsx', 'bench/scan-data.bench.ts'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BENCH_PG: '1', BENCH_PG_OUT: out } });
  if (child.status !== 0 || !fs.existsSync(out)) throw new Error(`the PostgreSQL run failed (exit ${child.status ?? 'signal'})`);
  const rows = JSON.parse(fs.readFileSync(out, 'utf8')) as BenchRow[];
  fs.rmSync(out, { force: true });
  return rows;
}

async function onPostgres(): Promise<BenchRow[]> {
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000' });
  try {
    const { main, rows } = await seedAll(sb);
    return [...rows, ...(await searchRows(sb, main, 'PostgreSQL')), ...(await statisticsRows(sb, main, 'PostgreSQL'))];
  } finally {
    await sb.close();
  }
}

/** Search latency on SQLite and PostgreSQL, and exports on SQLite, with 1M scans in one account. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-export-'));
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', DATABASE_URL: '' });
  const rows: BenchRow[] = [];
  try {
    const { main, rows: seeded } = await seedAll(sb);
    rows.push(...seeded);
    if (!onlyExports) rows.push(...(await searchRows(sb, main, 'SQLite')), ...(await statisticsRows(sb, main, 'SQLite')));
    // BENCH_SKIP_EXPORTS=1: only the search and statistics figures (the exports take minutes).
    if (process.env.BENCH_SKIP_EXPORTS !== '1') rows.push(...(await exportRows(sb, main, dir)));
  } finally {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const hasPostgres = fs.existsSync('/usr/lib/postgresql') && process.env.BENCH_SKIP_PG !== '1' && !onlyExports;
  if (hasPostgres) rows.push(...postgresRows());
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.BENCH_PG === '1') {
    const rows = await onPostgres();
    fs.writeFileSync(process.env.BENCH_PG_OUT ?? 'bench-pg.json', JSON.stringify(rows));
  } else {
    printRows('scan-data', await run());
  }
}
