import { sql, type Kysely } from 'kysely';

/**
 * The webhooks page and its delivery log on a busy account (issue 16). The newest delivery of each subscription,
 * and the log of one subscription, read every delivery of the account through `(account_id, id)`: 1.2 s for the
 * page and 0.6 s for a quiet subscription's log with a million deliveries. `(subscription_id, id)` hands out a
 * subscription's newest delivery and its log in order. Failed deliveries (few: retries ran out) get a partial
 * index of their own, as pending ones have (0038), so "Failed" finds them without reading the delivered ones.
 * One more index entry per delivery written; a status change moves nothing but a failure's entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_subscription_idx').on('webhook_deliveries').columns(['subscription_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_failed_idx').on('webhook_deliveries').columns(['account_id', 'id']).where(sql.ref('status'), '=', sql.lit('failed')).execute();
}
