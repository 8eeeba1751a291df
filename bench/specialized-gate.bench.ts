import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printRows, type BenchRow } from './lib/report.js';
import { scanRate, type LoadResult, type ScanLoad } from './lib/scan-load.js';
import { startScanbase } from './lib/servers.js';

// Issue 13 "Figures": a scan-tickets gate's throughput through app/scan on a 100,000-code database, as
// a ratio to plain app/scan on a database service (duplicates checked) over the same codes in the same
// run. Both rounds alternate twice so that a slow moment of the machine does not land on one side only.
const CODES = 100_000;
const SECONDS = 6;

async function writeCsv(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 1; i <= CODES; i++) {
    if (!out.write(`TICKET-${String(i).padStart(8, '0')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function appToken(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api-v2/app/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'gate-pass', udid: `bench-${username}` }) });
  return ((await res.json()) as { token: string }).token;
}

/** Scans/s of a scan-tickets gate and of a plain database service, same codes, same run. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-gate-'));
  const csv = path.join(dir, 'codes.csv');
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000' });
  try {
    await writeCsv(csv);
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-gate@example.com', password: 'bench password 1' });
    const { databases, services, appUsers } = sb.container.scanConfig;
    const plainDb = await databases.create(accountId, { name: 'Plain codes', caseSensitive: false });
    await databases.importValues(accountId, plainDb.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const ticketDb = await databases.create(accountId, { name: 'Ticket codes', caseSensitive: false });
    await databases.importValues(accountId, ticketDb.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
    const plainId = await services.create(accountId, (name) => ({ validation_method: 'database', database_id: String(plainDb.id), duplicate_value: '0', service_name: 'Plain gate' })[name]);
    const gate = await sb.container.specialized.create(accountId, { type: 'scan-tickets', name: 'Ticket gate', databaseId: ticketDb.id, settings: { entryRule: 'single' }, userIds: [] });
    await appUsers.create(accountId, { username: 'bench-plain', password: 'gate-pass', serviceIds: [plainId] });
    await appUsers.create(accountId, { username: 'bench-tickets', password: 'gate-pass', serviceIds: [gate.id] });
    const load = (serviceId: number, token: string): ScanLoad => ({ url: `${sb.url}/api-v2/app/scan/`, headers: { authorization: `Bearer ${token}` }, serviceId, tickets: CODES, connections: 10, seconds: SECONDS });
    const plainLoad = load(plainId, await appToken(sb.url, 'bench-plain'));
    const ticketLoad = load(gate.id, await appToken(sb.url, 'bench-tickets'));
    const checked = (label: string, r: LoadResult) => {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} saw ${r.non2xx} non-2xx and ${r.errors} errors`);
      return r.rps;
    };
    let plain = 0;
    let tickets = 0;
    for (let round = 0; round < 2; round++) {
      plain += checked('plain app/scan', await scanRate(plainLoad));
      tickets += checked('scan-tickets app/scan', await scanRate(ticketLoad));
    }
    plain /= 2;
    tickets /= 2;
    return [
      { name: 'app/scan: database service, 100k codes, duplicates checked (10 connections)', value: plain, unit: 'scans/s' },
      { name: 'app/scan: scan-tickets gate, 100k codes, single entry (10 connections)', value: tickets, unit: 'scans/s', baseline: plain, baselineName: 'plain database service', ratio: tickets / plain, goal: 'ratio >= 0.8' },
    ];
  } finally {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('specialized-gate', await run());
}
