import type { Job, JobStateName, Task, TaskOutputs, TaskSchedule, TaskType, TaskTypeInfo } from '@scanbase/contracts';
import { taskOutputs } from '@scanbase/contracts';
import { ZodError } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobFile, JobHandler, JobResult } from '../../platform/jobs/job-types.js';
import { PermanentJobError } from '../../platform/jobs/job-types.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { zodIssues } from '../../platform/http/v2/v2-plugin.js';
import type { TaskCatalogue } from './task-catalogue.js';
import { checkSchedule, nextRunAfter } from './task-schedule.js';
import { taskJobType } from './task-scheduler.js';
import type { TaskRow, TasksRepo } from './tasks.repo.js';

type StoredSchedule = { schedule: TaskSchedule; timezone: string };

function toTask(row: TaskRow, lastState: string | null): Task {
  const { schedule, timezone } = JSON.parse(row.schedule) as StoredSchedule;
  return {
    id: row.id,
    type: row.type as TaskType,
    name: row.name,
    schedule,
    timezone,
    inputs: JSON.parse(row.inputs) as Record<string, unknown>,
    outputs: JSON.parse(row.outputs) as TaskOutputs,
    enabled: row.enabled === 1,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    lastState: (lastState as JobStateName | null) ?? null,
    createdAt: row.created_at,
  };
}

/** A run as the screens show it. */
export function toJob(row: JobRow, taskName: string | null = null): Job {
  const result = row.result ? (JSON.parse(row.result) as JobResult) : null;
  return {
    id: row.id,
    type: row.type,
    taskId: row.task_id,
    taskName,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    progress: { done: row.progress_done, total: row.progress_total, message: row.progress_message },
    result: result ? { ...(result.file ? { file: { name: result.file.name, contentType: result.file.contentType, size: result.file.size } } : {}), ...(result.summary ? { summary: result.summary } : {}) } : null,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.started_at && row.finished_at ? new Date(row.finished_at).getTime() - new Date(row.started_at).getTime() : null,
  };
}

type TaskInput = { type: TaskType; name: string; schedule: TaskSchedule; timezone: string; inputs: Record<string, unknown>; outputs: TaskOutputs; enabled: boolean; runNow: boolean };

/** Tasks (scheduled or on demand), their runs, and the job handlers that run them. */
export class TasksService {
  constructor(
    private readonly deps: { repo: TasksRepo; queue: JobQueue; catalogue: TaskCatalogue; storage: BlobStorage; now?: () => Date },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  catalogue(): TaskTypeInfo[] {
    return this.deps.catalogue.list();
  }

  private validate(type: TaskType, inputs: Record<string, unknown>, schedule: TaskSchedule, timezone: string): Record<string, unknown> {
    const handler = this.deps.catalogue.handler(type);
    if (!handler) throw new AppError('VALIDATION_FAILED', 'This task type cannot run yet.', [{ path: 'type', message: this.catalogue().find((c) => c.type === type)?.unavailableReason ?? 'Not available.' }]);
    try {
      checkSchedule(schedule, timezone);
    } catch (error) {
      throw new AppError('VALIDATION_FAILED', 'The schedule is not valid.', [{ path: 'schedule.expression', message: error instanceof Error ? error.message : String(error) }]);
    }
    const parsed = handler.inputs.safeParse(inputs);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some task inputs are not valid.', zodIssues(parsed.error).map((i) => ({ ...i, path: `inputs.${i.path}` })));
    return parsed.data;
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; type?: TaskType | undefined; scheduledOnly: boolean }) {
    const { rows, total } = await this.deps.repo.list(accountId, { offset: (q.page - 1) * q.limit, limit: q.limit, search: q.search, type: q.type, scheduledOnly: q.scheduledOnly });
    return { items: rows.map((r) => toTask(r, r.last_state)), total, page: q.page, limit: q.limit };
  }

  async get(accountId: number, id: number): Promise<Task> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such task.');
    return toTask(row, await this.deps.repo.lastState(id));
  }

  async create(accountId: number, input: TaskInput): Promise<{ task: Task; jobId: number | null }> {
    const inputs = this.validate(input.type, input.inputs, input.schedule, input.timezone);
    const now = this.now().toISOString();
    const next = input.enabled ? nextRunAfter(input.schedule, input.timezone, this.now()) : null;
    const row = await this.deps.repo.insert(accountId, {
      type: input.type,
      name: input.name,
      schedule: JSON.stringify({ schedule: input.schedule, timezone: input.timezone } satisfies StoredSchedule),
      inputs: JSON.stringify(inputs),
      outputs: JSON.stringify(input.outputs),
      enabled: input.enabled ? 1 : 0,
      next_run_at: next?.toISOString() ?? null,
      created_at: now,
      updated_at: now,
    });
    const jobId = input.runNow ? await this.enqueueRun(accountId, row.id, row.type) : null;
    return { task: toTask(row, null), jobId };
  }

  async update(accountId: number, patch: { id: number; name?: string | undefined; schedule?: TaskSchedule | undefined; timezone?: string | undefined; inputs?: Record<string, unknown> | undefined; outputs?: TaskOutputs | undefined; enabled?: boolean | undefined }): Promise<Task> {
    const current = await this.get(accountId, patch.id);
    const schedule = patch.schedule ?? current.schedule;
    const timezone = patch.timezone ?? current.timezone;
    const enabled = patch.enabled ?? current.enabled;
    const inputs = this.validate(current.type, patch.inputs ?? current.inputs, schedule, timezone);
    const next = enabled ? nextRunAfter(schedule, timezone, this.now()) : null;
    await this.deps.repo.update(accountId, patch.id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      schedule: JSON.stringify({ schedule, timezone } satisfies StoredSchedule),
      inputs: JSON.stringify(inputs),
      ...(patch.outputs !== undefined ? { outputs: JSON.stringify(taskOutputs.parse(patch.outputs)) } : {}),
      enabled: enabled ? 1 : 0,
      next_run_at: next?.toISOString() ?? null,
      updated_at: this.now().toISOString(),
    });
    return this.get(accountId, patch.id);
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'No such task.');
  }

  private async enqueueRun(accountId: number, taskId: number, type: string): Promise<number> {
    const id = await this.deps.queue.enqueue(taskJobType(type), { taskId, slot: null }, { accountId, taskId });
    if (id === undefined) throw new AppError('CONFLICT', 'The run could not be queued.');
    return id;
  }

  async runNow(accountId: number, id: number): Promise<number> {
    const task = await this.get(accountId, id);
    this.validate(task.type, task.inputs, task.schedule, task.timezone);
    return this.enqueueRun(accountId, id, task.type);
  }

  async notifications(accountId: number) {
    const rows = await this.deps.repo.withOutputs(accountId);
    return {
      items: rows.map((r) => {
        const o = JSON.parse(r.outputs) as TaskOutputs;
        return { taskId: r.id, taskName: r.name, onSuccess: o.notifyOnSuccess, onFailure: o.notifyOnFailure, postbackUrl: o.postbackUrl };
      }),
    };
  }

  async listJobs(accountId: number, q: { page: number; limit: number; state?: JobStateName | undefined; type?: string | undefined; taskId?: number | undefined; from?: string | undefined; to?: string | undefined }) {
    const { rows, total } = await this.deps.queue.list(accountId, q, (q.page - 1) * q.limit, q.limit);
    const names = await this.deps.repo.names(accountId, [...new Set(rows.map((r) => r.task_id).filter((t): t is number => t !== null))]);
    return { items: rows.map((r) => toJob(r, r.task_id === null ? null : (names.get(r.task_id) ?? null))), total, page: q.page, limit: q.limit };
  }

  async getJob(accountId: number, id: number) {
    const row = await this.deps.queue.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such run.');
    const task = row.task_id === null ? undefined : await this.deps.repo.get(accountId, row.task_id);
    return { ...toJob(row, task?.name ?? null), log: await this.deps.queue.logs(id) };
  }

  async cancelJob(accountId: number, id: number): Promise<JobStateName> {
    const state = await this.deps.queue.cancel(accountId, id);
    if (state === undefined) throw new AppError('NOT_FOUND', 'No such run.');
    return state;
  }

  async retryJob(accountId: number, id: number): Promise<void> {
    const row = await this.deps.queue.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such run.');
    if (!(await this.deps.queue.retry(accountId, id))) throw new AppError('CONFLICT', `Only failed or cancelled runs can be retried; this one is ${row.state}.`);
  }

  async jobFile(accountId: number, id: number): Promise<{ file: JobFile; data: Buffer }> {
    const row = await this.deps.queue.get(accountId, id);
    const file = row?.result ? (JSON.parse(row.result) as JobResult).file : undefined;
    const data = file ? await this.deps.storage.get(file.key) : undefined;
    if (!file || !data) throw new AppError('NOT_FOUND', 'This run has no file (or it was cleaned up).');
    return { file, data };
  }

  /** The job handlers for every registered task type (`task.<type>`). */
  jobHandlers(): Map<string, JobHandler> {
    const map = new Map<string, JobHandler>();
    for (const type of this.deps.catalogue.types()) {
      map.set(taskJobType(type), async (ctx) => {
        const payload = ctx.payload as { taskId: number };
        if (ctx.accountId === null) throw new PermanentJobError('A task run needs an account.');
        const accountId = ctx.accountId;
        const row = await this.deps.repo.get(accountId, payload.taskId);
        if (!row) throw new PermanentJobError('The task was deleted.');
        const handler = this.deps.catalogue.handler(type);
        if (!handler) throw new PermanentJobError(`Task type ${type} cannot run on this install.`);
        const parsed = handler.inputs.safeParse(JSON.parse(row.inputs));
        if (!parsed.success) throw new PermanentJobError(`The task inputs are no longer valid: ${new ZodError(parsed.error.issues).issues.map((i) => i.message).join('; ')}`);
        return handler.run({
          ...ctx,
          accountId,
          taskId: row.id,
          inputs: parsed.data,
          saveFile: async (name, contentType, data) => {
            const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'file';
            const key = `accounts/${accountId}/jobs/${ctx.jobId}/${safe}`;
            await this.deps.storage.put(key, data, contentType);
            return { key, name: safe, contentType, size: data.length };
          },
        });
      });
    }
    return map;
  }
}
