#!/usr/bin/env node
// `npm start`: builds only what is missing or older than its sources, then runs the server.
// A fresh clone builds everything once; an unchanged checkout starts at once (the server's own
// start-up is the only cost). Set FORCE_BUILD=1 to build everything anyway.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStale, root, serverSources, webSources } from './lib/stale.mjs';

const force = process.env.FORCE_BUILD === '1';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// tsc and Vite rewrite only the files that changed, so a stamp written after each build marks when it ran.
const stamp = (path) => writeFileSync(path, `${new Date().toISOString()}\n`);

// The server and the contracts it imports (type-checked and emitted by tsc's incremental build).
const serverOut = join(root, 'apps/server/dist/main.js');
const serverStamp = join(root, 'apps/server/dist/.start-stamp');
if (force || isStale(serverOut, []) || isStale(serverStamp, serverSources)) {
  console.log('== building the server (tsc -b packages/contracts apps/server)');
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server']);
  stamp(serverStamp);
}

// The web app (Vite), which imports the contracts' build from the step above.
const webOut = join(root, 'apps/web/dist/index.html');
const webStamp = join(root, 'apps/web/dist/.start-stamp');
if (force || isStale(webOut, []) || isStale(webStamp, webSources)) {
  console.log('== building the web app (vite build)');
  run('npm', ['run', 'build', '-w', '@scanbase/web']);
  stamp(webStamp);
}

// The server runs as a child; stop signals sent to this process are passed on, so it shuts down cleanly.
const server = spawn(process.execPath, [serverOut], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
