#!/usr/bin/env node
// Prints the gzipped JavaScript a browser downloads to show /signin, and the largest route chunk.
// Reads apps/web/dist/.vite/manifest.json (run `npm run build -w @scanbase/web` first).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run "npm run build -w @scanbase/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Every JS file a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gzipped(f), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const pageKey = (name) => Object.keys(manifest).find((key) => key.endsWith(`/${name}.tsx`));

const signinFiles = new Set([...entry, ...closure(pageKey('SignInPage'))]);
const signin = sum(signinFiles);

const routes = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const extra = [...closure(key)].filter((file) => !entry.has(file));
    return { key, own: gzipped(manifest[key].file), extra: sum(extra) };
  })
  .sort((a, b) => b.extra - a.extra);

const largestOwn = [...routes].sort((a, b) => b.own - a.own)[0];
console.log(`entry (every page)              ${kb(sum(entry))} gzipped JS in ${entry.size} files`);
console.log(`to show /signin                 ${kb(signin)} gzipped JS in ${signinFiles.size} files (goal: at most 150 KB, issue 18)`);
console.log(`largest route chunk             ${kb(largestOwn.own)}  ${largestOwn.key}`);
console.log(`largest route beyond the entry  ${kb(routes[0].extra)}  ${routes[0].key}`);
console.log(`total JS (all chunks)           ${kb(sum(new Set(Object.values(manifest).map((c) => c.file))))} gzipped`);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ signinGzipBytes: signin, entryGzipBytes: sum(entry), largestRouteChunk: { key: largestOwn.key, gzipBytes: largestOwn.own }, largestRouteBeyondEntry: { key: routes[0].key, gzipBytes: routes[0].extra } }));
}
