import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookSubscription } from '@scanbase/contracts';
import { randomUUID } from 'node:crypto';
import { createApiKey, legacy, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { startWebhookReceiver } from './webhooks.test-helpers.js';
import { WebhooksRepo } from './webhooks.repo.js';

/** Account webhooks against a real HTTP receiver on loopback, delivered by the real job worker. */

let t: TestApp;
const receivers: Awaited<ReturnType<typeof startWebhookReceiver>>[] = [];
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', POSTBACK_TIMEOUT_SECONDS: '2' });
  // Retries follow at once here; the real schedule is minutes to hours apart.
  t.container.webhooks.retryDelaysMs = [0, 0, 0];
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  for (const r of receivers) await r.close();
  await t.close();
});

async function receiver() {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

const until = (fn: () => void | Promise<void>) => vi.waitFor(fn, { timeout: 15_000, interval: 50 });

/** An account with a service, an app user signed in on a device, and helpers for its webhooks. */
async function setUp(events: string[] = ['scan.created', 'database_value.created'], extra: Record<string, unknown> = {}) {
  const a = await scanAccount(t);
  const service = await a.service({ validation_method: 'record' });
  const user = await a.appUser([service]);
  const scanner = await scannerSignIn(t, user);
  const r = await receiver();
  const created = await a.must('webhooks/create', { url: r.url, description: 'Our ERP', events, ...extra });
  const subscription = created.subscription as WebhookSubscription;
  const deliveries = async (q: Record<string, unknown> = {}) => (await a.must('webhooks/deliveries', { subscriptionId: subscription.id, ...q })).items as WebhookDelivery[];
  return { a, service, scanner, r, subscription, secret: created.secret as string, deliveries };
}

function verify(secret: string, req: { headers: Record<string, string>; body: string }): unknown {
  return new Webhook(secret).verify(req.body, { 'webhook-id': req.headers['webhook-id']!, 'webhook-timestamp': req.headers['webhook-timestamp']!, 'webhook-signature': req.headers['webhook-signature']! });
}

describe('webhooks', () => {
  it('answers the secret once, signs a scan.created delivery that the receiver verifies, and logs it', async () => {
    const { a, service, scanner, r, subscription, secret, deliveries } = await setUp();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await a.must('webhooks/list', {});
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    expect((listed.items as WebhookSubscription[])[0]).toMatchObject({ id: subscription.id, url: r.url, description: 'Our ERP', active: true, serviceIds: [] });

    const scan = await scanner.scan(service, 'TICKET-1', { properties: { gate: 'North' } });
    expect(scan.status).toBe(200);
    await until(() => expect(r.of('scan.created')).toHaveLength(1));
    const req = r.of('scan.created')[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['webhook-id']).toMatch(/^msg_/);
    expect(verify(secret, req)).toMatchObject({ type: 'scan.created', data: { id: scan.body.scanId, serviceId: service, value: 'TICKET-1', properties: { gate: 'North' } } });
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, req)).toThrow();

    await until(async () => expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 1, httpStatus: 200, responseBody: 'ok', eventType: 'scan.created', messageId: req.headers['webhook-id'] }));
    const [d] = await deliveries();
    expect(d!.requestBody).toBe(req.body);
    expect(d!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tries a delivery again after a 500, with the same webhook-id, and keeps the first 10 KB of the reply', async () => {
    const { a, r, deliveries } = await setUp(['database_value.created']);
    let calls = 0;
    r.answerWith(() => (++calls === 1 ? { status: 500, body: 'x'.repeat(20_000) } : { status: 204 }));
    const db = await a.database([['V-1', 'ok', 1]]);
    expect(db).toBeGreaterThan(0);
    await until(() => expect(r.received).toHaveLength(2));
    expect(r.received[0]!.headers['webhook-id']).toBe(r.received[1]!.headers['webhook-id']);
    await until(async () => expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 2, httpStatus: 204 }));
    // A failed attempt in between was logged with the reply cut at 10 KB (seen through the failing one's record before success).
    const failing = await setUp(['database_value.created']);
    failing.r.answerWith(() => ({ status: 500, body: 'y'.repeat(20_000) }));
    await failing.a.database([['V-2', 'ok', 1]]);
    await until(async () => expect((await failing.deliveries())[0]).toMatchObject({ status: 'failed', attempts: 4, httpStatus: 500 }));
    const gaveUp = (await failing.deliveries())[0]!;
    expect(gaveUp.responseBody).toHaveLength(10 * 1024);
    expect(gaveUp.error).toMatch(/HTTP 500/);
  });

  it('sends one subscription’s deliveries in order: a later one waits until an earlier one succeeded or gave up', async () => {
    const { a, r, deliveries } = await setUp(['database_value.created']);
    let failuresLeft = 2;
    r.answerWith((req) => (req.json.data.value === 'A' && failuresLeft-- > 0 ? { status: 503 } : { status: 200 }));
    const db = (await a.must('databases/create', { name: 'Ordered', caseSensitive: false })).id as number;
    for (const value of ['A', 'B', 'C']) await a.must('databases/add-value', { id: db, value, response: '', validity: 1 });
    await until(() => expect(r.received).toHaveLength(5));
    expect(r.received.map((x) => x.json.data.value)).toEqual(['A', 'A', 'A', 'B', 'C']);
    await until(async () => expect((await deliveries()).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']));

    // One that gives up does not hold the others back.
    r.answerWith((req) => (req.json.data.value === 'D' ? { status: 500 } : { status: 200 }));
    for (const value of ['D', 'E']) await a.must('databases/add-value', { id: db, value, response: '', validity: 1 });
    await until(() => expect(r.received.map((x) => x.json.data.value).slice(5)).toEqual(['D', 'D', 'D', 'D', 'E']));
    // The receiver has the last attempt before the log records that D gave up: wait for the state.
    await until(async () => expect((await deliveries({ status: 'failed' })).map((d) => (JSON.parse(d.requestBody) as { data: { value: string } }).data.value)).toEqual(['D']));
  });

  it('sends a backlog of one subscription in order over kept-alive connections, logging each delivery', async () => {
    const { service, scanner, r, deliveries } = await setUp(['scan.created']);
    // Recorded faster than one request at a time can send them. A batch's posts stop after their time budget (here:
    // after each delivery, as with a slow receiver), so they go out in many batches, each logged before the next.
    const sender = t.container.webhooks.sender;
    const budget = sender.seriesBudgetMs;
    sender.seriesBudgetMs = 0;
    const values = Array.from({ length: 90 }, (_, i) => `B-${String(i).padStart(3, '0')}`);
    try {
      await Promise.all(values.map((value) => scanner.scan(service, value)));
      await until(() => expect(r.received).toHaveLength(values.length));
    } finally {
      sender.seriesBudgetMs = budget;
    }
    await until(async () => expect((await deliveries({ status: 'succeeded', limit: 100 })).length).toBe(values.length));
    // Received in the order they were recorded (the log lists newest first).
    const logged = (await deliveries({ limit: 100 })).reverse();
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual(logged.map((d) => d.messageId));
    expect(new Set(r.received.map((x) => x.json.data.value))).toEqual(new Set(values));
    expect(r.connections()).toBeLessThan(values.length / 10);
    for (const d of logged) expect(d).toMatchObject({ status: 'succeeded', attempts: 1, httpStatus: 200, error: null, responseBody: 'ok' });
    expect(logged.every((d) => typeof d.durationMs === 'number' && d.finishedAt !== null)).toBe(true);
  });

  it('signs with both the old and the new secret for 24 hours after a rotation, and answers the new one once', async () => {
    const { a, r, subscription, secret } = await setUp(['database_value.created']);
    const rotated = await a.must('webhooks/rotate-secret', { id: subscription.id });
    const fresh = rotated.secret as string;
    expect(fresh).not.toBe(secret);
    expect((rotated.subscription as WebhookSubscription).previousSecretUntil).not.toBeNull();
    await a.database([['R-1', '', 1]]);
    await until(() => expect(r.received).toHaveLength(1));
    const req = r.received[0]!;
    expect(req.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(fresh, req)).toMatchObject({ type: 'database_value.created' });
    expect(verify(secret, req)).toMatchObject({ type: 'database_value.created' });

    // After the overlap only the new secret signs.
    await t.container.db.kysely.updateTable('webhook_subscriptions').set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', subscription.id).execute();
    await a.database([['R-2', '', 1]]);
    await until(() => expect(r.received).toHaveLength(2));
    expect(r.received[1]!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verify(fresh, r.received[1]!)).toBeTruthy();
    expect(() => verify(secret, r.received[1]!)).toThrow();
  });

  it('sends a delivery again with the same webhook-id, and sends a test ping at once', async () => {
    const { a, r, subscription, secret, deliveries } = await setUp(['database_value.created']);
    await a.database([['S-1', '', 1]]);
    await until(async () => expect((await deliveries())[0]?.status).toBe('succeeded'));
    const [first] = await deliveries();
    const again = await a.must('webhooks/redeliver', { id: first!.id });
    expect(again).toMatchObject({ redeliveryOf: first!.id, messageId: first!.messageId, status: 'pending' });
    await until(() => expect(r.received).toHaveLength(2));
    expect(r.received[1]!.headers['webhook-id']).toBe(first!.messageId);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);

    const ping = await a.must('webhooks/test', { id: subscription.id });
    expect(ping).toMatchObject({ eventType: 'webhook.ping', status: 'succeeded', attempts: 1, httpStatus: 200 });
    expect(verify(secret, r.received[2]!)).toMatchObject({ type: 'webhook.ping', data: { subscriptionId: subscription.id } });
    r.answerWith(() => ({ status: 418, body: 'teapot' }));
    const teapot = (await a.must('webhooks/test', { id: subscription.id })) as WebhookDelivery;
    expect(teapot).toMatchObject({ status: 'failed', httpStatus: 418, responseBody: 'teapot' });
    // The pings are in the subscription's log, newest first, and counted with the rest.
    const log = await a.must('webhooks/deliveries', { subscriptionId: subscription.id });
    expect((log.items as WebhookDelivery[]).slice(0, 2).map((d) => [d.id, d.status])).toEqual([[teapot.id, 'failed'], [(ping as WebhookDelivery).id, 'succeeded']]);
    expect(log).toMatchObject({ total: 4, totalExact: true });
    expect(await a.must('webhooks/deliveries', { subscriptionId: subscription.id, status: 'failed' })).toMatchObject({ total: 1, items: [{ id: teapot.id }] });
  });

  it('pauses a subscription that has failed for 3 days and mails the account’s admin email', async () => {
    const { a, r, subscription, deliveries } = await setUp(['database_value.created']);
    const adminEmail = `alerts.${Date.now()}@example.com`;
    await a.must('settings/update', { adminEmail });
    r.answerWith(() => ({ status: 500 }));
    await a.database([['P-1', '', 1]]);
    await until(async () => expect((await deliveries())[0]?.status).toBe('failed'));
    let listed = ((await a.must('webhooks/list', {})).items as WebhookSubscription[])[0]!;
    expect(listed.active).toBe(true);
    expect(listed.failingSince).not.toBeNull();

    // Failing since 4 days: the next failure pauses it.
    await t.container.db.kysely.updateTable('webhook_subscriptions').set({ failing_since: new Date(Date.now() - 4 * 86_400_000).toISOString() }).where('id', '=', subscription.id).execute();
    await a.database([['P-2', '', 1]]);
    const mail = await t.smtp.next(adminEmail);
    expect(mail.subject).toMatch(/paused/);
    expect(mail.text).toContain(r.url);
    listed = ((await a.must('webhooks/list', {})).items as WebhookSubscription[])[0]!;
    expect(listed).toMatchObject({ active: false, pausedReason: 'failing' });

    // Paused: no new events recorded, "send again" refused until resumed.
    const before = (await deliveries()).length;
    await a.database([['P-3', '', 1]]);
    expect(await deliveries()).toHaveLength(before);
    expect((await a.admin('webhooks/redeliver', { id: (await deliveries())[0]!.id })).status).toBe(409);

    // Resumed: the waiting delivery is sent, the failing state is cleared.
    r.answerWith(() => ({ status: 200 }));
    const resumed = await a.must('webhooks/update', { id: subscription.id, active: true });
    expect(resumed).toMatchObject({ active: true, pausedReason: null, failingSince: null });
    await until(() => expect(r.received.filter((x) => x.json.data.value === 'P-2').length).toBeGreaterThanOrEqual(2));
    await until(async () => expect((await deliveries({ status: 'pending' })).length).toBe(0));
  });

  it('applies the service filter to scan events only', async () => {
    const a = await scanAccount(t);
    const s1 = await a.service({ validation_method: 'record' });
    const s2 = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([s1, s2]));
    const r = await receiver();
    await a.must('webhooks/create', { url: r.url, events: ['scan.created', 'database_value.created'], serviceIds: [s2] });
    await scanner.scan(s1, 'ONE');
    await scanner.scan(s2, 'TWO');
    await a.database([['DB-1', '', 1]]);
    await until(() => expect(r.received).toHaveLength(2));
    expect(r.of('scan.created').map((x) => x.json.data.value)).toEqual(['TWO']);
    expect(r.of('database_value.created')).toHaveLength(1);
  });

  it('emits scan.updated, scan.deleted, value changes, app users and task runs', async () => {
    const { a, service, scanner, r } = await setUp(['scan.updated', 'scan.deleted', 'database_value.updated', 'database_value.deleted', 'app_user.created', 'task_run.finished']);
    const scan = await scanner.scan(service, 'EDIT-ME');
    const id = scan.body.scanId as number;
    await a.must('scans/update', { id, value: 'EDITED' });
    await a.must('scans/delete', { ids: [id] });
    const db = await a.database([['X', '', 1]]);
    const valueId = ((await a.must('databases/values', { id: db })).items as { id: number }[])[0]!.id;
    await a.must('databases/edit-value', { id: db, valueId, response: 'changed' });
    await a.must('databases/delete-value', { id: db, valueId });
    const user = await a.appUser([service]);
    await a.must('tasks/create', { type: 'generatebarcode', name: 'Labels', runNow: true, inputs: { values: ['A-1'] } });
    await until(() => expect(r.received.length).toBe(6));
    expect(r.of('scan.updated')[0]!.json.data).toMatchObject({ id, value: 'EDITED', changes: [{ field: 'Value', from: 'EDIT-ME', to: 'EDITED' }] });
    expect(r.of('scan.deleted')[0]!.json.data).toMatchObject({ id, serviceId: service, value: 'EDITED' });
    expect(r.of('database_value.updated')[0]!.json.data).toMatchObject({ databaseId: db, value: 'X', response: 'changed' });
    expect(r.of('database_value.deleted')[0]!.json.data).toMatchObject({ databaseId: db, value: 'X' });
    expect(r.of('app_user.created')[0]!.json.data).toMatchObject({ id: user.id, username: user.username });
    expect(r.of('task_run.finished')[0]!.json.data).toMatchObject({ type: 'generatebarcode', state: 'succeeded' });
  });

  it('emits import.finished for an import made in the request, imported or refused', async () => {
    const { a, r } = await setUp(['import.finished']);
    const db = await a.database([]);
    const upload = async (csv: string, onError: 'abort' | 'skip') => {
      const boundary = '----sb-import';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${JSON.stringify({ id: db, onError })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="values.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
      return (await t.app.inject({ method: 'POST', url: '/api-v2/databases/import/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${a.owner.token}` } })).statusCode;
    };
    expect(await upload('V-1\n\u0020\nV-2\n', 'skip')).toBe(200);
    expect(await upload('V-3\n\u0020\n', 'abort')).toBe(422);
    await until(() => expect(r.of('import.finished')).toHaveLength(2));
    const [imported, refused] = r.of('import.finished').map((x) => x.json.data);
    expect(imported).toMatchObject({ id: null, type: 'request', databaseId: db, state: 'succeeded', error: null, report: { rows: 3, imported: 2, rejected: 1 } });
    expect(imported!.summary).toMatch(/^2 values imported into .*, 1 row rejected \(in the request\)\.$/);
    expect(refused).toMatchObject({ type: 'request', databaseId: db, state: 'failed', report: null });
    expect(refused!.error).toMatch(/row 2/i);
  });

  it('emits upload.completed and the legacy API’s scan.deleted; housekeeping removes old finished deliveries', async () => {
    const { a, service, scanner, r, subscription, deliveries } = await setUp(['upload.completed', 'scan.deleted']);
    const upload = await scanner.call('app/upload', { scans: ['U-1', 'U-2'].map((value) => ({ serviceId: service, value, clientScanId: randomUUID() })) });
    expect(upload.status).toBe(200);
    await until(() => expect(r.of('upload.completed')).toHaveLength(1));
    expect(r.of('upload.completed')[0]!.json.data).toMatchObject({ id: upload.body.uploadId, serviceId: service, scanCount: 2 });

    const key = await createApiKey(t, a.owner.token);
    const scanId = (upload.body.results as { scanId: number }[])[0]!.scanId;
    expect((await legacy(t.app, { section: 'scans', action: 'delete', api_key: key, scan_id: String(scanId) })).status).toBe('1');
    await until(() => expect(r.of('scan.deleted')).toHaveLength(1));
    expect(r.of('scan.deleted')[0]!.json.data).toMatchObject({ id: scanId, value: 'U-1' });

    await until(async () => expect((await deliveries({ status: 'succeeded' })).length).toBe(2));
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const eventIds = (await t.container.db.kysely.selectFrom('webhook_deliveries').select('event_id').where('subscription_id', '=', subscription.id).execute()).map((d) => d.event_id);
    await t.container.db.kysely.updateTable('webhook_deliveries').set({ created_at: old }).where('subscription_id', '=', subscription.id).execute();
    await t.container.db.kysely.updateTable('webhook_events').set({ created_at: old }).where('id', 'in', eventIds).execute();
    expect(await a.must('webhooks/deliveries', { subscriptionId: subscription.id })).toMatchObject({ total: 2 });
    expect(await t.container.webhooks.cleanup(30)).toBeGreaterThanOrEqual(2);
    expect(await deliveries()).toHaveLength(0);
    // The totals lose what housekeeping deleted.
    expect(await a.must('webhooks/deliveries', { subscriptionId: subscription.id })).toMatchObject({ total: 0, totalExact: true });
    // The events' payloads go with their last delivery.
    expect(await t.container.db.kysely.selectFrom('webhook_events').select('id').where('id', 'in', eventIds).execute()).toEqual([]);
  });

  it('keeps accounts apart: another account can neither see nor change a subscription, nor receive its events', async () => {
    const { a, r, subscription, deliveries } = await setUp(['database_value.created']);
    const other = await signUpVerified(t);
    const call = (path: string, body: unknown) => v2(t.app, path, body, other.token);
    expect(((await call('webhooks/list', {})).body.items as unknown[]).length).toBe(0);
    for (const [path, body] of [
      ['webhooks/update', { id: subscription.id, active: false }],
      ['webhooks/delete', { id: subscription.id }],
      ['webhooks/rotate-secret', { id: subscription.id }],
      ['webhooks/test', { id: subscription.id }],
      ['webhooks/deliveries', { subscriptionId: subscription.id }],
    ] as const)
      expect((await call(path, body)).status, path).toBe(404);
    await a.database([['I-1', '', 1]]);
    await until(async () => expect((await deliveries())[0]?.status).toBe('succeeded'));
    expect(((await call('webhooks/deliveries', {})).body.items as unknown[]).length).toBe(0);
    expect((await call('webhooks/redeliver', { id: (await deliveries())[0]!.id })).status).toBe(404);
    expect(r.received).toHaveLength(1);
  });

  it('checks the URL and the events, and deletes a subscription with its log', async () => {
    const a = await scanAccount(t);
    expect((await a.admin('webhooks/create', { url: 'ftp://example.com/x', events: ['scan.created'] })).status).toBe(422);
    expect((await a.admin('webhooks/create', { url: 'https://example.com/x', events: [] })).status).toBe(422);
    expect((await a.admin('webhooks/create', { url: 'https://example.com/x', events: ['checkin.changed'] })).status).toBe(422);
    const strict = await createTestApp();
    try {
      const owner = await signUpVerified(strict);
      const refused = await v2(strict.app, 'webhooks/create', { url: 'http://127.0.0.1:8080/x', events: ['scan.created'] }, owner.token);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toMatch(/internal address/);
    } finally {
      await strict.close();
    }
    const created = (await a.must('webhooks/create', { url: 'https://example.com/x', events: ['scan.created'], active: false })).subscription as WebhookSubscription;
    expect(created).toMatchObject({ active: false, pausedReason: 'manual' });
    expect(await a.must('webhooks/delete', { id: created.id })).toEqual({ ok: true });
    expect((await a.admin('webhooks/delete', { id: created.id })).status).toBe(404);
  });
  it('counts a long delivery log exactly, and finds each subscription’s newest delivery and the failed ones', async () => {
    const a = await scanAccount(t);
    const create = async (path: string) => ((await a.must('webhooks/create', { url: `https://example.com/${path}`, events: ['scan.created'], active: false })).subscription as WebhookSubscription).id;
    const [busy, failing, quiet] = [await create('busy'), await create('failing'), await create('quiet')];
    // Seeded as the scan path writes deliveries (pending) and as the sender records them: ten thousand deliveries
    // through a receiver would take minutes.
    const k = t.container.db.kysely;
    const repo = new WebhooksRepo(k, t.container.db.dialect);
    const now = new Date().toISOString();
    const event = await k.insertInto('webhook_events').values({ account_id: a.owner.accountId, payload: '{"type":"scan.created"}', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const delivery = (subscriptionId: number, n: number, status: 'pending' | 'succeeded' | 'failed') => ({ account_id: a.owner.accountId, subscription_id: subscriptionId, message_id: `msg_${subscriptionId}_${n}`, event_type: 'scan.created', event_id: event.id, status, attempts: 1, http_status: status === 'succeeded' ? 200 : status === 'failed' ? 500 : null, created_at: now });
    const send = async (subscriptionId: number, count: number, status: 'succeeded' | 'failed') => {
      for (let first = 0; first < count; first += 1_000) {
        const ids = await k.insertInto('webhook_deliveries').values(Array.from({ length: Math.min(1_000, count - first) }, (_, i) => delivery(subscriptionId, first + i, 'pending'))).returning('id').execute();
        const httpStatus = status === 'succeeded' ? 200 : 500;
        await repo.recordAttempts(a.owner.accountId, subscriptionId, ids.map(({ id }) => ({ id, status, attempts: 1, nextAttemptAt: null, httpStatus, responseBody: '', durationMs: 5, error: null, finishedAt: now })));
      }
    };
    await send(failing, 1, 'failed');
    await send(busy, 10_005, 'succeeded');
    await k.insertInto('webhook_deliveries').values([delivery(busy, 10_005, 'pending'), delivery(busy, 10_006, 'pending')]).execute();

    const listed = (await a.must('webhooks/list', {})).items as WebhookSubscription[];
    const byId = new Map(listed.map((s) => [s.id, s]));
    expect(byId.get(busy)).toMatchObject({ pending: 2, lastDelivery: { status: 'pending', httpStatus: null } });
    expect(byId.get(failing)).toMatchObject({ pending: 0, lastDelivery: { status: 'failed', httpStatus: 500 } });
    expect(byId.get(quiet)).toMatchObject({ pending: 0, lastDelivery: null });

    const log = async (q: Record<string, unknown>) => (await a.must('webhooks/deliveries', q)) as { items: WebhookDelivery[]; total: number; totalExact: boolean };
    const all = await log({});
    expect(all).toMatchObject({ total: 10_008, totalExact: true });
    expect(all.items[0]).toMatchObject({ subscriptionId: busy, status: 'pending' });
    expect(await log({ subscriptionId: failing })).toMatchObject({ total: 1, totalExact: true, items: [{ subscriptionId: failing, status: 'failed' }] });
    expect(await log({ subscriptionId: quiet })).toMatchObject({ total: 0, totalExact: true, items: [] });
    expect(await log({ status: 'failed' })).toMatchObject({ total: 1, totalExact: true, items: [{ subscriptionId: failing }] });
    const pending = await log({ status: 'pending' });
    expect(pending).toMatchObject({ total: 2, totalExact: true });
    expect(pending.items.map((d) => d.status)).toEqual(['pending', 'pending']);
    expect(await log({ subscriptionId: busy, status: 'succeeded', page: 2, limit: 100 })).toMatchObject({ total: 10_005, totalExact: true });
    expect(await log({ subscriptionId: busy })).toMatchObject({ total: 10_007, totalExact: true });
    // A second log of the same attempts (a run whose lease ran out) changes nothing, and counts nothing twice.
    const again = await k.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', busy).where('status', '=', 'succeeded').orderBy('id').limit(3).execute();
    await repo.recordAttempts(a.owner.accountId, busy, again.map(({ id }) => ({ id, status: 'failed', attempts: 2, nextAttemptAt: null, httpStatus: 500, responseBody: '', durationMs: 5, error: null, finishedAt: now })));
    expect(await log({ subscriptionId: busy })).toMatchObject({ total: 10_007 });
    expect(await log({ status: 'failed' })).toMatchObject({ total: 1 });
  });
});
