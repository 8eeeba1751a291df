import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/**
 * Integrations (issue 16, docs/INTEGRATIONS.md): the postback page, and what Zapier and Make call. A Zapier or
 * Make trigger is a REST hook: `hooks/subscribe` makes a webhook subscription (webhooks.ts) to one event with the
 * platform's target URL; `hooks/poll` is the polling fallback; `hooks/sample` the sample payload. The `hooks/*`
 * routes take an account API key (bearer token or `X-API-Key` header), which acts as the account owner.
 */

/** The events Zapier and Make can trigger on (a subset of `webhookEventTypes`), in the order the pages list them. */
export const triggerEventTypes = ['scan.created', 'upload.completed', 'database_value.created', 'task_run.finished'] as const;
export const triggerEventType = z.enum(triggerEventTypes);
export type TriggerEventType = z.infer<typeof triggerEventType>;

/** What each trigger is called on Zapier and Make. */
export const triggerLabels: Record<TriggerEventType, string> = {
  'scan.created': 'New scan',
  'upload.completed': 'New upload',
  'database_value.created': 'New database value',
  'task_run.finished': 'Task finished',
};

/** The `data` of each trigger event: the same in a REST-hook delivery (`{type, timestamp, data}`), a poll item and the sample. */
export const triggerPayloads = {
  'scan.created': z.object({
    id,
    serviceId: id,
    value: z.string(),
    /** 1 valid, 0 invalid, -1 not validated. */
    status: z.number().int(),
    response: z.string(),
    appUserId: id.nullable(),
    deviceId: id.nullable(),
    uploadId: id.nullable(),
    clientScanId: z.string().nullable(),
    scannedAt: timestamp,
    receivedAt: timestamp,
    answers: z.array(z.object({ questionId: id, values: z.array(z.string()) })),
    properties: z.record(z.string(), z.unknown()),
  }),
  'upload.completed': z.object({ id, serviceId: id, appUserId: id.nullable(), deviceId: id.nullable(), scanCount: z.number().int().min(0) }),
  'database_value.created': z.object({ databaseId: id, id, value: z.string(), response: z.string(), validity: z.number().int() }),
  'task_run.finished': z.object({
    id,
    taskId: id.nullable(),
    type: z.string(),
    state: z.string(),
    summary: z.string().nullable(),
    error: z.string().nullable(),
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
  }),
} satisfies Record<TriggerEventType, z.ZodType>;

/**
 * Made-up objects for a sample when the account has none yet (the same shape as real ones). The Zapier app's
 * `integrations/zapier/samples.json` and the Make app's module samples are these (a test compares them).
 */
export const triggerSamples: Record<TriggerEventType, Record<string, unknown>> = {
  'scan.created': {
    id: 1001, serviceId: 12, value: '9780201379624', status: 1, response: 'Valid ticket', appUserId: 7, deviceId: 3, uploadId: null, clientScanId: 'c-5f2a', scannedAt: '2026-01-15T09:30:00.000Z', receivedAt: '2026-01-15T09:30:01.000Z',
    answers: [{ questionId: 4, values: ['Gate A'] }], properties: { lat: '52.37', lng: '4.89' },
  },
  'upload.completed': { id: 501, serviceId: 12, appUserId: 7, deviceId: 3, scanCount: 25 },
  'database_value.created': { databaseId: 5, id: 3001, value: 'SKU-000123', response: 'Blue widget, aisle 4', validity: 1 },
  'task_run.finished': { id: 9001, taskId: 42, type: 'exportscan', state: 'succeeded', summary: '1,250 scans exported.', error: null, startedAt: '2026-01-15T02:00:00.000Z', finishedAt: '2026-01-15T02:00:09.000Z' },
};

/** Who made a REST hook: Zapier, Make, or another API client. */
export const hookSources = ['zapier', 'make', 'api'] as const;
export const hookSource = z.enum(hookSources);
export type HookSource = z.infer<typeof hookSource>;

const targetUrl = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(2000, 'A URL has at most 2,000 characters')
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'Use an http:// or https:// URL');

/** A REST hook as listed on the Zapier and Make tabs. */
export const restHook = z.object({ id, event: z.string(), targetUrl: z.string(), source: hookSource, active: z.boolean(), createdAt: timestamp });
export type RestHook = z.infer<typeof restHook>;

export const hooksMe = defineV2Route({
  path: 'hooks/me',
  access: 'admin',
  summary: 'Which account an API key belongs to (the connection test of Zapier and Make).',
  body: z.object({}),
  reply: z.object({ accountId: id, name: z.string(), email: z.string() }),
});

export const hooksSubscribe = defineV2Route({
  path: 'hooks/subscribe',
  access: 'admin',
  summary: 'Subscribes a target URL to one trigger event (a REST hook); deliveries are `{type, timestamp, data}` signed like every webhook.',
  body: z.object({ targetUrl, event: triggerEventType, serviceId: id.optional(), source: hookSource.default('api') }),
  reply: restHook,
});

export const hooksUnsubscribe = defineV2Route({
  path: 'hooks/unsubscribe',
  access: 'admin',
  summary: 'Removes a REST hook (the id `hooks/subscribe` answered).',
  body: z.object({ id }),
  reply: okReply,
});

export const hooksList = defineV2Route({
  path: 'hooks/list',
  access: 'admin',
  summary: 'The REST hooks Zapier, Make or another client subscribed, newest first.',
  body: z.object({ source: hookSource.optional() }),
  reply: z.object({ items: z.array(restHook) }),
});

export const hooksPoll = defineV2Route({
  path: 'hooks/poll',
  access: 'admin',
  summary: 'The polling fallback: the newest objects of a trigger event (newest first, each with its `id`), after `sinceId` when given.',
  body: z.object({ event: triggerEventType, sinceId: z.number().int().min(0).max(2_147_483_647).optional(), serviceId: id.optional(), limit: z.number().int().min(1).max(100).default(25) }),
  reply: z.object({ event: triggerEventType, items: z.array(z.record(z.string(), z.unknown())) }),
});

export const hooksSample = defineV2Route({
  path: 'hooks/sample',
  access: 'admin',
  summary: 'A sample `data` of a trigger event: the account’s newest object when there is one, else a made-up one.',
  body: z.object({ event: triggerEventType }),
  reply: z.object({ event: triggerEventType, sample: z.record(z.string(), z.unknown()) }),
});

/**
 * Actions and searches of the Zapier and Make apps. Three are routes of their own here (`hooks/upsert-value`,
 * `hooks/find-value`, `hooks/find-scan`, answering the trigger payload shapes); the others are the web app's routes
 * that admit an API key (`appusers/create`, `tasks/run`, `barcode/generate`, and `services/list`, `databases/list`,
 * `tasks/list` for the dropdowns).
 */
export const automationOperations = [
  { key: 'upsert_value', kind: 'action', label: 'Add or update a database value', route: 'hooks/upsert-value', description: 'Adds a value to a validation database, or changes the response and validity of the value already there.' },
  { key: 'create_app_user', kind: 'action', label: 'Create an app user', route: 'appusers/create', description: 'Creates a person who scans, with a password (or an invitation for an email username) and the services they may use.' },
  { key: 'run_task', kind: 'action', label: 'Run a task', route: 'tasks/run', description: 'Starts a run of one of your tasks (an export, an import, …) now; “Task finished” triggers when it ends.' },
  { key: 'generate_barcode', kind: 'action', label: 'Generate a barcode', route: 'barcode/generate', description: 'Renders a barcode or QR code image (PNG, SVG, JPEG or GIF) of a value, optionally with one of your barcode templates.' },
  { key: 'find_value', kind: 'search', label: 'Find a database value', route: 'hooks/find-value', description: 'Finds a value in a validation database by its exact text (the database’s case sensitivity applies).' },
  { key: 'find_scan', kind: 'search', label: 'Find a scan', route: 'hooks/find-scan', description: 'Finds the newest scans with exactly this value, of one service or of all.' },
] as const;
export type AutomationOperation = (typeof automationOperations)[number];

const valueText = z.string().trim().min(1, 'Enter the value').max(500, 'A value has at most 500 characters');
const validityFlag = z.union([z.literal(0), z.literal(1)]);

/** A database value as the actions and searches answer it: the `database_value.created` shape. */
export const automationValue = triggerPayloads['database_value.created'];

export const hooksUpsertValue = defineV2Route({
  path: 'hooks/upsert-value',
  access: 'admin',
  summary: 'Adds a value to a database (the plan’s value limit applies), or changes the response and validity of the value already there; `created` says which.',
  body: z.object({ databaseId: id, value: valueText, response: z.string().max(100_000).optional(), validity: validityFlag.optional() }),
  reply: automationValue.extend({ created: z.boolean() }),
});

export const hooksFindValue = defineV2Route({
  path: 'hooks/find-value',
  access: 'admin',
  summary: 'The value of a database with exactly this text (none or one item; the database’s case sensitivity applies).',
  body: z.object({ databaseId: id, value: valueText }),
  reply: z.object({ items: z.array(automationValue) }),
});

export const hooksFindScan = defineV2Route({
  path: 'hooks/find-scan',
  access: 'admin',
  summary: 'The newest scans with exactly this value (of one service when given), newest first, each shaped like the `scan.created` data.',
  body: z.object({ value: z.string().trim().min(1, 'Enter the scanned value').max(4_000), serviceId: id.optional(), limit: z.number().int().min(1).max(25).default(1) }),
  reply: z.object({ items: z.array(triggerPayloads['scan.created']) }),
});

/** One attempt to post a scan to a postback or forwarding URL. */
export const postbackDelivery = z.object({
  id,
  scanId: id.nullable(),
  kind: z.enum(['validate', 'forward']),
  ok: z.boolean(),
  httpStatus: z.number().int().nullable(),
  /** The verdict (`Valid: …`), `Delivered.`, or why it failed. */
  outcome: z.string(),
  durationMs: z.number().int(),
  at: timestamp,
});
export type PostbackDelivery = z.infer<typeof postbackDelivery>;

/** A service's postback or forwarding target and its recent deliveries. */
export const postbackTarget = z.object({
  serviceId: id,
  serviceName: z.string(),
  url: z.string(),
  /** validate: the URL decides each scan (postback service); forward: scans are copied to it. */
  kind: z.enum(['validate', 'forward']),
  /** What is sent: e.g. "every scan", "scans received in real time"; "nothing (forwarding is off)". */
  sends: z.string(),
  active: z.boolean(),
  /** Newest first, at most 10. */
  recent: z.array(postbackDelivery),
  failuresLast24h: z.number().int().min(0),
  deliveriesLast24h: z.number().int().min(0),
  lastSuccessAt: timestamp.nullable(),
  lastFailureAt: timestamp.nullable(),
});
export type PostbackTarget = z.infer<typeof postbackTarget>;

export const listPostbackTargets = defineV2Route({
  path: 'integrations/postbacks',
  access: 'admin',
  summary: 'Every postback and forwarding target of the account’s services with their recent deliveries and failures.',
  body: z.object({}),
  reply: z.object({ items: z.array(postbackTarget) }),
});
