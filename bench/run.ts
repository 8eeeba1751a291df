import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printRows, type BenchRow } from './lib/report.js';

// Runs every bench/*.bench.ts (or those named on the command line) and prints its figures.
// The soak (10 minutes) runs only when named: `npm run bench soak`.
const dir = import.meta.dirname;
const only = process.argv.slice(2);
const onlyWhenNamed = ['soak.bench.ts'];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (only.length === 0 ? !onlyWhenNamed.includes(f) : only.some((o) => f.startsWith(o))))
  .sort();

const all: Record<string, BenchRow[]> = {};
let failed = false;
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<BenchRow[]> };
  if (typeof mod.run !== 'function') continue;
  try {
    const rows = await mod.run();
    all[file] = rows;
    printRows(file.replace('.bench.ts', ''), rows);
  } catch (error) {
    failed = true;
    process.stderr.write(`${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}
fs.mkdirSync(path.join(dir, 'results'), { recursive: true });
fs.writeFileSync(path.join(dir, 'results', 'latest.json'), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, results: all }, null, 2)}\n`);
if (failed) process.exit(1);
