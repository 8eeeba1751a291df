import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../db/database.js';
import { skipLocked } from '../db/dialect.js';
import type { Database, JobState, JobsTable } from '../db/schema.js';

/** A job as stored (derived from the table type, so the two cannot drift apart). */
export type JobRow = Omit<Selectable<JobsTable>, 'dedupe_key'>;

const jobColumns = [
  'id',
  'account_id',
  'task_id',
  'type',
  'state',
  'payload',
  'attempts',
  'max_attempts',
  'run_at',
  'lease_owner',
  'lease_until',
  'cancel_requested',
  'progress_done',
  'progress_total',
  'progress_message',
  'result',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export type JobListFilter = { state?: JobState | undefined; type?: string | undefined; taskId?: number | undefined; from?: string | undefined; to?: string | undefined };

/** SQL for the jobs table and job logs. */
export class JobsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Inserts a queued job; with a dedupe key already taken, inserts nothing and answers undefined. */
  async insert(job: { accountId: number | null; taskId: number | null; type: string; payload: string; runAt: string; maxAttempts: number; dedupeKey: string | null; now: string }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('jobs')
      .values({ account_id: job.accountId, task_id: job.taskId, type: job.type, state: 'queued', payload: job.payload, run_at: job.runAt, max_attempts: job.maxAttempts, dedupe_key: job.dedupeKey, created_at: job.now, lease_owner: null, lease_until: null, progress_total: null, result: null, error: null, started_at: null, finished_at: null })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Fails running jobs whose lease ran out after their last allowed attempt. */
  async failAbandoned(now: string): Promise<{ id: number; account_id: number | null }[]> {
    return this.db
      .updateTable('jobs')
      .set({ state: 'failed', error: 'The process running this job stopped, and it has no attempts left.', finished_at: now, lease_owner: null, lease_until: null })
      .where('state', '=', 'running')
      .where('lease_until', '<', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .returning(['id', 'account_id'])
      .execute();
  }

  /** Claims the next due job (queued, or running with an expired lease) for this worker. */
  async claim(owner: string, types: string[], now: string, leaseUntil: string): Promise<JobRow | undefined> {
    if (types.length === 0) return undefined;
    const next = skipLocked(
      this.dialect,
      this.db
        .selectFrom('jobs')
        .select('id')
        .where('type', 'in', types)
        .where((eb) => eb.or([eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(1),
    );
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1), started_at: eb.fn.coalesce('started_at', sql<string>`${now}`) }))
      .where('id', '=', next)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]))
      .returning(jobColumns)
      .executeTakeFirst();
  }

  /** Extends a lease this worker still holds; answers the cancel flag, or undefined when the lease was lost. */
  async heartbeat(id: number, owner: string, leaseUntil: string): Promise<{ cancelRequested: boolean } | undefined> {
    const row = await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .returning('cancel_requested')
      .executeTakeFirst();
    return row ? { cancelRequested: row.cancel_requested === 1 } : undefined;
  }

  async setProgress(id: number, owner: string, done: number, total: number | null, message: string): Promise<void> {
    await this.db.updateTable('jobs').set({ progress_done: done, progress_total: total, progress_message: message }).where('id', '=', id).where('lease_owner', '=', owner).execute();
  }

  /** Ends a run this worker holds: succeeded, failed, cancelled, or queued again for a retry. */
  async finish(id: number, owner: string, patch: { state: JobState; result?: string | null; error?: string | null; runAt?: string; now: string }): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({
        state: patch.state,
        ...(patch.result !== undefined ? { result: patch.result } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(patch.runAt !== undefined ? { run_at: patch.runAt } : {}),
        lease_owner: null,
        lease_until: null,
        finished_at: patch.state === 'queued' ? null : patch.now,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async get(accountId: number | null, id: number): Promise<JobRow | undefined> {
    let q = this.db.selectFrom('jobs').select(jobColumns).where('id', '=', id);
    q = accountId === null ? q.where('account_id', 'is', null) : q.where('account_id', '=', accountId);
    return q.executeTakeFirst();
  }

  /** Cancels a queued job at once, or flags a running one for its worker; answers the new state. */
  async requestCancel(accountId: number, id: number, now: string): Promise<JobState | undefined> {
    const queued = await this.db.updateTable('jobs').set({ state: 'cancelled', finished_at: now, error: 'Cancelled before it started.' }).where('account_id', '=', accountId).where('id', '=', id).where('state', '=', 'queued').executeTakeFirst();
    if (Number(queued.numUpdatedRows) > 0) return 'cancelled';
    const running = await this.db.updateTable('jobs').set({ cancel_requested: 1 }).where('account_id', '=', accountId).where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
    if (Number(running.numUpdatedRows) > 0) return 'running';
    return (await this.get(accountId, id))?.state;
  }

  /** Queues a failed or cancelled job again with fresh attempts. */
  async requeue(accountId: number, id: number, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: 0, run_at: now, cancel_requested: 0, error: null, result: null, finished_at: null, progress_done: 0, progress_total: null, progress_message: '' })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('state', 'in', ['failed', 'cancelled'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async list(accountId: number, filter: JobListFilter, offset: number, limit: number): Promise<{ rows: JobRow[]; total: number }> {
    let q = this.db.selectFrom('jobs').where('account_id', '=', accountId);
    if (filter.state) q = q.where('state', '=', filter.state);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.taskId !== undefined) q = q.where('task_id', '=', filter.taskId);
    if (filter.from) q = q.where('created_at', '>=', filter.from);
    if (filter.to) q = q.where('created_at', '<', filter.to);
    const [rows, count] = await Promise.all([
      q.select(jobColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async addLog(jobId: number, level: 'info' | 'warn' | 'error', message: string, at: string): Promise<void> {
    await this.db.insertInto('job_logs').values({ job_id: jobId, level, message: message.slice(0, 2000), at }).execute();
  }

  async logs(jobId: number, limit: number): Promise<{ at: string; level: string; message: string }[]> {
    return this.db.selectFrom('job_logs').select(['at', 'level', 'message']).where('job_id', '=', jobId).orderBy('id').limit(limit).execute();
  }

  /** Finished jobs older than the cut-off, with their results (to delete their files too). */
  async finishedBefore(cutoff: string, limit: number): Promise<{ id: number; payload: string; result: string | null }[]> {
    return this.db.selectFrom('jobs').select(['id', 'payload', 'result']).where('state', 'in', ['succeeded', 'failed', 'cancelled']).where('finished_at', '<', cutoff).orderBy('id').limit(limit).execute();
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('jobs').where('id', 'in', ids).execute();
  }
}
