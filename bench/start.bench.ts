import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printRows, type BenchRow } from './lib/report.js';

const root = path.join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning `command` until GET url answers 200; then the process is stopped. */
async function timeToAnswer(command: string, args: string[], env: Record<string, string>, url: (port: number) => string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(url(port)).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `npm start` on an already built checkout until /healthz answers, against a bare Node HTTP server's start in the same run. */
export async function run(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-start-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  try {
    // The first start builds whatever is missing or stale; only the starts after it are timed.
    await timeToAnswer(process.execPath, ['scripts/start.mjs'], env, (p) => `http://127.0.0.1:${p}/healthz`);
    const bare: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < 3; i++) {
      bare.push(await timeToAnswer(process.execPath, ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')"], {}, (p) => `http://127.0.0.1:${p}/`));
      // What `npm start` runs (npm's own ~0.2 s launch is left out: it is the same for any script).
      ours.push(await timeToAnswer(process.execPath, ['scripts/start.mjs'], env, (p) => `http://127.0.0.1:${p}/healthz`));
    }
    const b = median(bare);
    const o = median(ours);
    return [
      { name: 'bare Node HTTP server: spawn until it answers', value: b, unit: 'ms' },
      { name: '`npm start` (scripts/start.mjs) on a built checkout until /healthz answers', value: o, unit: 'ms', baseline: b, baselineName: 'bare Node server', ratio: b / o, goal: '< 3,000 ms' },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('start', await run());
}
