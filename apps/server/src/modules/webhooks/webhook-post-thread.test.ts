import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { WebhookPostThread } from './webhook-post-thread.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { startWebhookReceiver } from './webhooks.test-helpers.js';

const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const options = { timeoutMs: 5_000, maxBytes: 10 * 1024, clockOffsetMs: 0 };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('the webhook sender thread', () => {
  it('sends signed deliveries in order from its own thread, and stops at the first one refused', async () => {
    const thread = new WebhookPostThread(true);
    try {
      const items = [1, 2, 3, 4].map((n) => ({ messageId: `msg_${n}`, payload: JSON.stringify({ type: 'scan.created', timestamp: new Date().toISOString(), data: { n } }) }));
      receiver.answerWith((r) => (r.headers['webhook-id'] === 'msg_3' ? { status: 503, body: 'busy' } : { status: 200, body: 'ok' }));
      const attempts = await thread.series({ url: receiver.url, secrets: [secret] }, items, options);
      expect(thread.mode).toBe('thread');
      // The 4th is not sent: the 3rd failed, and only the caller decides whether it is retried (order) or given up on.
      expect(attempts.map((a) => [a.ok, a.httpStatus, a.responseBody])).toEqual([[true, 200, 'ok'], [true, 200, 'ok'], [false, 503, 'busy']]);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['msg_1', 'msg_2', 'msg_3']);
      for (const r of receiver.received) {
        const headers = { 'webhook-id': r.headers['webhook-id']!, 'webhook-timestamp': r.headers['webhook-timestamp']!, 'webhook-signature': r.headers['webhook-signature']! };
        expect(new Webhook(secret).verify(r.body, headers)).toMatchObject({ type: 'scan.created' });
      }
    } finally {
      await thread.close();
    }
  });

  it('stops a series after a delivered one once its time budget ran out (a slow receiver), leaving the rest unsent', async () => {
    const thread = new WebhookPostThread(true);
    try {
      const before = receiver.received.length;
      receiver.answerWith(() => ({ status: 200, body: 'ok' }));
      const items = [1, 2, 3].map((n) => ({ messageId: `msg_budget_${n}`, payload: '{}' }));
      // A budget of 0 has run out after the first post.
      const attempts = await thread.series({ url: receiver.url, secrets: [secret] }, items, { ...options, seriesBudgetMs: 0 });
      expect(attempts.map((a) => a.ok)).toEqual([true]);
      expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual(['msg_budget_1']);
      expect((await thread.series({ url: receiver.url, secrets: [secret] }, items, options)).map((a) => a.ok)).toEqual([true, true, true]);
    } finally {
      await thread.close();
    }
  });

  it('refuses an internal address unless the install allows it, as a permanent failure', async () => {
    const thread = new WebhookPostThread(false);
    try {
      const [attempt] = await thread.series({ url: receiver.url, secrets: [secret] }, [{ messageId: 'msg_x', payload: '{}' }], options);
      expect(thread.mode).toBe('thread');
      expect(attempt).toMatchObject({ ok: false, permanent: true, httpStatus: null });
      expect(attempt?.error).toMatch(/internal|private|not allowed/i);
    } finally {
      await thread.close();
    }
  });

  it('refuses a host name that resolves to an internal address, checked by the thread at connection time', async () => {
    // A name passes the first check (only a literal IP can be judged before resolving it): the thread's guarded
    // DNS look-up is what stops it, as it would a customer's host whose record was changed to point inside.
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    const before = receiver.received.length;
    const thread = new WebhookPostThread(false);
    try {
      const [attempt] = await thread.series({ url: byName, secrets: [secret] }, [{ messageId: 'msg_dns', payload: '{}' }], options);
      expect(thread.mode).toBe('thread');
      expect(attempt).toMatchObject({ ok: false, permanent: true, httpStatus: null });
      expect(attempt?.error).toMatch(/internal|private|not allowed/i);
      expect(receiver.received.length).toBe(before);
    } finally {
      await thread.close();
    }
  });
});

describe('the webhook sender thread reading its batches (SQLite)', () => {
  let dir: string;
  let db: Db;
  let repo: WebhooksRepo;
  let subscriptionId: number;
  const ids: number[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-webhook-thread-'));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'scanbase.db'), synchronous: 'NORMAL' });
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Thread Co', ${now})`.execute(db.kysely);
    repo = new WebhooksRepo(db.kysely, db.dialect);
    subscriptionId = (await repo.insert(1, { url: receiver.url, description: '', events: '["scan.created"]', serviceIds: '[]', active: true, secret, now })).id;
    await repo.insertEvents(1, [1, 2, 3, 4, 5].map((n) => ({ subscriptionIds: [subscriptionId], messageId: `msg_read_${n}`, eventType: 'scan.created', payload: JSON.stringify({ type: 'scan.created', timestamp: now, data: { n } }), createdAt: now })));
    ids.push(...(await repo.pendingBatch({ accountId: 1, subscriptionId, afterId: 0, limit: 10 })).map((d) => d.id));
    // The 4th waits for a later attempt: it and the ones after it are not due.
    await db.kysely.updateTable('webhook_deliveries').set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(), attempts: 1 }).where('id', '=', ids[3]!).execute();
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a batch through its own connection and posts the due deliveries in order', async () => {
    const thread = new WebhookPostThread(true, { file: path.join(dir, 'scanbase.db'), ...repo.pendingBatchText() });
    const readHere = vi.fn(() => Promise.reject(new Error('the main thread must not read')));
    const before = receiver.received.length;
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
    try {
      const answer = await thread.readAndPost({ url: receiver.url, secrets: [secret] }, { accountId: 1, subscriptionId, afterId: 0, limit: 10 }, new Date().toISOString(), options, readHere);
      expect(readHere).not.toHaveBeenCalled();
      expect(thread.readsBatches).toBe(true);
      // Three due, then the one that waits (with its attempts so far); the 5th is behind it and not read.
      expect(answer.due).toBe(3);
      expect(answer.rows.map((r) => [r.id, r.attempts, r.next_attempt_at !== null])).toEqual([[ids[0], 0, false], [ids[1], 0, false], [ids[2], 0, false], [ids[3], 1, true]]);
      expect(answer.attempts.map((a) => a.httpStatus)).toEqual([200, 200, 200]);
      expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual(['msg_read_1', 'msg_read_2', 'msg_read_3']);
      // A read after a delivery (the ones after one given up on) starts past it.
      const after = await thread.readAndPost({ url: receiver.url, secrets: [secret] }, { accountId: 1, subscriptionId, afterId: ids[1]!, limit: 1 }, new Date().toISOString(), options, readHere);
      expect(after.rows.map((r) => r.id)).toEqual([ids[2]]);
      expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual(['msg_read_1', 'msg_read_2', 'msg_read_3', 'msg_read_3']);
    } finally {
      await thread.close();
    }
  });

  it('reads on the main thread when the thread cannot open the database, and from then on', async () => {
    const thread = new WebhookPostThread(true, { file: path.join(dir, 'missing', 'scanbase.db'), ...repo.pendingBatchText() });
    const readHere = vi.fn((read: Parameters<WebhooksRepo['pendingBatch']>[0]) => repo.pendingBatch(read));
    try {
      const read = { accountId: 1, subscriptionId, afterId: ids[1]!, limit: 1 };
      const answer = await thread.readAndPost({ url: receiver.url, secrets: [secret] }, read, new Date().toISOString(), options, readHere);
      expect(readHere).toHaveBeenCalledWith(read);
      expect(answer).toMatchObject({ rows: [{ id: ids[2] }], due: 1 });
      expect(answer.attempts.map((a) => a.ok)).toEqual([true]);
      expect(thread.readsBatches).toBe(false);
      await thread.readAndPost({ url: receiver.url, secrets: [secret] }, read, new Date().toISOString(), options, readHere);
      expect(readHere).toHaveBeenCalledTimes(2);
    } finally {
      await thread.close();
    }
  });
});
