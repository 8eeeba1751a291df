import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from './config.js';
import { createContainer, type Container } from './container.js';
import { openDatabase, type Db } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { createPgDatabase, postgresUrl } from './test/test-app.js';
import { serverEntry } from './test/server-entry.js';

// Scaled-out mode as operators run it: two web processes and two worker+scheduler processes, each a
// real `node main.ts` child, on one fresh PostgreSQL database. The test itself holds a container on
// the same database (no worker, no scheduler) to seed data, enqueue jobs and read the tables.
//
// Each worker gets its own DATA_DIR on purpose: a job's file lands in the DATA_DIR of the process
// that ran it, so the files tell which worker ran which job. (A real install shares one folder.)

const LEASE_SECONDS = 3;
const JOBS = 1000;

type Child = { name: string; child: ChildProcess; output: () => string; exited: Promise<number | null>; dataDir: string };

/** Polls `check` until it answers a value other than undefined/false, or fails with `what` after `ms`. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 30_000, diagnostics: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.\n${diagnostics()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startProcess(name: string, env: Record<string, string>): Child {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scanbase-scale-${name}-`));
  const child = spawn(process.execPath, serverEntry('main'), {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', SMTP_URL: '', JOBS_LEASE_SECONDS: String(LEASE_SECONDS), ALLOW_PRIVATE_URLS: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, child, output: () => out, exited, dataDir };
}

const tail = (c: Child) => `--- ${c.name} (pid ${c.child.pid ?? '?'}) ---\n${c.output().slice(-3000)}`;

// Several processes need one shared database; SQLite is one process's file.
if (!postgresUrl) console.warn('scale-out.test.ts is skipped: it needs PostgreSQL (npm run test:pg, or DATABASE_URL=postgres://…).');

describe.skipIf(!postgresUrl)('scaled-out mode (PostgreSQL only; skipped on SQLite: run it with npm run test:pg or DATABASE_URL=postgres://…)', () => {
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>>;
  let db: Db;
  let c: Container;
  let testDir: string;
  const children: Child[] = [];
  let web1: string;
  let web2: string;
  let workers: Child[];
  let accountId: number;
  let serviceId: number;
  let scheduledTaskId: number;
  const email = 'scale-owner@example.com';
  const password = 'scale password 1';
  const allOutput = () => children.map(tail).join('\n');

  beforeAll(async () => {
    pgDb = await createPgDatabase(postgresUrl!);
    testDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-scale-test-'));
    const config = loadConfig({ DATA_DIR: testDir, DATABASE_URL: pgDb.url, LOG_LEVEL: 'silent', SMTP_URL: '', ALLOW_PRIVATE_URLS: 'true', JOBS_LEASE_SECONDS: String(LEASE_SECONDS) });
    db = openDatabase(config.database);
    await migrateToLatest(db);
    c = createContainer(config, db, pino({ level: 'silent' }));

    ({ accountId } = await c.auth.createVerifiedAccount({ companyName: 'Scale Co', name: 'Owner', email, password }));
    serviceId = await c.scanConfig.services.create(accountId, (name) => ({ validation_method: 'record', service_name: 'Gate A' })[name]);
    await c.scanConfig.appUsers.create(accountId, { username: 'scale-gate', password: 'gate-pass-1', serviceIds: [serviceId] });
    // A schedule slot that came due while no scheduler ran: both schedulers see it at their first tick.
    const { task } = await c.jobs.tasks.create(accountId, { type: 'downloaddevices', name: 'Nightly devices', schedule: { kind: 'once', at: new Date(Date.now() + 3_600_000).toISOString() }, timezone: 'UTC', inputs: {}, outputs: { notifyOnSuccess: [], notifyOnFailure: [], postbackUrl: '' }, enabled: true, runNow: false });
    scheduledTaskId = task.id;
    await db.kysely.updateTable('tasks').set({ next_run_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', task.id).execute();

    const shared = { DATABASE_URL: pgDb.url, JOBS_CONCURRENCY: '4' };
    const webs = [startProcess('web1', { ...shared, ROLES: 'web' }), startProcess('web2', { ...shared, ROLES: 'web' })];
    workers = [startProcess('worker1', { ...shared, ROLES: 'worker,scheduler' }), startProcess('worker2', { ...shared, ROLES: 'worker,scheduler' })];
    children.push(...webs, ...workers);
    const urls = await Promise.all(
      webs.map((w) => waitFor(`${w.name} to listen`, async () => (w.child.exitCode === null ? /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(w.output())?.[1] : Promise.reject(new Error(tail(w)))), 45_000, allOutput)),
    );
    [web1, web2] = urls as [string, string];
    await Promise.all(workers.map((w) => waitFor(`${w.name} to start`, async () => (w.child.exitCode === null ? w.output().includes('without the web role') : Promise.reject(new Error(tail(w)))), 45_000, allOutput)));
  }, 120_000);

  afterAll(async () => {
    for (const p of children) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(children.map((p) => p.exited));
    await c?.bus.close();
    await c?.barcodes.close();
    c?.mailer.close();
    await db?.close();
    await pgDb?.drop();
    for (const p of children) fs.rmSync(p.dataDir, { recursive: true, force: true });
    if (testDir) fs.rmSync(testDir, { recursive: true, force: true });
  }, 60_000);

  const post = async (base: string, route: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api-v2/${route}/`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  it('a scan sent to the first web process reaches a websocket of the second', async () => {
    const admin = await post(web2, 'auth/signin', { email, password });
    const socket = new WebSocket(`${web2.replace('http', 'ws')}/ws?token=${admin.token as string}`);
    const scanIds: number[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { topic: string; id?: number };
        if (m.topic === 'ready') resolve();
        if (m.topic === 'scan' && typeof m.id === 'number') scanIds.push(m.id);
      });
      socket.on('error', reject);
    });
    try {
      await ready;
      const app = await post(web1, 'app/signin', { username: 'scale-gate', password: 'gate-pass-1', udid: 'scale-device' });
      const scan = await post(web1, 'app/scan', { serviceId, value: 'TICKET-1', clientScanId: randomUUID() }, app.token as string);
      await waitFor('the scan event on web2', async () => scanIds.includes(scan.scanId as number), 10_000, allOutput);
      // And the dashboard on web2 lists it.
      const recent = await post(web2, 'scans/recent', {}, admin.token as string);
      expect((recent.items as { id: number; value: string }[]).map((s) => [s.id, s.value])).toEqual([[scan.scanId, 'TICKET-1']]);
    } finally {
      socket.close();
    }
  });

  it(`runs ${JOBS} jobs exactly once each, spread across both workers; a due schedule slot runs once`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < JOBS; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, JOBS - i) }, () => c.jobs.queue.enqueue('task.downloaddevices', { taskId: null, inputs: {} }, { accountId })));
      ids.push(...batch.map((id) => id!));
    }
    const rows = await waitFor(
      `${JOBS} jobs to finish`,
      async () => {
        const r = await db.kysely.selectFrom('jobs').select(['id', 'state', 'attempts']).where('id', 'in', ids).execute();
        return r.every((j) => j.state === 'succeeded' || j.state === 'failed') ? r : undefined;
      },
      45_000,
      allOutput,
    );
    expect(rows).toHaveLength(JOBS);
    // A claim raises attempts; one attempt and success means each job was handed out once.
    expect(rows.filter((j) => j.state !== 'succeeded' || j.attempts !== 1)).toEqual([]);

    // The file each run wrote shows which worker ran it: every job in exactly one worker's folder.
    const ranBy = workers.map((w) => new Set(ids.filter((id) => fs.existsSync(path.join(w.dataDir, 'files', 'accounts', String(accountId), 'jobs', String(id), 'devices.csv')))));
    const [first, second] = ranBy as [Set<number>, Set<number>];
    expect(first.size + second.size).toBe(JOBS);
    expect([...first].filter((id) => second.has(id))).toEqual([]);
    expect(first.size).toBeGreaterThan(0);
    expect(second.size).toBeGreaterThan(0);

    // Both schedulers ticked at start (long before these jobs finished) and saw the same due slot.
    const runs = await db.kysely.selectFrom('jobs').select(['id', 'state']).where('task_id', '=', scheduledTaskId).execute();
    expect(runs).toHaveLength(1);
    await waitFor('the scheduled run to succeed', async () => (await db.kysely.selectFrom('jobs').select('state').where('id', '=', runs[0]!.id).executeTakeFirst())?.state === 'succeeded', 10_000, allOutput);
    const task = await db.kysely.selectFrom('tasks').select(['next_run_at', 'last_run_at']).where('id', '=', scheduledTaskId).executeTakeFirstOrThrow();
    expect(new Date(task.next_run_at!).getTime()).toBeGreaterThan(Date.now());
    expect(task.last_run_at).not.toBeNull();
  }, 60_000);

  it('a worker killed mid-job (SIGKILL) loses the job to the other worker once its lease runs out', async () => {
    // The import's source URL holds its first request open, so the job is surely mid-run when killed.
    const requests: http.ServerResponse[] = [];
    const source = http.createServer((_req, res) => {
      requests.push(res);
      if (requests.length > 1) res.end('TAKEN-OVER-1,First,1\nTAKEN-OVER-2,Second,1\n');
    });
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    try {
      const { id: databaseId } = await c.scanConfig.databases.create(accountId, { name: 'Takeover', caseSensitive: false });
      const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/values.csv`;
      const jobId = await c.jobs.tasks.runInline(accountId, 'importdatabase', { databaseId, url });

      await waitFor('a worker to fetch the source', async () => requests.length === 1, 15_000, allOutput);
      const held = await db.kysely.selectFrom('jobs').select(['state', 'lease_owner', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(held.state).toBe('running');
      expect(held.attempts).toBe(1);
      const victim = workers.find((w) => held.lease_owner?.split(':')[1] === String(w.child.pid));
      expect(victim, `lease owner ${held.lease_owner ?? 'none'}`).toBeDefined();
      victim!.child.kill('SIGKILL');
      await victim!.exited;

      const done = await waitFor(
        'the other worker to finish the job',
        async () => {
          const j = await db.kysely.selectFrom('jobs').select(['state', 'attempts', 'error']).where('id', '=', jobId).executeTakeFirstOrThrow();
          return j.state === 'succeeded' || j.state === 'failed' ? j : undefined;
        },
        LEASE_SECONDS * 1000 + 15_000,
        allOutput,
      );
      expect(done).toMatchObject({ state: 'succeeded', attempts: 2 });
      expect(requests).toHaveLength(2);
      const values = await c.scanConfig.databases.findValues(accountId, databaseId, {}, { limit: 10, offset: 0 });
      expect(values.rows.map((v) => v.value).sort()).toEqual(['TAKEN-OVER-1', 'TAKEN-OVER-2']);
    } finally {
      for (const res of requests) res.destroy();
      source.closeAllConnections();
      await new Promise<void>((r) => source.close(() => r()));
    }
  }, 60_000);
});
