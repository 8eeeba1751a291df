import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { v7 as uuidv7 } from 'uuid';
import { printRows, type BenchRow } from './lib/report.js';
import { scanRate, scanRateInChild, type LoadResult, type ScanLoad } from './lib/scan-load.js';
import { startBareServer, startScanbase } from './lib/servers.js';

const VALUES = 1_000_000;
const SECONDS = 8;

/** Writes a CSV of VALUES ticket values. */
async function writeCsv(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 1; i <= VALUES; i++) {
    if (!out.write(`TICKET-${String(i).padStart(8, '0')},Seat ${i % 500},1\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ticket = () => `TICKET-${String(1 + Math.floor(Math.random() * VALUES)).padStart(8, '0')}`;

/** Scans/s through /api-v2/app/scan on a 1M-value database with duplicate checks, and scan-to-websocket latency. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-scans-'));
  const csv = path.join(dir, 'values.csv');
  const bare = await startBareServer();
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000' });
  try {
    await writeCsv(csv);
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-scans@example.com', password: 'bench password 1' });
    const adminSignIn = await fetch(`${sb.url}/api-v2/auth/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-scans@example.com', password: 'bench password 1' }) });
    const adminToken = ((await adminSignIn.json()) as { token: string }).token;
    const { databases, services, appUsers } = sb.container.scanConfig;
    const db = await databases.create(accountId, { name: 'Tickets', caseSensitive: false });
    await databases.importValues(accountId, db.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const serviceId = await services.create(accountId, (name) => ({ validation_method: 'database', database_id: String(db.id), duplicate_value: '0', service_name: 'Gate A' })[name]);
    await appUsers.create(accountId, { username: 'bench-gate', password: 'gate-pass', serviceIds: [serviceId] });
    const signIn = await fetch(`${sb.url}/api-v2/app/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench-gate', password: 'gate-pass', udid: 'bench-device' }) });
    const { token } = (await signIn.json()) as { token: string };

    const scanBody = () => JSON.stringify({ serviceId, value: ticket(), clientScanId: uuidv7(), properties: { capture_type: 'camera' } });
    // Fresh bodies per request (a new client scan id and a random ticket each time), 10 connections; the
    // load generator in this process (as the issue first measured) and in a process of its own (as baselines.md did).
    const load = (url: string, headers: Record<string, string>): ScanLoad => ({ url, headers, serviceId, tickets: VALUES, connections: 10, seconds: SECONDS });
    const checked = (label: string, r: LoadResult) => {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} saw ${r.non2xx} non-2xx and ${r.errors} errors`);
      return r;
    };
    const scanLoad = load(`${sb.url}/api-v2/app/scan/`, { authorization: `Bearer ${token}` });
    const bareRate = await scanRate(load(`${bare.url}/scan`, {}));
    const scans = checked('app/scan', await scanRate(scanLoad));
    const bareApart = await scanRateInChild(load(`${bare.url}/scan`, {}));
    const scansApart = checked('app/scan (load in its own process)', await scanRateInChild(scanLoad));
    const scansRandomIds = checked('app/scan (random client ids)', await scanRateInChild({ ...scanLoad, randomIds: true }));

    // Submission to websocket message in an administrator's browser, one scan at a time.
    const wsUrl = `${sb.url.replace('http', 'ws')}/ws?token=${adminToken}`;
    const arrived = new Map<number, number>();
    const socket = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { topic: string; id?: number };
        if (m.topic === 'ready') resolve();
        if (m.topic === 'scan' && typeof m.id === 'number') arrived.set(m.id, performance.now());
      });
      socket.on('error', reject);
    });
    const latencies: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      const res = await fetch(`${sb.url}/api-v2/app/scan/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: scanBody() });
      const { scanId } = (await res.json()) as { scanId: number };
      const deadline = performance.now() + 2_000;
      while (!arrived.has(scanId) && performance.now() < deadline) await new Promise((r) => setImmediate(r));
      const at = arrived.get(scanId);
      if (at === undefined) throw new Error(`no websocket message for scan ${scanId}`);
      latencies.push(at - t0);
    }
    socket.close();
    latencies.sort((a, b) => a - b);

    return [
      { name: 'bare Fastify POST route, random body (10 connections)', value: bareRate.rps, unit: 'req/s' },
      { name: 'app/scan: database service, 1M values, duplicates checked (10 connections)', value: scans.rps, unit: 'scans/s', baseline: bareRate.rps, baselineName: 'bare route', ratio: scans.rps / bareRate.rps, goal: '>= 3,000 scans/s, ratio >= 0.25' },
      { name: 'bare Fastify POST route, load in its own process', value: bareApart.rps, unit: 'req/s' },
      { name: 'app/scan, load in its own process', value: scansApart.rps, unit: 'scans/s', baseline: bareApart.rps, baselineName: 'bare route, same load', ratio: scansApart.rps / bareApart.rps, goal: 'ratio >= 0.25' },
      { name: 'app/scan, load in its own process, random (v4) client ids', value: scansRandomIds.rps, unit: 'scans/s', baseline: scansApart.rps, baselineName: 'time-ordered (v7) ids, as the Scanbase scanner sends', ratio: scansRandomIds.rps / scansApart.rps },
      { name: 'submission to websocket message, p50', value: percentile(latencies, 50), unit: 'ms' },
      { name: 'submission to websocket message, p95', value: percentile(latencies, 95), unit: 'ms', goal: '< 100 ms' },
    ];
  } finally {
    await sb.close();
    await bare.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('scans', await run());
}
