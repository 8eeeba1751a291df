import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createContainer, type Container } from '../../apps/server/src/container.js';
import { openDatabase } from '../../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.js';

/** The baseline of baselines.md row 1: a bare Fastify POST route, no logger. */
export async function startBareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  let n = 0;
  app.post('/scan', async (req) => ({ ok: typeof (req.body as { value?: unknown }).value === 'string', id: ++n, status: 1 }));
  app.get('/scan', async () => ({ ok: true, id: ++n, status: 1 }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** Scanbase itself on a temp SQLite database (or DATABASE_URL), listening on 127.0.0.1. */
export async function startScanbase(env: Record<string, string> = {}): Promise<{ url: string; app: FastifyInstance; container: Container; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '', WEB_DIST_DIR: path.join(dataDir, 'none'), ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const container = createContainer(config, db, pino({ level: 'warn' }));
  const app = await buildApp(container, { logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    container,
    async close() {
      // As the server's own shutdown does: the event bus (a LISTEN connection on PostgreSQL), the barcode threads
      // and the mailer hold handles that would keep the process alive.
      await app.close();
      await container.bus.close();
      await container.barcodes.close();
      await db.close();
      container.mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A built Scanbase server in a process of its own: its URL and pid, the same database opened here to seed it, and its memory. */
export type BuiltScanbase = {
  url: string;
  pid: number;
  /** A container on the server's database, for seeding (accounts, keys) the way the repos do. */
  container: Container;
  /** The server process's resident memory now, in MB (Linux `/proc`). */
  rssMb(): number;
  /** Starts a new peak: the server's peak RSS is reset to its current RSS (Linux `clear_refs`); false where not allowed (the peak then counts from the start). */
  resetPeak(): boolean;
  /** The server process's peak RSS since the last `resetPeak` (or its start), in MB. */
  peakMb(): number;
  close(): Promise<void>;
};

const repoRoot = path.join(import.meta.dirname, '../..');

/** The `VmRSS` or `VmHWM` line of a process's status, in MB. */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(m[1]) / 1024;
}

/**
 * Scanbase as it runs for a customer: `tsc -b` (incremental: nothing when up to date), then `node apps/server/dist/main.js`
 * in a child process, so figures of its memory are the product's alone (not this process's TypeScript loader and bench).
 */
export async function startBuiltScanbase(env: Record<string, string> = {}): Promise<BuiltScanbase> {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-built-'));
  const port = await new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as net.AddressInfo;
      s.close(() => resolve(p));
    });
  });
  const serverEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '', WEB_DIST_DIR: path.join(dataDir, 'none'), HOST: '127.0.0.1', PORT: String(port), ...env };
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], { cwd: repoRoot, env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (tries > 600) throw new Error('the built server did not answer /healthz within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  // The server has migrated the database; this process opens the same one to seed it (WAL lets both work on it).
  const config = loadConfig(serverEnv);
  const db = openDatabase(config.database);
  const container = createContainer(config, db, pino({ level: 'warn' }));
  const pid = child.pid!;
  return {
    url,
    pid,
    container,
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    resetPeak: () => {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    peakMb: () => procStatusMb(pid, 'VmHWM'),
    async close() {
      await container.bus.close();
      await container.barcodes.close();
      await db.close();
      container.mailer.close();
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
