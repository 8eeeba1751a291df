import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printRows, type BenchRow } from './lib/report.js';
import { startScanbase } from './lib/servers.js';
import type { SoakPlan, SoakResult } from './soak-load.js';

// Soak: scans, searches, exports and imports together against one server for SOAK_SECONDS
// (default 600), on real HTTP over loopback. The load generator is a separate process, so the
// server's RSS is this process's. Run alone: `npm run bench soak` (left out of the plain
// `npm run bench`, see run.ts). SOAK_SECONDS=120 for a quick check.

const TICKETS = 100_000;
const APP_USERS = 4;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const median = (values: number[]) => percentile(values, 50);
const mb = (bytes: number) => bytes / 1_048_576;

/** Fails when the soak saw any error; answers p95 per kind, RSS after the first minute and at the end. */
export async function run(): Promise<BenchRow[]> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  if (!Number.isFinite(seconds) || seconds < 20) throw new Error('SOAK_SECONDS must be a number of seconds, at least 20');
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '1000000' });
  const worker = sb.container.jobs.worker();
  worker.start();
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-soak-')), 'tickets.csv');
  try {
    // Seed: a database of tickets behind a validating service, app users on it, an import target.
    const email = 'soak@example.com';
    const password = 'soak password 1';
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Soak', name: 'Soak', email, password });
    const { databases, services, appUsers } = sb.container.scanConfig;
    const tickets = await databases.create(accountId, { name: 'Tickets', caseSensitive: false });
    fs.writeFileSync(csv, Array.from({ length: TICKETS }, (_, i) => `TICKET-${String(i + 1).padStart(6, '0')},Seat ${i % 500},1`).join('\n'));
    await databases.importValues(accountId, tickets.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const serviceId = await services.create(accountId, (name) => ({ validation_method: 'database', database_id: String(tickets.id), duplicate_value: '0', service_name: 'Gate' })[name]);
    const importTarget = await databases.create(accountId, { name: 'Imports', caseSensitive: false });
    const post = async (route: string, body: unknown) => {
      const res = await fetch(`${sb.url}/api-v2/${route}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}`);
      return (await res.json()) as { token: string };
    };
    const appTokens: string[] = [];
    for (let i = 0; i < APP_USERS; i++) {
      await appUsers.create(accountId, { username: `soak-gate-${i}`, password: 'gate-pass-1', serviceIds: [serviceId] });
      appTokens.push((await post('app/signin', { username: `soak-gate-${i}`, password: 'gate-pass-1', udid: `soak-device-${i}` })).token);
    }
    const adminToken = (await post('auth/signin', { email, password })).token;

    // RSS of the server process once a second.
    const rss: { at: number; bytes: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => rss.push({ at: (Date.now() - started) / 1000, bytes: process.memoryUsage().rss }), 1000);

    const load = fork(path.join(import.meta.dirname, 'soak-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const result = await new Promise<SoakResult>((resolve, reject) => {
      load.once('message', (m) => resolve(m as SoakResult));
      load.once('exit', (code) => reject(new Error(`the load generator exited with ${code ?? 'a signal'} before answering`)));
      load.send({ url: sb.url, adminToken, appTokens, serviceId, importDatabaseId: importTarget.id, seconds, tickets: TICKETS } satisfies SoakPlan);
    });
    clearInterval(sampler);

    // RSS after the first minute (or half the run when shorter) against the end: medians over 10 s windows.
    const mark = Math.min(60, seconds / 2);
    const early = median(rss.filter((s) => s.at > mark - 10 && s.at <= mark).map((s) => s.bytes));
    const late = median(rss.slice(-10).map((s) => s.bytes));
    const growth = (late - early) / early;

    if (result.errors.length > 0) throw new Error(`the soak saw ${result.errors.length} errors; the first: ${result.errors.slice(0, 5).join(' | ')}`);
    const base = percentile(result.latencies.healthz ?? [], 95);
    const kinds: [string, string][] = [
      // app/scan on a database service with 100k tickets; an export runs from start to downloaded file.
      ['scan', 'app/scan, 4 × 25/s'],
      ['search', 'scans/search by substring, 5/s'],
      ['export', 'CSV export job to download, 1 per 2 s'],
      ['import', 'databases/import 1,000 values, 1 per 5 s'],
    ];
    const count = (k: string) => result.latencies[k]?.length ?? 0;
    return [
      { name: `GET /healthz 20/s, same load, p95 (${seconds} s)`, value: base, unit: 'ms' },
      ...kinds.map(([k, name]): BenchRow => {
        const p95 = percentile(result.latencies[k] ?? [], 95);
        return { name: `${name}, p95 (${count(k).toLocaleString('en-US')})`, value: p95, unit: 'ms', baseline: base, baselineName: '/healthz p95', ratio: base / p95 };
      }),
      { name: `errors in ${totalDone(result).toLocaleString('en-US')} operations`, value: result.errors.length, unit: '', goal: '0' },
      { name: `server RSS after ${mark} s (10 s median)`, value: mb(early), unit: 'MB' },
      { name: 'server RSS at the end (10 s median)', value: mb(late), unit: 'MB', baseline: mb(early), baselineName: `after ${mark} s`, ratio: early / late, goal: 'growth <= 10%' },
      { name: 'server RSS growth', value: growth * 100, unit: '%', goal: '<= 10' },
    ];
  } finally {
    await worker.stop();
    await sb.close();
    fs.rmSync(path.dirname(csv), { recursive: true, force: true });
  }
}

function totalDone(result: SoakResult): number {
  return Object.values(result.latencies).reduce((n, l) => n + l.length, 0) + result.errors.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('soak', await run());
}
