import { z } from 'zod';
import { id, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/**
 * Every event an account can subscribe a URL to, in the order the web page lists them. This list is the one
 * place an event is declared: add a new one here (with its description below), emit it where it happens,
 * and it can be subscribed to. Names are `<object>.<past tense>`, objects in snake_case.
 */
export const webhookEventTypes = [
  'scan.created',
  'scan.updated',
  'scan.deleted',
  'upload.completed',
  'database_value.created',
  'database_value.updated',
  'database_value.deleted',
  'import.finished',
  'task_run.finished',
  'task_run.failed',
  'app_user.created',
] as const;

export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** The event `webhooks/test` sends; it cannot be subscribed to. */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

/** Events that belong to one service: a subscription's service filter applies to them (and to no other event). */
export const serviceScopedWebhookEvents: readonly WebhookEventType[] = ['scan.created', 'scan.updated', 'scan.deleted', 'upload.completed'];

/** What each event means, as the web page and the docs say it. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'scan.created': 'A scan was stored (online or uploaded).',
  'scan.updated': 'A scan was edited by an administrator.',
  'scan.deleted': 'A scan was deleted.',
  'upload.completed': 'A batch of offline scans was uploaded.',
  'database_value.created': 'A value was added to a database.',
  'database_value.updated': 'A database value was changed.',
  'database_value.deleted': 'A value was removed from a database.',
  'import.finished': 'A database or app-user import ended (imported or failed).',
  'task_run.finished': 'A task run ended successfully.',
  'task_run.failed': 'A task run failed.',
  'app_user.created': 'An app user was created.',
};

/** A subscription stops after this long failing without one success in between (paused, the admin is mailed). */
export const WEBHOOK_PAUSE_AFTER_DAYS = 3;
/** After a secret is rotated, deliveries are also signed with the old one for this long. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

const webhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the URL that receives the events')
  .max(2000, 'A URL has at most 2,000 characters')
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'Use an http:// or https:// URL');

/** A subscription as shown: never its secret, which is answered once by create and rotate-secret. */
export const webhookSubscription = z.object({
  id,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventType),
  /** Only events of these services (scan and upload events); empty: every service. */
  serviceIds: z.array(id),
  active: z.boolean(),
  /** Why it is paused: `manual`, or `failing` (paused after failing for 3 days); null when active. */
  pausedReason: z.enum(['manual', 'failing']).nullable(),
  /** Since when every delivery failed; null when the last one succeeded. */
  failingSince: timestamp.nullable(),
  /** Until when the previous secret also signs deliveries (after a rotation); null without one. */
  previousSecretUntil: timestamp.nullable(),
  /** The first characters of the secret, to tell secrets apart (`whsec_AbCd…`). */
  secretHint: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Deliveries waiting to be sent. */
  pending: z.number().int().min(0),
  lastDelivery: z.object({ at: timestamp, status: z.enum(['pending', 'succeeded', 'failed']), httpStatus: z.number().int().nullable() }).nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

const subscriptionFields = {
  url: webhookUrl,
  description: z.string().trim().max(200, 'At most 200 characters').default(''),
  events: z.array(webhookEventType).min(1, 'Choose at least one event').max(webhookEventTypes.length),
  serviceIds: z.array(id).max(1000).default([]),
  active: z.boolean().default(true),
};

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);

/** One message to one subscription and what became of it. */
export const webhookDelivery = z.object({
  id,
  subscriptionId: id,
  /** The `webhook-id` header: the same for every attempt and a "send again" of one message. */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int().min(0),
  /** When the next attempt is due (pending ones). */
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  /** The JSON body sent. */
  requestBody: z.string(),
  /** The last attempt: HTTP status (null when no reply), the first 10 KB of the reply, its duration, or why it could not be sent. */
  httpStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The delivery this one sends again ("send again"), if any. */
  redeliveryOf: id.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const listWebhooks = defineV2Route({
  path: 'webhooks/list',
  access: 'admin',
  summary: 'The account’s webhook subscriptions (no secrets), newest first.',
  body: z.object({}),
  reply: z.object({ items: z.array(webhookSubscription) }),
});

export const createWebhook = defineV2Route({
  path: 'webhooks/create',
  access: 'admin',
  summary: 'Subscribes a URL to events; answers the signing secret (whsec_…) this once.',
  body: z.object(subscriptionFields),
  reply: z.object({ subscription: webhookSubscription, secret: z.string() }),
});

export const updateWebhook = defineV2Route({
  path: 'webhooks/update',
  access: 'admin',
  summary: 'Changes a subscription; fields left out stay. Setting `active` pauses or resumes it (resuming sends what waited).',
  body: z.object({
    id,
    url: webhookUrl.optional(),
    description: z.string().trim().max(200, 'At most 200 characters').optional(),
    events: subscriptionFields.events.optional(),
    serviceIds: z.array(id).max(1000).optional(),
    active: z.boolean().optional(),
  }),
  reply: webhookSubscription,
});

export const deleteWebhook = defineV2Route({ path: 'webhooks/delete', access: 'admin', summary: 'Deletes a subscription with its delivery log.', body: z.object({ id }), reply: okReply });

export const rotateWebhookSecret = defineV2Route({
  path: 'webhooks/rotate-secret',
  access: 'admin',
  summary: 'Makes a new signing secret, answered this once; for 24 hours deliveries carry signatures with both the old and the new secret.',
  body: z.object({ id }),
  reply: z.object({ subscription: webhookSubscription, secret: z.string() }),
});

export const listWebhookDeliveries = defineV2Route({
  path: 'webhooks/deliveries',
  access: 'admin',
  summary: 'The delivery log, newest first: request body, last reply (first 10 KB), duration and attempts.',
  body: z.object({
    subscriptionId: id.optional(),
    status: webhookDeliveryStatus.optional(),
    page: z.number().int().min(1).max(1_000_000).default(1),
    limit: z.number().int().min(1).max(100).default(25),
  }),
  reply: listReply(webhookDelivery).extend({ totalExact: z.boolean().describe('Always true: the totals come from counts kept for each subscription, exact at any size (the log once stopped counting at 10,000).') }),
});

export const redeliverWebhook = defineV2Route({
  path: 'webhooks/redeliver',
  access: 'admin',
  summary: 'Sends a delivery’s message again (same webhook-id), after anything already waiting for that subscription.',
  body: z.object({ id }),
  reply: webhookDelivery,
});

export const testWebhook = defineV2Route({
  path: 'webhooks/test',
  access: 'admin',
  summary: 'Sends a `webhook.ping` event to a subscription now (even a paused one) and answers the delivery with the reply.',
  body: z.object({ id }),
  reply: webhookDelivery,
});
