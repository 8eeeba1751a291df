import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { InProcessEventBus } from '../bus/event-bus.js';
import { JobQueue } from './job-queue.js';
import type { JobHandler } from './job-types.js';
import { PermanentJobError } from './job-types.js';
import { JobWorker } from './job-worker.js';
import { JobsRepo } from './jobs.repo.js';

let t: TestApp;
let accountId: number;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  t = await createTestApp();
  accountId = (await signUpVerified(t)).accountId;
});
afterAll(async () => {
  await t.close();
});

function makeQueue(options: Partial<{ leaseMs: number; backoffBaseMs: number; backoffMaxMs: number }> = {}): JobQueue {
  return new JobQueue(new JobsRepo(t.container.db.kysely, t.container.db.dialect), new InProcessEventBus(), { leaseMs: 30_000, backoffBaseMs: 5_000, backoffMaxMs: 600_000, ...options });
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}`;

describe('the jobs platform', () => {
  it('claims each due job once, oldest first', async () => {
    const q = makeQueue();
    const type = unique('claim');
    const a = await q.enqueue(type, { n: 1 }, { accountId });
    const b = await q.enqueue(type, { n: 2 }, { accountId });
    await q.enqueue(type, { n: 3 }, { accountId, runAt: new Date(Date.now() + 60_000) });
    const first = await q.claim('worker-1', [type]);
    const second = await q.claim('worker-2', [type]);
    expect([first?.id, second?.id]).toEqual([a, b]);
    expect(first?.state).toBe('running');
    expect(first?.attempts).toBe(1);
    expect(await q.claim('worker-3', [type])).toBeUndefined();
  });

  it('hands each job to exactly one of many concurrent claimers', async () => {
    const q = makeQueue();
    const type = unique('race');
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await q.enqueue(type, { i }, { accountId }));
    const claimed: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map(async (w) => {
        for (;;) {
          const job = await q.claim(`w${w}`, [type]);
          if (!job) return;
          claimed.push(job.id);
        }
      }),
    );
    expect(claimed.sort((x, y) => x - y)).toEqual(ids);
  });

  it('gives a job whose worker died to another worker when the lease expires', async () => {
    const q = makeQueue({ leaseMs: 300 });
    const type = unique('lease');
    const id = await q.enqueue(type, {}, { accountId });
    const dead = await q.claim('dead-worker', [type]);
    expect(dead?.id).toBe(id);
    expect(await q.claim('live-worker', [type])).toBeUndefined();
    await new Promise((r) => setTimeout(r, 400));
    const again = await q.claim('live-worker', [type]);
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(2);
    expect(again?.lease_owner).toBe('live-worker');
    // The dead worker's late result is ignored: it no longer holds the lease.
    expect(await q.heartbeat(dead!, 'dead-worker')).toBeUndefined();
  });

  it('fails a job whose worker died on its last attempt', async () => {
    const q = makeQueue({ leaseMs: 100 });
    const type = unique('abandoned');
    const id = await q.enqueue(type, {}, { accountId, maxAttempts: 1 });
    await q.claim('dead-worker', [type]);
    await new Promise((r) => setTimeout(r, 150));
    expect(await q.claim('other', [type])).toBeUndefined();
    const row = await q.get(accountId, id!);
    expect(row?.state).toBe('failed');
    expect(row?.error).toContain('stopped');
  });

  it('retries a failing job with growing backoff, then succeeds', async () => {
    const q = makeQueue({ backoffBaseMs: 60, backoffMaxMs: 1000 });
    expect([1, 2, 3, 10].map((n) => q.backoffMs(n))).toEqual([60, 120, 240, 1000]);
    const type = unique('flaky');
    const runs: number[] = [];
    const handler: JobHandler = async (ctx) => {
      runs.push(Date.now());
      if (ctx.attempt < 3) throw new Error(`attempt ${ctx.attempt} failed`);
      return { summary: 'third time lucky' };
    };
    const worker = new JobWorker(q, new Map([[type, handler]]), log, { concurrency: 1, pollMs: 20, shutdownGraceMs: 1000 });
    const id = await q.enqueue(type, {}, { accountId, maxAttempts: 3 });
    worker.start();
    const done = await waitFor(() => q.get(accountId, id!), (r) => r?.state === 'succeeded');
    await worker.stop();
    expect(done?.attempts).toBe(3);
    expect(JSON.parse(done!.result!)).toEqual({ summary: 'third time lucky' });
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(55);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(115);
    const logs = await q.logs(id!);
    expect(logs.map((l) => l.message)).toEqual(['attempt 1 failed', 'attempt 2 failed']);
  });

  it('fails at once on a permanent error, and after the last attempt otherwise', async () => {
    const q = makeQueue({ backoffBaseMs: 10 });
    const type = unique('broken');
    const worker = new JobWorker(
      q,
      new Map<string, JobHandler>([
        [`${type}.perm`, async () => Promise.reject(new PermanentJobError('bad input: column 3 is missing'))],
        [`${type}.always`, async () => Promise.reject(new Error('still down'))],
      ]),
      log,
      { concurrency: 2, pollMs: 20, shutdownGraceMs: 1000 },
    );
    const perm = await q.enqueue(`${type}.perm`, {}, { accountId, maxAttempts: 5 });
    const always = await q.enqueue(`${type}.always`, {}, { accountId, maxAttempts: 2 });
    worker.start();
    const p = await waitFor(() => q.get(accountId, perm!), (r) => r?.state === 'failed');
    const a = await waitFor(() => q.get(accountId, always!), (r) => r?.state === 'failed');
    await worker.stop();
    expect(p).toMatchObject({ attempts: 1, error: 'bad input: column 3 is missing' });
    expect(a).toMatchObject({ attempts: 2, error: 'still down' });
    expect(await q.retry(accountId, always!)).toBe(true);
    expect((await q.get(accountId, always!))?.state).toBe('queued');
  });

  it('cancels a queued job at once and stops a running one', async () => {
    const q = makeQueue({ leaseMs: 150 });
    const type = unique('cancel');
    const queued = await q.enqueue(type, {}, { accountId, runAt: new Date(Date.now() + 60_000) });
    expect(await q.cancel(accountId, queued!)).toBe('cancelled');

    let sawAbort = false;
    const handler: JobHandler = (ctx) =>
      new Promise((_resolve, reject) => {
        ctx.progress(1, 10, 'working');
        ctx.signal.addEventListener('abort', () => {
          sawAbort = true;
          reject(new Error('stopped'));
        });
      });
    const worker = new JobWorker(q, new Map([[type, handler]]), log, { concurrency: 1, pollMs: 20, shutdownGraceMs: 1000 });
    const running = await q.enqueue(type, {}, { accountId });
    worker.start();
    await waitFor(() => q.get(accountId, running!), (r) => r?.state === 'running' && r.progress_done === 1);
    expect(await q.cancel(accountId, running!)).toBe('running');
    const row = await waitFor(() => q.get(accountId, running!), (r) => r?.state === 'cancelled');
    await worker.stop();
    expect(sawAbort).toBe(true);
    expect(row?.progress_total).toBe(10);
    // Another account cannot see or cancel it.
    expect(await q.cancel(accountId + 999, running!)).toBeUndefined();
  });

  it('runs a type with slots of its own while the shared slots are full, and keeps to its own slot count', async () => {
    const q = makeQueue();
    const slow = unique('slow');
    const laned = unique('laned');
    const release: (() => void)[] = [];
    const hold: JobHandler = () => new Promise((resolve) => release.push(() => resolve({})));
    const worker = new JobWorker(q, new Map([[slow, hold], [laned, hold]]), log, { concurrency: 1, pollMs: 20, shutdownGraceMs: 1000, lanes: new Map([[laned, 2]]) });
    const slowIds = [await q.enqueue(slow, {}, { accountId }), await q.enqueue(slow, {}, { accountId })];
    const lanedIds = [await q.enqueue(laned, {}, { accountId }), await q.enqueue(laned, {}, { accountId }), await q.enqueue(laned, {}, { accountId })];
    worker.start();
    const states = () => Promise.all([...slowIds, ...lanedIds].map(async (id) => (await q.get(accountId, id!))?.state));
    // One shared slot (the first slow job) and two lane slots (the first two laned jobs), whatever the queue order.
    expect(await waitFor(states, (s) => s.filter((x) => x === 'running').length === 3)).toEqual(['running', 'queued', 'running', 'running', 'queued']);
    while (release.length > 0 || (await states()).some((x) => x !== 'succeeded')) {
      release.splice(0).forEach((done) => done());
      await new Promise((r) => setTimeout(r, 25));
    }
    await worker.stop();
  });

  it('deletes finished runs past the retention with their files', async () => {
    const q = makeQueue();
    const type = unique('old');
    const id = await q.enqueue(type, {}, { accountId });
    const job = await q.claim('w', [type]);
    await q.finish(job!, 'w', { kind: 'succeeded', result: { file: { key: 'accounts/1/jobs/x/old.csv', name: 'old.csv', contentType: 'text/csv', size: 1 } } });
    const deleted: string[] = [];
    expect(await q.cleanup(30, async (key) => void deleted.push(key))).toBe(0);
    const future = new JobQueue(new JobsRepo(t.container.db.kysely, t.container.db.dialect), new InProcessEventBus(), { leaseMs: 1000, backoffBaseMs: 1, backoffMaxMs: 1, now: () => Date.now() + 31 * 86_400_000 });
    expect(await future.cleanup(30, async (key) => void deleted.push(key))).toBeGreaterThanOrEqual(1);
    expect(deleted).toContain('accounts/1/jobs/x/old.csv');
    expect(await q.get(accountId, id!)).toBeUndefined();
  });
});
