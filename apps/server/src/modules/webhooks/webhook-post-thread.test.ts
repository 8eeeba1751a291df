import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookPostThread } from './webhook-post-thread.js';
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
