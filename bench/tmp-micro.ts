import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startScanbase } from './lib/servers.js';
const PEOPLE = 100_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const csv = path.join(dir, 'p.csv');
fs.writeFileSync(csv, Array.from({ length: PEOPLE }, (_, i) => `TICKET-${String(i + 1).padStart(8, '0')},Person ${i}`).join('\n'));
const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000' });
const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'B', name: 'B', email: 'b@example.com', password: 'bench password 1' });
const { databases, services, appUsers } = sb.container.scanConfig;
const db = await databases.create(accountId, { name: 'Staff', caseSensitive: false });
await databases.importValues(accountId, db.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
const db2 = await databases.create(accountId, { name: 'Staff2', caseSensitive: false });
await databases.importValues(accountId, db2.id, fs.createReadStream(csv), { trim: true, maxColumns: 3, onError: 'abort' });
const gate = (await sb.container.specialized.create(accountId, { type: 'check-in-out', name: 'Front desk', databaseId: db.id, settings: { mode: 'toggle' }, userIds: [] })).id;
const plain = await services.create(accountId, (name) => ({ validation_method: 'database', database_id: String(db2.id), duplicate_value: '1', service_name: 'Plain' })[name]);
const u = await appUsers.create(accountId, { username: 'bench-u', password: 'gate-pass', serviceIds: [gate, plain] });
await fetch(`${sb.url}/api-v2/app/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench-u', password: 'gate-pass', udid: 'x' }) });
const dev = await sb.container.db.kysely.selectFrom('devices').select('id').executeTakeFirstOrThrow();
const caller = { tokenId: 0, accountId, appUserId: u, username: 'bench-u', deviceId: dev.id } as never;
const cap = sb.container.scans.capture;
async function run(serviceId: number, n: number) {
  const t = performance.now();
  // 10 in flight, like the load
  let i = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (i++ < n) await cap.scan(caller, { serviceId, value: `TICKET-${String(1 + Math.floor(Math.random() * PEOPLE)).padStart(8, '0')}`, clientScanId: randomUUID(), answers: [], properties: { capture_type: 'camera' } });
  }));
  return n / ((performance.now() - t) / 1000);
}
await run(plain, 2000); await run(gate, 2000);
import { Session } from 'node:inspector/promises';
const which = process.argv[2];
if (which) { const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 100 }); await s.post('Profiler.start'); await run(which === 'gate' ? gate : plain, 8000); const { profile } = await s.post('Profiler.stop'); fs.writeFileSync(`/tmp/m-${which}.cpuprofile`, JSON.stringify(profile)); process.exit(0); }
const rs: number[] = [];
for (let k = 0; k < 4; k++) { const p = await run(plain, 5000); const g = await run(gate, 5000); rs.push(g / p); console.log(Math.round(p), Math.round(g), (g / p).toFixed(3)); }
await sb.close();
