#!/usr/bin/env node
// Development: the server from source with reload (tsx --watch) and the Vite dev server, which
// proxies /api, /api-v2 and /ws to it. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { LOG_LEVEL: 'debug', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@scanbase/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
