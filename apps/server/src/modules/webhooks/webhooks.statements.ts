import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { jsonArrayRows, timestampType } from '../../platform/db/dialect.js';
import { prepared, type Params } from '../../platform/db/prepared.js';
import type { Database, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../platform/db/schema.js';

// The rows and column lists of webhook subscriptions and deliveries, and the statements of the hot paths, compiled
// once; `webhooks.repo.ts` runs them.

/** A subscription as the service reads it (the delivery ids and counts noted by the sender stay in the repo). */
export type SubscriptionRow = Omit<Selectable<WebhookSubscriptionsTable>, 'first_delivery_id' | 'last_delivery_id' | 'succeeded_count' | 'failed_count'>;
/** A delivery with its event's payload (stored once per event, migration 0038). */
export type DeliveryRow = Selectable<WebhookDeliveriesTable> & { payload: string };
export type DeliveryStatus = DeliveryRow['status'];

/** What a delivery run needs of a pending delivery. */
export type PendingDelivery = Pick<DeliveryRow, 'id' | 'message_id' | 'payload' | 'attempts' | 'next_attempt_at'>;

export const subscriptionColumns = [
  'id',
  'account_id',
  'url',
  'description',
  'events',
  'service_ids',
  'active',
  'paused_reason',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'failing_since',
  'drain_job_id',
  'drain_until',
  'source',
  'created_at',
  'updated_at',
] as const;

// A delivery's columns and its event's payload, read from `webhook_deliveries as d` joined to `webhook_events as e`.
export const deliveryColumns = [
  'd.id',
  'd.account_id',
  'd.subscription_id',
  'd.message_id',
  'd.event_type',
  'd.event_id',
  'e.payload',
  'd.status',
  'd.attempts',
  'd.next_attempt_at',
  'd.http_status',
  'd.response_body',
  'd.duration_ms',
  'd.error',
  'd.redelivery_of',
  'd.created_at',
  'd.finished_at',
] as const;

/** Pending deliveries are found through a partial index of them (migration 0038); planners use it only for this literal. */
export const PENDING = sql.lit('pending' as const);

/** Which pending deliveries a batch reads: the subscription's oldest after `afterId` (0: from the first), at most `limit`. */
export type BatchRead = { accountId: number; subscriptionId: number; afterId: number; limit: number };

/**
 * A subscription's next pending deliveries, oldest first: the read of every batch a run sends. The sender's thread
 * runs the same text on a read-only connection of its own (SQLite, `WebhooksRepo.pendingBatchText`).
 */
export function pendingBatchQuery(db: Kysely<Database>, p: Params<BatchRead>) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.message_id', 'e.payload', 'd.attempts', 'd.next_attempt_at'])
    .where('d.subscription_id', '=', p('subscriptionId'))
    .where('d.status', '=', PENDING)
    .where('d.account_id', '=', p('accountId'))
    .where('d.id', '>', p('afterId'))
    .orderBy('d.id')
    .limit(p('limit'));
}

/**
 * The statements of the hot paths (every scan records deliveries; every batch a run sends reads and takes its
 * subscription), built and compiled once: building a Kysely query costs more than running these.
 */
export function hotStatements(dialect: DialectName) {
  const ts = sql.raw(timestampType(dialect));
  return {
    get: prepared<{ accountId: number; id: number }, SubscriptionRow>((db, p) => db.selectFrom('webhook_subscriptions').select(subscriptionColumns).where('account_id', '=', p('accountId')).where('id', '=', p('id'))),
    pendingBatch: prepared(pendingBatchQuery),
    acquireDrain: prepared<{ accountId: number; id: number; jobId: number; until: string; now: string }, { id: number }>((db, p) =>
      db
        .updateTable('webhook_subscriptions')
        .set({ drain_job_id: p('jobId'), drain_until: p('until') })
        .where('account_id', '=', p('accountId'))
        .where('id', '=', p('id'))
        .where((eb) => eb.or([eb('drain_job_id', 'is', null), eb('drain_job_id', '=', p('jobId')), eb('drain_until', '<', p('now'))]))
        .returning('id'),
    ),
    // The first and newest delivery the sender finished (0041), and how many more succeeded and failed (0042), noted on the subscription.
    noteFinished: prepared<{ accountId: number; id: number; first: number; last: number; succeeded: number; failed: number }, never>(
      (_db, p) => sql<never>`UPDATE webhook_subscriptions SET first_delivery_id = COALESCE(first_delivery_id, CAST(${p('first')} AS integer)),
          last_delivery_id = CASE WHEN last_delivery_id IS NULL OR last_delivery_id < CAST(${p('last')} AS integer) THEN CAST(${p('last')} AS integer) ELSE last_delivery_id END,
          succeeded_count = succeeded_count + CAST(${p('succeeded')} AS integer), failed_count = failed_count + CAST(${p('failed')} AS integer)
        WHERE account_id = CAST(${p('accountId')} AS integer) AND id = CAST(${p('id')} AS integer)`,
    ),
    insertEvent: prepared<{ accountId: number; payload: string; createdAt: string }, { id: number }>((db, p) =>
      db.insertInto('webhook_events').values({ account_id: p('accountId'), payload: p('payload'), created_at: p('createdAt') }).returning('id'),
    ),
    // An event's deliveries to any number of subscriptions in one statement (the subscription ids as one JSON array).
    insertEventDeliveries: prepared<{ accountId: number; eventId: number; subscriptionIds: string; messageId: string; eventType: string; createdAt: string }, never>(
      (_db, p) => sql<never>`INSERT INTO webhook_deliveries (account_id, subscription_id, message_id, event_type, event_id, status, attempts, created_at)
        SELECT CAST(${p('accountId')} AS integer), CAST(j.value ->> 0 AS integer), ${p('messageId')}, ${p('eventType')}, CAST(${p('eventId')} AS integer), 'pending', 0, CAST(${p('createdAt')} AS ${ts})
        FROM ${jsonArrayRows(dialect, p('subscriptionIds'), 'j')} WHERE true`,
    ),
  };
}
export type HotStatements = ReturnType<typeof hotStatements>;
