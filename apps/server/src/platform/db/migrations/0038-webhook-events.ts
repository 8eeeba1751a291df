import { sql, type Kysely } from 'kysely';
import { timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Webhook fan-out speed (issue 16 "Figures": scans/s with three subscriptions >= 0.9 of none). An event's payload
 * is stored once, in `webhook_events`, and its deliveries (one per subscription) point at it: a scan wrote its
 * payload once per subscription, and every logged attempt rewrote the whole row with it. The deliveries waiting to
 * be sent are found through a partial index of pending rows only, so logging an attempt removes one index entry
 * instead of moving it. Existing deliveries keep their payload as an event of their own (event id = delivery id).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('webhook_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // Housekeeping deletes old events; deleting an account goes by account.
  await db.schema.createIndex('webhook_events_account_idx').on('webhook_events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('webhook_events_created_idx').on('webhook_events').column('created_at').execute();

  // Every insert sets it; SQLite adds a NOT NULL column only with a default.
  await db.schema.alterTable('webhook_deliveries').addColumn('event_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`INSERT INTO webhook_events (id, account_id, payload, created_at) SELECT id, account_id, payload, created_at FROM webhook_deliveries`.execute(db);
  await sql`UPDATE webhook_deliveries SET event_id = id`.execute(db);
  if (dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('webhook_events', 'id'), GREATEST((SELECT max(id) FROM webhook_events), 1))`.execute(db);
  await db.schema.alterTable('webhook_deliveries').dropColumn('payload').execute();

  await db.schema.dropIndex('webhook_deliveries_drain_idx').execute();
  await db.schema.createIndex('webhook_deliveries_pending_idx').on('webhook_deliveries').columns(['subscription_id', 'id']).where(sql.ref('status'), '=', sql.lit('pending')).execute();
}
