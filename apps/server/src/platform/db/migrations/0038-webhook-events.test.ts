import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhooksRepo } from '../../../modules/webhooks/webhooks.repo.js';
import type { Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0038: webhook payloads stored once per event', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('keeps the payload of every delivery made before it, and new events get new ids', async () => {
    const db: Db = await emptyDatabase('m0038', cleanups);
    await migrateBefore(db, '0038');
    const now = new Date().toISOString();
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Old Co', ${now})`.execute(k);
    await sql`INSERT INTO webhook_subscriptions (account_id, url, events, secret, created_at, updated_at) VALUES (1, 'https://example.com/hook', '["scan.created"]', 'whsec_x', ${now}, ${now})`.execute(k);
    for (const [value, status] of [['A-1', 'succeeded'], ['A-2', 'pending']] as const) {
      await sql`INSERT INTO webhook_deliveries (account_id, subscription_id, message_id, event_type, payload, status, attempts, created_at)
        VALUES (1, 1, ${`msg_${value}`}, 'scan.created', ${JSON.stringify({ type: 'scan.created', data: { value } })}, ${status}, 0, ${now})`.execute(k);
    }

    await migrateToLatest(db);

    const repo = new WebhooksRepo(db.kysely, db.dialect);
    const { rows } = await repo.deliveries(1, {}, 0, 10);
    expect(rows.map((r) => [r.message_id, r.status, JSON.parse(r.payload) as unknown])).toEqual([
      ['msg_A-2', 'pending', { type: 'scan.created', data: { value: 'A-2' } }],
      ['msg_A-1', 'succeeded', { type: 'scan.created', data: { value: 'A-1' } }],
    ]);
    expect((await repo.pendingBatch({ accountId: 1, subscriptionId: 1, afterId: 0, limit: 10 })).map((d) => d.message_id)).toEqual(['msg_A-2']);
    // A new event after the migrated ones (PostgreSQL's sequence moved past the copied ids).
    await repo.insertEvents(1, [{ subscriptionIds: [1], messageId: 'msg_new', eventType: 'scan.created', payload: '{"new":true}', createdAt: now }]);
    const batch = await repo.pendingBatch({ accountId: 1, subscriptionId: 1, afterId: 0, limit: 10 });
    expect(batch.map((d) => [d.message_id, d.payload])).toEqual([
      ['msg_A-2', JSON.stringify({ type: 'scan.created', data: { value: 'A-2' } })],
      ['msg_new', '{"new":true}'],
    ]);
  });
});
