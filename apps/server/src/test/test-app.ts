import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createContainer, type Container } from '../container.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

/** A running app on a fresh database (SQLite in a temp dir, or a new PostgreSQL database when DATABASE_URL is set). */
export type TestApp = {
  app: FastifyInstance;
  container: Container;
  config: Config;
  smtp: SmtpCatcher;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
};

/** The PostgreSQL server the suite runs against, if any (CI and `npm run test:pg` set it). */
export const postgresUrl = process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;

/** A fresh PostgreSQL database on the suite's server; drop() removes it. */
export async function createPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts the whole app for one test file, with a real SMTP peer on loopback. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-test-'));
  const smtp = await startSmtpCatcher();
  const pgDb = postgresUrl ? await createPgDatabase(postgresUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://scanbase.test',
    DATABASE_URL: pgDb?.url ?? '',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const container = createContainer(config, db, pino({ level: 'silent' }));
  const app = await buildApp(container, { logger: false });
  await app.ready();
  return {
    app,
    container,
    config,
    smtp,
    dialect: db.dialect,
    async close() {
      await app.close();
      await container.bus.close();
      await container.barcodes.close();
      await db.close();
      container.mailer.close();
      await smtp.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
