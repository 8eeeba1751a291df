import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startScanbase } from './bench/lib/servers.ts';
const file = '/tmp/probe-values.csv';
const sb = await startScanbase();
const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'P', name: 'P', email: 'p@example.com', password: 'probe password 1' });
const { databases } = sb.container.scanConfig;
for (let i = 0; i < 2; i++) {
  const db = await databases.create(accountId, { name: `T${i}`, caseSensitive: false });
  const t0 = performance.now();
  await databases.importValues(accountId, db.id, fs.createReadStream(file), { trim: true, maxColumns: 3, onError: 'abort' });
  console.log('import ms', (performance.now() - t0).toFixed(0));
}
await sb.close();
