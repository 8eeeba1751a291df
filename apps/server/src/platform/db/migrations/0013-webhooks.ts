import type { Kysely } from 'kysely';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Account webhooks: subscriptions (URL, events, service filter, signing secrets) and their delivery log. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('webhook_subscriptions'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', notNullDefault(''))
    // JSON array of event names (packages/contracts/src/webhooks.ts).
    .addColumn('events', 'text', (c) => c.notNull())
    // JSON array of service ids; [] = every service.
    .addColumn('service_ids', 'text', notNullDefault('[]'))
    .addColumn('active', 'integer', notNullDefault(1))
    .addColumn('paused_reason', 'text')
    // The signing secret as issued (whsec_…): the server must be able to sign, so it is kept as is, in this
    // column only, and never answered after creation or rotation.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', ts)
    .addColumn('failing_since', ts)
    // Which delivery job drains the subscription now (one at a time keeps deliveries in order), and until when.
    .addColumn('drain_job_id', 'integer')
    .addColumn('drain_until', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscriptions_account_idx').on('webhook_subscriptions').columns(['account_id', 'active']).execute();

  await withIdColumn(dialect, db.schema.createTable('webhook_deliveries'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending | succeeded | failed
    .addColumn('status', 'text', notNullDefault('pending'))
    .addColumn('attempts', 'integer', notNullDefault(0))
    .addColumn('next_attempt_at', ts)
    .addColumn('http_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('redelivery_of', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  // The drain reads a subscription's pending deliveries in id order; the log lists an account's newest first.
  await db.schema.createIndex('webhook_deliveries_drain_idx').on('webhook_deliveries').columns(['subscription_id', 'status', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_account_idx').on('webhook_deliveries').columns(['account_id', 'id']).execute();
}
