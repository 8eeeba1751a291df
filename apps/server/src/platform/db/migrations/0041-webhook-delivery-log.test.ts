import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhooksRepo } from '../../../modules/webhooks/webhooks.repo.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0041: the webhooks page and log on a busy account', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('notes each subscription’s first and newest finished delivery, which the page and the log then read', async () => {
    const db = await emptyDatabase('m0041', cleanups);
    await migrateBefore(db, '0041');
    const now = new Date().toISOString();
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Old Co', ${now})`.execute(k);
    for (const name of ['a', 'b', 'quiet']) {
      await sql`INSERT INTO webhook_subscriptions (account_id, url, events, secret, created_at, updated_at) VALUES (1, ${`https://example.com/${name}`}, '["scan.created"]', 'whsec_x', ${now}, ${now})`.execute(k);
    }
    const event = (await sql<{ id: number }>`INSERT INTO webhook_events (account_id, payload, created_at) VALUES (1, '{}', ${now}) RETURNING id`.execute(k)).rows[0]!.id;
    // Subscription 1: delivered, failed, delivered, waiting; subscription 2 in between: delivered; 3: none.
    for (const [subscription, status] of [[1, 'succeeded'], [2, 'succeeded'], [1, 'failed'], [1, 'succeeded'], [2, 'pending'], [1, 'pending']] as const) {
      await sql`INSERT INTO webhook_deliveries (account_id, subscription_id, message_id, event_type, event_id, status, attempts, created_at) VALUES (1, ${subscription}, 'msg', 'scan.created', ${event}, ${status}, 1, ${now})`.execute(k);
    }

    await migrateToLatest(db);

    const typed = db.kysely;
    const noted = await typed.selectFrom('webhook_subscriptions').select(['id', 'first_delivery_id', 'last_delivery_id']).orderBy('id').execute();
    expect(noted).toEqual([
      { id: 1, first_delivery_id: 1, last_delivery_id: 4 },
      { id: 2, first_delivery_id: 2, last_delivery_id: 2 },
      { id: 3, first_delivery_id: null, last_delivery_id: null },
    ]);
    const repo = new WebhooksRepo(typed, db.dialect);
    const { last, pending } = await repo.summaries(1);
    expect([last.get(1)?.status, last.get(2)?.status, last.get(3)]).toEqual(['pending', 'pending', undefined]);
    expect([pending.get(1), pending.get(2)]).toEqual([1, 1]);
    const log = async (subscriptionId: number) => (await repo.deliveries(1, { subscriptionId }, 0, 25)).rows.map((d) => d.id);
    expect(await log(1)).toEqual([6, 4, 3, 1]);
    expect(await log(2)).toEqual([5, 2]);
    expect(await log(3)).toEqual([]);
    // The sender notes what it finishes; deleting a subscription takes its whole log.
    await repo.recordAttempts(1, 1, [{ id: 6, status: 'succeeded', attempts: 2, nextAttemptAt: null, httpStatus: 200, responseBody: '', durationMs: 3, error: null, finishedAt: now }]);
    expect((await repo.summaries(1)).last.get(1)?.status).toBe('succeeded');
    expect(await log(1)).toEqual([6, 4, 3, 1]);
    expect(await repo.delete(1, 1)).toBe(true);
    expect((await typed.selectFrom('webhook_deliveries').select('id').orderBy('id').execute()).map((d) => d.id)).toEqual([2, 5]);
  });
});
