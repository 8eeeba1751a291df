import fs from 'node:fs';
import path from 'node:path';

const serverDir = path.join(import.meta.dirname, '..', '..');
const sources = [path.join(serverDir, 'src'), path.join(serverDir, '..', '..', 'packages', 'contracts', 'src')];
const buildInfo = path.join(serverDir, 'dist', '.tsbuildinfo');

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

let current: boolean | undefined;
/** Whether `tsc -b` has built the server since its (and the contracts') sources last changed. */
function buildIsCurrent(): boolean {
  current ??= fs.existsSync(buildInfo) && fs.statSync(buildInfo).mtimeMs >= Math.max(...sources.map(newestMtime));
  return current;
}

/**
 * The node arguments that run a server entry point (`main` or `cli`) in a child process: its build when
 * that is current (CI type-checks, so builds, before the tests), else its source through tsx. Loading the
 * build saves the ~4 s of CPU tsx spends transpiling the server on every start, which on a loaded 2-core
 * machine made these tests slow enough to time out.
 */
export function serverEntry(name: 'main' | 'cli'): string[] {
  return buildIsCurrent() ? [path.join(serverDir, 'dist', `${name}.js`)] : ['--import', 'tsx', path.join(serverDir, 'src', `${name}.ts`)];
}
