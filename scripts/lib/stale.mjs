// Whether a build output is missing or older than any of its sources (by modification time).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the server build (tsc -b packages/contracts apps/server) is made from. */
export const serverSources = ['packages/contracts/src', 'packages/contracts/package.json', 'packages/contracts/tsconfig.json', 'apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json', 'tsconfig.base.json', 'package-lock.json'];

/** What the web build (vite build, importing the contracts' build) is made from. */
export const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contracts/src', 'package-lock.json'];

/** The newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when `output` is missing or older than one of `sources` (paths relative to the root). */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}
