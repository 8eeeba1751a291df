import type { EventBus } from '../bus/event-bus.js';
import type { JobState } from '../db/schema.js';
import type { JobListFilter, JobRow, JobsRepo } from './jobs.repo.js';

export type EnqueueOptions = {
  accountId: number | null;
  taskId?: number | null;
  runAt?: Date;
  maxAttempts?: number;
  /** Jobs with the same key are created once (schedule slots). */
  dedupeKey?: string;
};

export type QueueOptions = { leaseMs: number; backoffBaseMs: number; backoffMaxMs: number; now?: () => number };

export const defaultQueueOptions: QueueOptions = { leaseMs: 30_000, backoffBaseMs: 5_000, backoffMaxMs: 10 * 60_000 };

/** The jobs platform: enqueue, claim with a lease, progress, finish, retry with backoff, cancel, clean up. */
export class JobQueue {
  private readonly wakers = new Set<() => void>();
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(
    readonly repo: JobsRepo,
    private readonly bus: EventBus,
    readonly options: QueueOptions = defaultQueueOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  /** Lets a worker in this process start at once when a job is queued. */
  onEnqueued(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  private async announce(accountId: number | null, id: number): Promise<void> {
    if (accountId !== null) await this.bus.publish({ accountId, topic: 'job', id });
  }

  /** Queues a job; answers its id, or undefined when its dedupe key was already used. */
  async enqueue(type: string, payload: unknown, options: EnqueueOptions): Promise<number | undefined> {
    const id = await this.repo.insert({
      accountId: options.accountId,
      taskId: options.taskId ?? null,
      type,
      payload: JSON.stringify(payload ?? {}),
      runAt: (options.runAt ?? new Date(this.now())).toISOString(),
      maxAttempts: options.maxAttempts ?? 3,
      dedupeKey: options.dedupeKey ?? null,
      now: this.iso(),
    });
    if (id !== undefined) {
      await this.announce(options.accountId, id);
      for (const wake of this.wakers) wake();
    }
    return id;
  }

  /** Claims the next due job of these types for the owner (after failing abandoned ones). */
  async claim(owner: string, types: string[]): Promise<JobRow | undefined> {
    const now = this.iso();
    // Abandoned jobs can only appear once a lease expires, so sweeping a few times per lease is enough.
    if (this.now() - this.lastSweep >= this.options.leaseMs / 4) {
      this.lastSweep = this.now();
      for (const job of await this.repo.failAbandoned(now)) await this.announce(job.account_id, job.id);
    }
    const job = await this.repo.claim(owner, types, now, this.iso(this.options.leaseMs));
    if (job) await this.announce(job.account_id, job.id);
    return job;
  }

  heartbeat(job: JobRow, owner: string): Promise<{ cancelRequested: boolean } | undefined> {
    return this.repo.heartbeat(job.id, owner, this.iso(this.options.leaseMs));
  }

  async progress(job: JobRow, owner: string, done: number, total: number | null, message: string): Promise<void> {
    await this.repo.setProgress(job.id, owner, done, total, message);
    await this.announce(job.account_id, job.id);
  }

  async log(job: JobRow, level: 'info' | 'warn' | 'error', message: string): Promise<void> {
    await this.repo.addLog(job.id, level, message, this.iso());
  }

  /** The delay before retry number `attempt` (1-based): base × 2^(attempt-1), capped. */
  backoffMs(attempt: number): number {
    return Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  }

  /** Ends a run; answers the state the job is left in. */
  async finish(job: JobRow, owner: string, outcome: { kind: 'succeeded'; result: unknown } | { kind: 'cancelled' } | { kind: 'failed'; error: string; permanent: boolean; result?: unknown } | { kind: 'interrupted' }): Promise<JobState> {
    const now = this.iso();
    let state: JobState;
    if (outcome.kind === 'succeeded') {
      state = 'succeeded';
      await this.repo.finish(job.id, owner, { state, result: JSON.stringify(outcome.result ?? {}), error: null, now });
    } else if (outcome.kind === 'cancelled') {
      state = 'cancelled';
      await this.repo.finish(job.id, owner, { state, error: 'Cancelled.', now });
    } else if (outcome.kind === 'interrupted') {
      // Shutting down: hand the job back at once instead of waiting for the lease to expire.
      state = 'queued';
      await this.repo.finish(job.id, owner, { state, runAt: now, now });
    } else if (!outcome.permanent && job.attempts < job.max_attempts) {
      state = 'queued';
      await this.repo.finish(job.id, owner, { state, error: outcome.error, runAt: this.iso(this.backoffMs(job.attempts)), now });
    } else {
      state = 'failed';
      await this.repo.finish(job.id, owner, { state, error: outcome.error, now, ...(outcome.result !== undefined ? { result: JSON.stringify(outcome.result) } : {}) });
    }
    await this.announce(job.account_id, job.id);
    return state;
  }

  get(accountId: number, id: number): Promise<JobRow | undefined> {
    return this.repo.get(accountId, id);
  }

  list(accountId: number, filter: JobListFilter, offset: number, limit: number): Promise<{ rows: JobRow[]; total: number }> {
    return this.repo.list(accountId, filter, offset, limit);
  }

  logs(jobId: number): Promise<{ at: string; level: string; message: string }[]> {
    return this.repo.logs(jobId, 500);
  }

  /** Cancels a queued job, or asks the worker of a running one to stop. */
  async cancel(accountId: number, id: number): Promise<JobState | undefined> {
    const state = await this.repo.requestCancel(accountId, id, this.iso());
    if (state !== undefined) await this.announce(accountId, id);
    return state;
  }

  /** Queues a failed or cancelled job again. */
  async retry(accountId: number, id: number): Promise<boolean> {
    const ok = await this.repo.requeue(accountId, id, this.iso());
    if (ok) {
      await this.announce(accountId, id);
      for (const wake of this.wakers) wake();
    }
    return ok;
  }

  /** Deletes finished jobs older than the retention, with their result files and the files their payload owns; answers how many. */
  async cleanup(retentionDays: number, deleteFile: (key: string) => Promise<void>): Promise<number> {
    const cutoff = this.iso(-retentionDays * 86_400_000);
    let removed = 0;
    for (;;) {
      const batch = await this.repo.finishedBefore(cutoff, 200);
      if (batch.length === 0) return removed;
      for (const job of batch) {
        const key = job.result ? (JSON.parse(job.result) as { file?: { key?: string } }).file?.key : undefined;
        if (key) await deleteFile(key);
        const owned = (JSON.parse(job.payload) as { files?: unknown }).files;
        if (Array.isArray(owned)) for (const k of owned) if (typeof k === 'string') await deleteFile(k);
      }
      await this.repo.deleteMany(batch.map((j) => j.id));
      removed += batch.length;
    }
  }
}
