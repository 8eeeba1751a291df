import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { InProcessEventBus } from '../apps/server/src/platform/bus/event-bus.js';
import { JobQueue } from '../apps/server/src/platform/jobs/job-queue.js';
import { JobWorker } from '../apps/server/src/platform/jobs/job-worker.js';
import { JobsRepo } from '../apps/server/src/platform/jobs/jobs.repo.js';
import { printRows, type BenchRow } from './lib/report.js';

const JOBS = 3000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Jobs claimed and completed per second with an empty handler, against a plain insert+update loop; enqueue-to-start latency. */
export async function run(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-jobs-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const k = db.kysely;
  try {
    // Baseline: the same table, one INSERT then one UPDATE per job, no queue logic.
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i++) {
      const row = await k.insertInto('jobs').values({ account_id: null, task_id: null, type: 'baseline', state: 'queued', payload: '{}', run_at: new Date().toISOString(), created_at: new Date().toISOString(), lease_owner: null, lease_until: null, progress_total: null, result: null, error: null, dedupe_key: null, started_at: null, finished_at: null }).returning('id').executeTakeFirstOrThrow();
      await k.updateTable('jobs').set({ state: 'succeeded', finished_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    }
    const baseline = JOBS / ((performance.now() - t0) / 1000);

    const queue = new JobQueue(new JobsRepo(k, db.dialect), new InProcessEventBus(), { leaseMs: 30_000, backoffBaseMs: 1000, backoffMaxMs: 1000 });
    const enqueuedAt = new Map<number, number>();
    const startDelays: number[] = [];
    let finished = 0;
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((r) => (resolveDone = r));
    const worker = new JobWorker(
      queue,
      new Map([
        [
          'bench.empty',
          async (ctx) => {
            startDelays.push(performance.now() - (enqueuedAt.get(ctx.jobId) ?? performance.now()));
            return undefined;
          },
        ],
      ]),
      pino({ level: 'silent' }),
      { concurrency: 2, pollMs: 5, shutdownGraceMs: 1000 },
    );
    worker.onFinished(() => {
      finished++;
      if (finished === JOBS) resolveDone();
    });
    worker.start();
    const t1 = performance.now();
    for (let i = 0; i < JOBS; i++) {
      const at = performance.now();
      const id = await queue.enqueue('bench.empty', {}, { accountId: null });
      if (id !== undefined) enqueuedAt.set(id, at);
    }
    await done;
    const throughput = JOBS / ((performance.now() - t1) / 1000);
    await worker.stop();

    // Latency when the queue is idle: one job at a time.
    const idleDelays: number[] = [];
    const idle = new JobWorker(queue, new Map([['bench.idle', async (ctx) => void idleDelays.push(performance.now() - (enqueuedAt.get(ctx.jobId) ?? 0))]]), pino({ level: 'silent' }), { concurrency: 1, pollMs: 500, shutdownGraceMs: 1000 });
    idle.start();
    for (let i = 0; i < 100; i++) {
      const at = performance.now();
      const id = await queue.enqueue('bench.idle', {}, { accountId: null });
      if (id !== undefined) enqueuedAt.set(id, at);
      while (idleDelays.length <= i) await new Promise((r) => setTimeout(r, 1));
    }
    await idle.stop();

    return [
      { name: `plain INSERT + UPDATE loop (${db.dialect})`, value: baseline, unit: 'jobs/s' },
      { name: 'jobs enqueued, claimed and completed (empty handler, 2 slots)', value: throughput, unit: 'jobs/s', baseline, baselineName: 'plain loop', ratio: throughput / baseline },
      { name: 'enqueue to start, idle queue, p95', value: percentile(idleDelays, 95), unit: 'ms' },
      { name: 'enqueue to start, under load (3,000 queued), p95', value: percentile(startDelays, 95), unit: 'ms' },
    ];
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('jobs', await run());
}
