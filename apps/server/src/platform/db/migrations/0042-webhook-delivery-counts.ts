import { sql, type Kysely } from 'kysely';

/**
 * The delivery log's totals (issue 16). A subscription's log was counted row by row through its id range: a quiet
 * subscription on a busy account (one delivery in a thousand) read a million rows for its total, 60-75 ms, and the
 * account's log stopped counting at 10,000. Each subscription now keeps how many of its deliveries succeeded and
 * failed for good, changed in the same statement that notes its first and newest finished delivery (0041), and the
 * log's totals are exact at any size. Existing deliveries are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').addColumn('succeeded_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('webhook_subscriptions').addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  const { rows } = await sql<{ subscription_id: number; status: string; n: number | string }>`
    SELECT subscription_id, status, count(*) AS n FROM webhook_deliveries WHERE status <> 'pending' GROUP BY subscription_id, status`.execute(db);
  for (const r of rows) {
    const column = sql.ref(r.status === 'succeeded' ? 'succeeded_count' : 'failed_count');
    await sql`UPDATE webhook_subscriptions SET ${column} = ${Number(r.n)} WHERE id = ${r.subscription_id}`.execute(db);
  }
}
