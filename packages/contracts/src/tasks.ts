import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';
import { isTimeZone } from './settings.js';
import { columnMapping, importReport } from './databases.js';

/** Every task type of the product spec (account/tasks). */
export const taskTypes = [
  'downloaddatabase',
  'downloadscan',
  'generatebarcode',
  'exportscan',
  'clearDatabase',
  'importdatabase',
  'bulkscanremoval',
  'importuser',
  'postback',
  'downloadcheckinout',
  'downloaddevices',
  'importcheckinoutscans',
  'importtablebuilderscans',
  'exportuser',
  'importtable',
] as const;
export const taskType = z.enum(taskTypes);
export type TaskType = z.infer<typeof taskType>;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');

/** When a task runs: on demand only, once at a time, or on a repeating schedule, in a time zone. */
export const taskSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('once'), at: z.iso.datetime({ offset: true }) }),
  z.object({ kind: z.literal('hourly'), minute: z.number().int().min(0).max(59) }),
  z.object({ kind: z.literal('daily'), time }),
  z.object({ kind: z.literal('weekly'), weekday: z.number().int().min(0).max(6), time }),
  z.object({ kind: z.literal('monthly'), day: z.union([z.number().int().min(1).max(28), z.literal('last')]), time }),
  z.object({ kind: z.literal('cron'), expression: z.string().trim().min(9).max(120) }),
]);
export type TaskSchedule = z.infer<typeof taskSchedule>;

/** Where a finished task's result goes: kept for download, mailed, posted to a URL. */
export const taskOutputs = z.object({
  notifyOnSuccess: z.array(z.email()).max(20).default([]),
  notifyOnFailure: z.array(z.email()).max(20).default([]),
  postbackUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
});
export type TaskOutputs = z.infer<typeof taskOutputs>;

export const jobState = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobStateName = z.infer<typeof jobState>;

export const task = z.object({
  id,
  type: taskType,
  name: z.string(),
  schedule: taskSchedule,
  timezone: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  outputs: taskOutputs,
  enabled: z.boolean(),
  nextRunAt: timestamp.nullable(),
  lastRunAt: timestamp.nullable(),
  lastState: jobState.nullable(),
  createdAt: timestamp,
});
export type Task = z.infer<typeof task>;

export const jobFile = z.object({ name: z.string(), contentType: z.string(), size: z.number().int() });

export const job = z.object({
  id,
  type: z.string(),
  taskId: id.nullable(),
  taskName: z.string().nullable(),
  state: jobState,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  progress: z.object({ done: z.number(), total: z.number().nullable(), message: z.string() }),
  result: z.object({ file: jobFile.optional(), summary: z.string().optional(), report: importReport.optional() }).nullable(),
  error: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  durationMs: z.number().nullable(),
});
export type Job = z.infer<typeof job>;

/** What each task type needs and whether it can run yet on this install. */
export const taskTypeInfo = z.object({ type: taskType, label: z.string(), description: z.string(), available: z.boolean(), unavailableReason: z.string().nullable(), editable: z.boolean() });
export type TaskTypeInfo = z.infer<typeof taskTypeInfo>;

const taskBody = z.object({
  type: taskType,
  name: z.string().trim().min(1, 'Give the task a name').max(120),
  schedule: taskSchedule.default({ kind: 'manual' }),
  timezone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').default('UTC'),
  inputs: z.record(z.string(), z.unknown()).default({}),
  outputs: taskOutputs.default({ notifyOnSuccess: [], notifyOnFailure: [], postbackUrl: '' }),
  enabled: z.boolean().default(true),
  runNow: z.boolean().default(false),
});

export const taskCatalogue = defineV2Route({ path: 'tasks/catalogue', access: 'admin', summary: 'Task types with what they do and whether they can run yet.', body: z.object({}), reply: z.object({ items: z.array(taskTypeInfo) }) });
export const listTasks = defineV2Route({ path: 'tasks/list', access: 'admin', summary: 'Tasks of the account (scheduled and on demand).', body: listQuery.extend({ type: taskType.optional(), scheduledOnly: z.boolean().default(false) }), reply: listReply(task) });
export const getTask = defineV2Route({ path: 'tasks/get', access: 'admin', summary: 'One task.', body: z.object({ id }), reply: task });
export const createTask = defineV2Route({ path: 'tasks/create', access: 'admin', summary: 'Create a task; runNow queues a first run at once.', body: taskBody, reply: z.object({ task, jobId: id.nullable() }) });
export const updateTask = defineV2Route({ path: 'tasks/update', access: 'admin', summary: 'Change a task (its type stays).', body: taskBody.omit({ type: true, runNow: true }).partial().extend({ id }), reply: task });
export const deleteTask = defineV2Route({ path: 'tasks/delete', access: 'admin', summary: 'Delete a task (its past runs stay in the log).', body: z.object({ id }), reply: okReply });
export const runTask = defineV2Route({ path: 'tasks/run', access: 'admin', summary: 'Queue a run of a task now.', body: z.object({ id }), reply: z.object({ jobId: id }) });
export const listNotifications = defineV2Route({
  path: 'tasks/notifications',
  access: 'admin',
  summary: 'Who is told what when each task ends or fails.',
  body: z.object({}),
  reply: z.object({ items: z.array(z.object({ taskId: id, taskName: z.string(), onSuccess: z.array(z.string()), onFailure: z.array(z.string()), postbackUrl: z.string() })) }),
});

export const listJobs = defineV2Route({
  path: 'jobs/list',
  access: 'admin',
  summary: 'Runs (task instances and other background work), newest first; the task log.',
  body: listQuery.extend({ state: jobState.optional(), type: z.string().max(40).optional(), taskId: id.optional(), from: z.iso.datetime().optional(), to: z.iso.datetime().optional() }),
  reply: listReply(job),
});
export const getJob = defineV2Route({ path: 'jobs/get', access: 'admin', summary: 'One run with its log (the progress page).', body: z.object({ id }), reply: job.extend({ log: z.array(z.object({ at: timestamp, level: z.string(), message: z.string() })) }) });
export const cancelJob = defineV2Route({ path: 'jobs/cancel', access: 'admin', summary: 'Cancel a queued run, or ask a running one to stop.', body: z.object({ id }), reply: z.object({ state: jobState }) });
export const retryJob = defineV2Route({ path: 'jobs/retry', access: 'admin', summary: 'Queue a failed or cancelled run again.', body: z.object({ id }), reply: okReply });
export const downloadJobFile = defineV2Route({ path: 'jobs/download', access: 'admin', summary: "The file a run produced (the reply is the file's bytes).", body: z.object({ id }), reply: z.unknown() });

/** A source file uploaded with `tasks/upload-source`: 24 hex digits and the format. */
export const taskFileId = z.string().regex(/^[0-9a-f]{24}\.(csv|xlsx)$/, 'Upload the file again');
export const uploadedTaskSource = z.object({ fileId: taskFileId, name: z.string(), size: z.number().int(), format: z.enum(['csv', 'xlsx']) });
export type UploadedTaskSource = z.infer<typeof uploadedTaskSource>;

/** Multipart: a `file` part (CSV or XLSX), streamed to storage. Put the answered `fileId` (and `fileName`) in an import task's inputs instead of `url`. */
export const uploadTaskSource = defineV2Route({ path: 'tasks/upload-source', access: 'admin', summary: 'Uploads the CSV or XLSX source file of an import task; answers the fileId to put in its inputs.', body: z.object({}), reply: uploadedTaskSource });

/** Where an import task reads from: a URL (fetched at each run) or an uploaded file (`fileId`), exactly one. */
const importSource = {
  url: z.url({ protocol: /^https?$/ }).optional(),
  fileId: taskFileId.optional(),
  /** The uploaded file's name, shown on the task screens. */
  fileName: z.string().max(255).optional(),
};
function oneSource(v: { url?: string | undefined; fileId?: string | undefined }): boolean {
  return (v.url === undefined) !== (v.fileId === undefined);
}
const sourceIssue = { message: 'Give a URL or upload a file (one of the two)', path: ['url'] };

/** Inputs of an `importdatabase` task. Without `columns` the file is the legacy layout (value, response, validity; at most 3 columns). */
export const importDatabaseInputs = z
  .object({
    databaseId: id,
    ...importSource,
    trimValue: z.boolean().default(true),
    hasHeader: z.boolean().default(false),
    columns: columnMapping.optional(),
    /** 'skip': import the good rows and report the others; 'abort': all or nothing. */
    onError: z.enum(['abort', 'skip']).default('skip'),
  })
  .refine(oneSource, sourceIssue);
export type ImportDatabaseInputs = z.infer<typeof importDatabaseInputs>;

/** Which column (0-based) holds the username, password, device limit and services (ids separated by spaces, commas, semicolons or |). */
export const userColumnMapping = z.object({
  username: z.number().int().min(0).max(200),
  password: z.number().int().min(0).max(200).nullable().optional(),
  deviceLimit: z.number().int().min(0).max(200).nullable().optional(),
  services: z.number().int().min(0).max(200).nullable().optional(),
});

/** Inputs of an `importuser` task: one app user per row. Email usernames get the invitation mail (their password cell is ignored). */
export const importUserInputs = z
  .object({
    ...importSource,
    hasHeader: z.boolean().default(true),
    columns: userColumnMapping.default({ username: 0, password: 1, deviceLimit: 2, services: 3 }),
    /** 'abort' (default): all or nothing; 'skip': create the good rows and report the others. */
    onError: z.enum(['abort', 'skip']).default('abort'),
  })
  .refine(oneSource, sourceIssue);
export type ImportUserInputs = z.infer<typeof importUserInputs>;

/** Which movements a `downloadcheckinout` run takes: all, the last N units, or local dates (from–to inclusive, in the account's zone). */
export const checkInOutPeriod = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('last'), metric: z.enum(['hour', 'day', 'week', 'month']), number: z.number().int().min(1).max(10_000) }),
  z.object({ kind: z.literal('range'), from: z.iso.date('Use YYYY-MM-DD'), to: z.iso.date('Use YYYY-MM-DD') }).refine((p) => p.from <= p.to, { message: 'The end is before the start', path: ['to'] }),
]);

/** Inputs of a `downloadcheckinout` task: the roster (every moved value's state) or the movements of a period of a check in/out instance. */
export const downloadCheckInOutInputs = z.object({
  /** The check in/out instance (its service id). */
  serviceId: id,
  what: z.enum(['roster', 'movements']).default('roster'),
  period: checkInOutPeriod.default({ kind: 'all' }),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type DownloadCheckInOutInputs = z.infer<typeof downloadCheckInOutInputs>;

/** Inputs of an `importcheckinoutscans` task: a CSV of movements (value, direction, time, user?, reason?), all or nothing. */
export const importCheckInOutScansInputs = z
  .object({
    serviceId: id,
    ...importSource,
    /** With a header the columns are found by name (value, direction, time, user, reason); without, they are in that order. */
    hasHeader: z.boolean().default(true),
  })
  .refine(oneSource, sourceIssue);
export type ImportCheckInOutScansInputs = z.infer<typeof importCheckInOutScansInputs>;

/**
 * Inputs of `importtable` (rows: key, then the table's columns) and `importtablebuilderscans` (scans: value, time?,
 * user?, then answers per column) into a table-builder instance, CSV or XLSX, all or nothing. With a header the
 * columns are found by name (the key by its header, `value` or `barcode`; a column by its question's text).
 */
export const importTableInputs = z
  .object({
    serviceId: id,
    ...importSource,
    hasHeader: z.boolean().default(true),
  })
  .refine(oneSource, sourceIssue);
export type ImportTableInputs = z.infer<typeof importTableInputs>;
