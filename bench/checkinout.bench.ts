import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { printRows, type BenchRow } from './lib/report.js';
import { scanRateInChild, type LoadResult, type ScanLoad } from './lib/scan-load.js';
import { startScanbase } from './lib/servers.js';

// Issue 13 "Figures": a check in/out gate (Toggle mode, the roster a 100,000-person database) through
// app/scan as a ratio to plain app/scan on a database service over the same codes in the same run (the two
// alternate twice, so a slow moment of the machine does not land on one side only); and the roster's
// first page with its in/out counts when all 100,000 people have a state, p95.
const PEOPLE = 100_000;
const SECONDS = 6;
const ROSTER_CALLS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The load generator's codes (`TICKET-00000001` …) as a roster CSV. */
async function writeCsv(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 1; i <= PEOPLE; i++) {
    if (!out.write(`TICKET-${String(i).padStart(8, '0')},Person ${i}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function appToken(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api-v2/app/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'gate-pass', udid: `bench-${username}` }) });
  return ((await res.json()) as { token: string }).token;
}

/** Scans/s of a check in/out gate against a plain database service, and the roster's first page p95. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-cio-'));
  const csv = path.join(dir, 'people.csv');
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000' });
  try {
    await writeCsv(csv);
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-cio@example.com', password: 'bench password 1' });
    const { databases, services, appUsers } = sb.container.scanConfig;
    const plainDb = await databases.create(accountId, { name: 'Plain codes', caseSensitive: false });
    await databases.importValues(accountId, plainDb.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const roster = await databases.create(accountId, { name: 'Staff', caseSensitive: false });
    await databases.importValues(accountId, roster.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const plainId = await services.create(accountId, (name) => ({ validation_method: 'database', database_id: String(plainDb.id), duplicate_value: '1', service_name: 'Plain gate' })[name]);
    const gate = await sb.container.specialized.create(accountId, { type: 'check-in-out', name: 'Front desk', databaseId: roster.id, settings: { mode: 'toggle' }, userIds: [] });
    await appUsers.create(accountId, { username: 'bench-plain', password: 'gate-pass', serviceIds: [plainId] });
    await appUsers.create(accountId, { username: 'bench-desk', password: 'gate-pass', serviceIds: [gate.id] });
    const load = (serviceId: number, token: string): ScanLoad => ({ url: `${sb.url}/api-v2/app/scan/`, headers: { authorization: `Bearer ${token}` }, serviceId, tickets: PEOPLE, connections: 10, seconds: SECONDS });
    const plainLoad = load(plainId, await appToken(sb.url, 'bench-plain'));
    const deskLoad = load(gate.id, await appToken(sb.url, 'bench-desk'));
    const checked = (label: string, r: LoadResult) => {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} saw ${r.non2xx} non-2xx and ${r.errors} errors`);
      return r.rps;
    };
    let plain = 0;
    let desk = 0;
    for (let round = 0; round < 2; round++) {
      plain += checked('plain app/scan', await scanRateInChild(plainLoad));
      desk += checked('check in/out app/scan', await scanRateInChild(deskLoad));
    }
    plain /= 2;
    desk /= 2;

    // Every person with a state (half in), as after a busy day: the rows the gate would have written.
    const k = sb.container.db.kysely;
    const since = new Date().toISOString();
    for (let start = 1; start <= PEOPLE; start += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, PEOPLE - start + 1) }, (_, i) => {
        const value = `TICKET-${String(start + i).padStart(8, '0')}`;
        return { account_id: accountId, service_id: gate.id, value_key: value.toLowerCase(), value, state: (start + i) % 2 === 0 ? ('in' as const) : ('out' as const), since, by_app_user_id: null, last_scan_id: null, moves: 1 };
      });
      await k.insertInto('checkinout_states').values(rows).onConflict((oc) => oc.columns(['service_id', 'value_key']).doNothing()).execute();
    }
    // PostgreSQL vacuums a table after this many inserts by itself (autovacuum's insert threshold), which
    // is what lets the counts be read from the index alone; do it now rather than wait for it.
    if (sb.container.db.dialect === 'postgres') await sql`VACUUM ANALYZE checkinout_states`.execute(k);
    const times: number[] = [];
    for (let i = 0; i < ROSTER_CALLS; i++) {
      const started = performance.now();
      const reply = await sb.container.checkInOut.roster(accountId, { id: gate.id, page: 1, limit: 50 });
      times.push(performance.now() - started);
      if (reply.items.length !== 50 || reply.counts.in + reply.counts.out < PEOPLE) throw new Error(`unexpected roster: ${reply.items.length} rows, ${reply.counts.in} in, ${reply.counts.out} out`);
    }
    times.sort((a, b) => a - b);
    return [
      { name: 'app/scan: database service, 100k codes (10 connections)', value: plain, unit: 'scans/s' },
      { name: `app/scan: check in/out, Toggle, 100k-person roster (10 connections, ${sb.container.db.dialect})`, value: desk, unit: 'scans/s', baseline: plain, baselineName: 'plain database service', ratio: desk / plain, goal: 'ratio >= 0.8' },
      { name: `roster first page + counts, 100k people, p95 (${sb.container.db.dialect})`, value: percentile(times, 95), unit: 'ms', goal: '< 50 ms' },
    ];
  } finally {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('checkinout', await run());
}
