import fs from 'node:fs';
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
