import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Job, JobStateName, Task, TaskOutputs, TaskSchedule, TaskType, TaskTypeInfo, UploadedTaskSource } from '@scanbase/contracts';
import { taskOutputs } from '@scanbase/contracts';
import { ZodError } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobFile, JobHandler, JobResult } from '../../platform/jobs/job-types.js';
import { PermanentJobError } from '../../platform/jobs/job-types.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { zodIssues } from '../../platform/http/v2/v2-plugin.js';
import { CsvStreamWriter } from '../../platform/csv/csv-file.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import { tableFormat } from '../databases/databases.import.js';
import type { TaskCatalogue } from './task-catalogue.js';
import { checkSchedule, nextRunAfter } from './task-schedule.js';
import { taskJobType } from './task-scheduler.js';
import type { ReferencedTable, TaskRow, TasksRepo } from './tasks.repo.js';

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
    result: result ? { ...(result.file ? { file: { name: result.file.name, contentType: result.file.contentType, size: result.file.size } } : {}), ...(result.summary ? { summary: result.summary } : {}), ...(result.report ? { report: result.report } : {}) } : null,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.started_at && row.finished_at ? new Date(row.finished_at).getTime() - new Date(row.started_at).getTime() : null,
  };
}

/** Where an uploaded task source file lives (the account id in the key keeps accounts apart). */
export function taskFileKey(accountId: number, fileId: string): string {
  return `accounts/${accountId}/task-files/${fileId}`;
}

/**
 * Uploaded source files younger than this are never swept: the task form or import that will name
 * the file may still be on its way.
 */
export const UNUSED_FILE_GRACE_MS = 24 * 3_600_000;
const TASK_FILE_NAME = /^[0-9a-f]{24}\.(csv|xlsx)$/;

/** The uploaded source file named in task inputs, if any. */
function sourceFileOf(inputs: Record<string, unknown>): string | undefined {
  return typeof inputs.fileId === 'string' ? inputs.fileId : undefined;
}

/**
 * Input fields, at any depth (exportscan keeps its under `filters`), that name rows of the account:
 * each id must be the account's, or a run would fail later (or read another account's names).
 */
const REFERENCE_FIELDS: Record<string, { table: ReferencedTable; what: string }> = {
  databaseId: { table: 'databases', what: 'Database' },
  serviceId: { table: 'services', what: 'Service' },
  serviceIds: { table: 'services', what: 'Service' },
  userId: { table: 'app_users', what: 'App user' },
  userIds: { table: 'app_users', what: 'App user' },
  deviceId: { table: 'devices', what: 'Device' },
  deviceIds: { table: 'devices', what: 'Device' },
  templateId: { table: 'export_templates', what: 'Export template' },
  questionId: { table: 'questions', what: 'Question' },
  questionIds: { table: 'questions', what: 'Question' },
};

type Reference = { path: string; table: ReferencedTable; what: string; ids: number[] };

/** The ids named by reference fields in validated inputs, with the path of each field. */
function referencesIn(value: unknown, path: string, out: Reference[] = []): Reference[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const field = REFERENCE_FIELDS[key];
    const ids = typeof child === 'number' ? [child] : Array.isArray(child) ? child.filter((x): x is number => typeof x === 'number') : [];
    if (field && ids.length > 0) out.push({ path: `${path}.${key}`, table: field.table, what: field.what, ids: [...new Set(ids)] });
    else referencesIn(child, `${path}.${key}`, out);
  }
  return out;
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

  /**
   * Checks a task's type, schedule and inputs. `references: false` (running a saved task now) skips
   * the ownership check of named rows: one deleted since the task was saved fails the run with
   * its own message, as a scheduled run would.
   */
  private async validate(accountId: number, type: TaskType, inputs: Record<string, unknown>, schedule: TaskSchedule, timezone: string, references = true): Promise<Record<string, unknown>> {
    const handler = this.deps.catalogue.handler(type);
    if (!handler) throw new AppError('VALIDATION_FAILED', 'This task type cannot run yet.', [{ path: 'type', message: this.catalogue().find((c) => c.type === type)?.unavailableReason ?? 'Not available.' }]);
    try {
      checkSchedule(schedule, timezone);
    } catch (error) {
      throw new AppError('VALIDATION_FAILED', 'The schedule is not valid.', [{ path: 'schedule.expression', message: error instanceof Error ? error.message : String(error) }]);
    }
    const parsed = handler.inputs.safeParse(inputs);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some task inputs are not valid.', zodIssues(parsed.error).map((i) => ({ ...i, path: `inputs.${i.path}` })));
    const fileId = sourceFileOf(parsed.data);
    if (fileId !== undefined && !(await this.deps.storage.exists(taskFileKey(accountId, fileId)))) {
      throw new AppError('VALIDATION_FAILED', 'The uploaded file is not there any more.', [{ path: 'inputs.fileId', message: 'Upload the file again' }]);
    }
    if (references) {
      await this.checkReferences(accountId, parsed.data);
      await handler.check?.(accountId, parsed.data);
    }
    return parsed.data;
  }

  /** Refuses inputs naming a database, service, app user, device, template or question that is not the account's. */
  private async checkReferences(accountId: number, inputs: Record<string, unknown>): Promise<void> {
    for (const ref of referencesIn(inputs, 'inputs')) {
      const owned = await this.deps.repo.ownedIds(accountId, ref.table, ref.ids);
      const missing = ref.ids.find((id) => !owned.has(id));
      if (missing !== undefined) throw new AppError('NOT_FOUND', `${ref.what} ${missing} does not exist.`, [{ path: ref.path, message: `${ref.what} ${missing} does not exist` }]);
    }
  }

  /** Stores an uploaded source file (CSV or XLSX) for an import task; its fileId goes into the task inputs. */
  async saveSourceFile(accountId: number, file: UploadedFile | undefined): Promise<UploadedTaskSource> {
    if (!file) throw new AppError('VALIDATION_FAILED', 'Attach the CSV or XLSX file as the multipart part "file".', [{ path: 'file', message: 'Choose a file' }]);
    if (file.size === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.', [{ path: 'file', message: 'The file is empty' }]);
    const format = tableFormat(file.filename, file.head);
    const fileId = `${randomBytes(12).toString('hex')}.${format}`;
    await file.saveTo(taskFileKey(accountId, fileId));
    return { fileId, name: file.filename.slice(0, 255), size: file.size, format };
  }

  /** Deletes an uploaded source file once no task of the account names it. */
  private async releaseFile(accountId: number, fileId: string | undefined): Promise<void> {
    if (fileId !== undefined && !(await this.deps.repo.usesFile(accountId, fileId))) await this.deps.storage.delete(taskFileKey(accountId, fileId));
  }

  /**
   * Deletes uploaded source files last written before `cutoff` that no task and no run of their
   * account names (uploaded for a task form that was never saved, or for an import that was
   * refused); answers how many. Runs with the jobs clean-up.
   */
  async sweepUnusedFiles(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const account of await this.deps.storage.list('accounts')) {
      if (!account.folder || !/^\d{1,10}$/.test(account.name)) continue;
      const accountId = Number(account.name);
      for (const file of await this.deps.storage.list(`accounts/${accountId}/task-files`)) {
        if (file.folder || !TASK_FILE_NAME.test(file.name) || file.modifiedAt >= cutoff) continue;
        if ((await this.deps.repo.usesFile(accountId, file.name)) || (await this.deps.repo.jobUsesFile(accountId, file.name))) continue;
        await this.deps.storage.delete(taskFileKey(accountId, file.name));
        removed++;
      }
    }
    return removed;
  }

  /**
   * Runs a task type once without a saved task (an import started from a screen); answers the job.
   * The job owns `ownedFileIds`: they are deleted with it when finished runs are cleaned up.
   */
  async runInline(accountId: number, type: TaskType, inputs: Record<string, unknown>, ownedFileIds: string[] = []): Promise<number> {
    const valid = await this.validate(accountId, type, inputs, { kind: 'manual' }, 'UTC');
    const id = await this.deps.queue.enqueue(taskJobType(type), { taskId: null, inputs: valid, files: ownedFileIds.map((f) => taskFileKey(accountId, f)) }, { accountId, taskId: null, maxAttempts: 3 });
    if (id === undefined) throw new AppError('CONFLICT', 'The run could not be queued.');
    return id;
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
    const inputs = await this.validate(accountId, input.type, input.inputs, input.schedule, input.timezone);
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
    const inputs = await this.validate(accountId, current.type, patch.inputs ?? current.inputs, schedule, timezone);
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
    if (sourceFileOf(current.inputs) !== sourceFileOf(inputs)) await this.releaseFile(accountId, sourceFileOf(current.inputs));
    return this.get(accountId, patch.id);
  }

  async delete(accountId: number, id: number): Promise<void> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row || !(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'No such task.');
    await this.releaseFile(accountId, sourceFileOf(JSON.parse(row.inputs) as Record<string, unknown>));
  }

  private async enqueueRun(accountId: number, taskId: number, type: string): Promise<number> {
    const id = await this.deps.queue.enqueue(taskJobType(type), { taskId, slot: null }, { accountId, taskId });
    if (id === undefined) throw new AppError('CONFLICT', 'The run could not be queued.');
    return id;
  }

  async runNow(accountId: number, id: number): Promise<number> {
    const task = await this.get(accountId, id);
    await this.validate(accountId, task.type, task.inputs, task.schedule, task.timezone, false);
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

  async jobFile(accountId: number, id: number): Promise<{ file: JobFile; data: Readable }> {
    const row = await this.deps.queue.get(accountId, id);
    const file = row?.result ? (JSON.parse(row.result) as JobResult).file : undefined;
    const data = file ? await this.deps.storage.getStream(file.key) : undefined;
    if (!file || !data) throw new AppError('NOT_FOUND', 'This run has no file (or it was cleaned up).');
    return { file, data };
  }

  /** The job handlers for every registered task type (`task.<type>`). */
  jobHandlers(): Map<string, JobHandler> {
    const map = new Map<string, JobHandler>();
    const storage = this.deps.storage;
    for (const type of this.deps.catalogue.types()) {
      map.set(taskJobType(type), async (ctx) => {
        // A saved task's run reads the task's inputs; a run started without a task carries them.
        const payload = ctx.payload as { taskId: number | null; inputs?: Record<string, unknown> };
        if (ctx.accountId === null) throw new PermanentJobError('A task run needs an account.');
        const accountId = ctx.accountId;
        let taskId: number | null = null;
        let rawInputs: unknown = payload.inputs;
        if (payload.taskId !== null) {
          const row = await this.deps.repo.get(accountId, payload.taskId);
          if (!row) throw new PermanentJobError('The task was deleted.');
          taskId = row.id;
          rawInputs = JSON.parse(row.inputs);
        }
        const handler = this.deps.catalogue.handler(type);
        if (!handler) throw new PermanentJobError(`Task type ${type} cannot run on this install.`);
        const parsed = handler.inputs.safeParse(rawInputs);
        if (!parsed.success) throw new PermanentJobError(`The task inputs are no longer valid: ${new ZodError(parsed.error.issues).issues.map((i) => i.message).join('; ')}`);
        const fileKey = (name: string) => `accounts/${accountId}/jobs/${ctx.jobId}/${name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'file'}`;
        return handler.run({
          ...ctx,
          accountId,
          taskId,
          inputs: parsed.data,
          saveFile: async (name, contentType, data) => {
            const key = fileKey(name);
            await storage.put(key, data, contentType);
            return { key, name: key.slice(key.lastIndexOf('/') + 1), contentType, size: data.length };
          },
          saveStream: async (name, contentType, source) => {
            const key = fileKey(name);
            const size = await storage.putStream(key, source, contentType);
            return { key, name: key.slice(key.lastIndexOf('/') + 1), contentType, size };
          },
          openFile: async (fileId) => {
            const key = taskFileKey(accountId, fileId);
            const [stream, size] = [await storage.getStream(key), await storage.size(key)];
            if (!stream || size === undefined) throw new PermanentJobError('The uploaded file is not there any more; upload it again.');
            return { stream, size };
          },
          spool: async (source) => {
            const key = fileKey(`source-${randomBytes(6).toString('hex')}`);
            const size = await storage.putStream(key, source);
            return {
              size,
              open: async () => (await storage.getStream(key)) ?? Readable.from([]),
              remove: () => storage.delete(key),
            };
          },
          csvFile: (name, header) => {
            const key = fileKey(name);
            const writer = new CsvStreamWriter(storage, key, header);
            return {
              write: (cells) => writer.write(cells),
              finish: async () => ({ key, name: key.slice(key.lastIndexOf('/') + 1), contentType: 'text/csv; charset=utf-8', size: await writer.close() }),
              abort: () => writer.abort(),
            };
          },
        });
      });
    }
    return map;
  }
}
