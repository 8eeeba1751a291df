import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhooksRepo } from '../../../modules/webhooks/webhooks.repo.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0042: the delivery log’s totals kept on each subscription', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('counts the deliveries made before it, which the log’s totals then read', async () => {
    const db = await emptyDatabase('m0042', cleanups);
    await migrateBefore(db, '0042');
    const now = new Date().toISOString();
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Old Co', ${now})`.execute(k);
    for (const name of ['a', 'b', 'quiet']) {
      await sql`INSERT INTO webhook_subscriptions (account_id, url, events, secret, created_at, updated_at) VALUES (1, ${`https://example.com/${name}`}, '["scan.created"]', 'whsec_x', ${now}, ${now})`.execute(k);
    }
    const event = (await sql<{ id: number }>`INSERT INTO webhook_events (account_id, payload, created_at) VALUES (1, '{}', ${now}) RETURNING id`.execute(k)).rows[0]!.id;
    // Subscription 1: two delivered, one failed, one waiting; subscription 2: one delivered; 3: none.
    for (const [subscription, status] of [[1, 'succeeded'], [2, 'succeeded'], [1, 'failed'], [1, 'succeeded'], [1, 'pending']] as const) {
      await sql`INSERT INTO webhook_deliveries (account_id, subscription_id, message_id, event_type, event_id, status, attempts, created_at) VALUES (1, ${subscription}, 'msg', 'scan.created', ${event}, ${status}, 1, ${now})`.execute(k);
    }

    await migrateToLatest(db);

    const typed = db.kysely;
    expect(await typed.selectFrom('webhook_subscriptions').select(['id', 'succeeded_count', 'failed_count']).orderBy('id').execute()).toEqual([
      { id: 1, succeeded_count: 2, failed_count: 1 },
      { id: 2, succeeded_count: 1, failed_count: 0 },
      { id: 3, succeeded_count: 0, failed_count: 0 },
    ]);
    const repo = new WebhooksRepo(typed, db.dialect);
    const total = async (f: Parameters<WebhooksRepo['deliveries']>[1]) => (await repo.deliveries(1, f, 0, 25)).total;
    expect([await total({}), await total({ subscriptionId: 1 }), await total({ subscriptionId: 3 })]).toEqual([5, 4, 0]);
    expect([await total({ status: 'succeeded' }), await total({ status: 'failed' }), await total({ status: 'pending' })]).toEqual([3, 1, 1]);
    // The waiting one succeeds: it moves from pending to succeeded.
    await repo.recordAttempts(1, 1, [{ id: 5, status: 'succeeded', attempts: 2, nextAttemptAt: null, httpStatus: 200, responseBody: '', durationMs: 3, error: null, finishedAt: now }]);
    expect([await total({ subscriptionId: 1 }), await total({ subscriptionId: 1, status: 'succeeded' }), await total({ status: 'pending' })]).toEqual([4, 3, 0]);
  });
});
