import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue.js';
import { AppError } from '../errors.js';
import { FailedWithResult, PermanentJobError, type JobHandler, type JobResult } from './job-types.js';
import type { JobRow } from './jobs.repo.js';

const PROGRESS_EVERY_MS = 250;

/**
 * `concurrency` slots are shared by every job type; a type listed in `lanes` runs in slots of its own instead
 * (webhook deliveries: one long run per subscription must neither wait for nor block exports and imports).
 */
export type WorkerOptions = { concurrency: number; pollMs: number; shutdownGraceMs: number; lanes?: ReadonlyMap<string, number> };

/** Bad input cannot get better by retrying: a PermanentJobError, or a user-caused AppError. */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  return error instanceof AppError && ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'BAD_REQUEST'].includes(error.code);
}

/** Claims jobs of the types it has handlers for and runs them, `concurrency` at a time. */
export class JobWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void>; lane: string }>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private started = false;
  private ticking = false;
  private unsubscribe: (() => void) | undefined;
  private readonly finishedListeners = new Set<(job: JobRow, state: string) => void>();

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: Map<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = { concurrency: 2, pollMs: 500, shutdownGraceMs: 10_000 },
  ) {}

  /** Called after every run ends (notifications hang here). */
  onFinished(listener: (job: JobRow, state: string) => void): void {
    this.finishedListeners.add(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.queue.onEnqueued(() => void this.tick());
    this.schedule();
  }

  private schedule(): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Claims jobs until the slots are full or nothing is due. */
  async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    try {
      while (!this.stopping) {
        const types = this.claimable();
        if (types.length === 0) break;
        const job = await this.queue.claim(this.owner, types);
        if (!job) break;
        this.launch(job);
      }
    } catch (err) {
      this.log.error({ err }, 'claiming a job failed');
    } finally {
      this.ticking = false;
    }
  }

  /** The lane of a job type: its own name when it has slots of its own, else '' (the shared slots). */
  private laneOf(type: string): string {
    return this.options.lanes?.has(type) ? type : '';
  }

  /** The job types that have a free slot now. */
  private claimable(): string[] {
    const used = new Map<string, number>();
    for (const r of this.running.values()) used.set(r.lane, (used.get(r.lane) ?? 0) + 1);
    return [...this.handlers.keys()].filter((type) => {
      const lane = this.laneOf(type);
      return (used.get(lane) ?? 0) < (lane === '' ? this.options.concurrency : this.options.lanes!.get(lane)!);
    });
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const done = this.run(job, controller)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        this.running.delete(job.id);
        void this.tick();
      });
    this.running.set(job.id, { controller, done, lane: this.laneOf(job.type) });
  }

  private async run(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(job.type);
    let lostLease = false;
    const beat = setInterval(() => {
      this.queue
        .heartbeat(job, this.owner)
        .then((hb) => {
          if (!hb) {
            lostLease = true;
            controller.abort(new Error('lease lost'));
          } else if (hb.cancelRequested) controller.abort(new Error('cancelled'));
        })
        .catch((err: unknown) => this.log.warn({ err, jobId: job.id }, 'heartbeat failed'));
    }, Math.max(50, Math.floor(this.queue.options.leaseMs / 3)));
    beat.unref();

    let lastWrite = 0;
    let pending: { done: number; total: number | null; message: string } | undefined;
    let writing: Promise<void> = Promise.resolve();
    const flushProgress = () => {
      if (!pending) return;
      const p = pending;
      pending = undefined;
      lastWrite = Date.now();
      writing = writing.then(() => this.queue.progress(job, this.owner, p.done, p.total, p.message)).catch((err: unknown) => this.log.warn({ err }, 'progress write failed'));
    };

    let outcome: Parameters<JobQueue['finish']>[2];
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}.`);
      const result: JobResult | undefined = await handler({
        jobId: job.id,
        accountId: job.account_id,
        taskId: job.task_id,
        attempt: job.attempts,
        payload: JSON.parse(job.payload) as unknown,
        signal: controller.signal,
        progress: (done, total = null, message = '') => {
          pending = { done, total, message };
          if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) flushProgress();
        },
        log: (message, level = 'info') => this.queue.log(job, level, message),
      });
      outcome = { kind: 'succeeded', result: result ?? {} };
    } catch (error) {
      const reason = controller.signal.reason as Error | undefined;
      if (this.stopping && controller.signal.aborted && reason?.message === 'shutdown') outcome = { kind: 'interrupted' };
      else if (controller.signal.aborted && reason?.message === 'cancelled') outcome = { kind: 'cancelled' };
      else outcome = { kind: 'failed', error: error instanceof Error ? error.message : String(error), permanent: isPermanent(error), ...(error instanceof FailedWithResult ? { result: error.result } : {}) };
    } finally {
      clearInterval(beat);
    }
    flushProgress();
    await writing;
    if (lostLease) return; // another worker owns it now
    if (outcome.kind === 'failed') await this.queue.log(job, 'error', outcome.error).catch(() => undefined);
    const state = await this.queue.finish(job, this.owner, outcome);
    for (const listener of this.finishedListeners) listener(job, state);
  }

  /** Stops claiming; lets running jobs end within the grace period, then hands them back. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    const grace = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), this.options.shutdownGraceMs).unref());
    if ((await Promise.race([all.then(() => 'done' as const), grace])) === 'timeout') {
      for (const r of this.running.values()) r.controller.abort(new Error('shutdown'));
      await all;
    }
  }

  /** Number of jobs running now. */
  get busy(): number {
    return this.running.size;
  }
}
