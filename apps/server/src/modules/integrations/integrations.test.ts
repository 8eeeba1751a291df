import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { triggerPayloads, triggerSamples, type PostbackTarget, type RestHook } from '@scanbase/contracts';
import { createApiKey, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn, startReceiver } from '../scans/scans.test-helpers.js';
import { startWebhookReceiver } from '../webhooks/webhooks.test-helpers.js';

/** The postback page's log, and REST hooks, polling and samples with an API key: real receivers on loopback, the real job worker. */

let t: TestApp;
let postbackServer: Awaited<ReturnType<typeof startReceiver>>;
let hookServer: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', POSTBACK_TIMEOUT_SECONDS: '2' });
  t.container.jobs.worker().start();
  postbackServer = await startReceiver();
  hookServer = await startWebhookReceiver();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await postbackServer.close();
  await hookServer.close();
  await t.close();
});

const until = (fn: () => void | Promise<void>) => vi.waitFor(fn, { timeout: 15_000, interval: 50 });

describe('integrations/postbacks', () => {
  it('lists every postback and forwarding target with its deliveries, verdicts and failures, and only the account’s own', async () => {
    const a = await scanAccount(t);
    const validating = await a.service({ validation_method: 'postback', postback_url: `${postbackServer.url}?svc=validate` });
    const forwarding = await a.service({ validation_method: 'record', postback_url: `${postbackServer.url}?svc=forward`, postback_real_time_scans: 1 });
    const quiet = await a.service({ validation_method: 'record', postback_url: `${postbackServer.url}?svc=quiet` });
    await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([validating, forwarding]));
    postbackServer.answerWith((f) => (f.has('status') ? { status: 503, body: 'busy' } : { body: `<xml><message><status>1</status><text>Welcome ${f.get('tid') ?? ''}</text></message></xml>` }));

    expect((await scanner.scan(validating, 'TICKET-1')).body).toMatchObject({ status: 1 });
    expect((await scanner.scan(forwarding, 'BOX-9')).status).toBe(200);

    const targets = async () => (await a.must('integrations/postbacks', {})).items as PostbackTarget[];
    await until(async () => expect((await targets()).find((x) => x.serviceId === forwarding)?.recent.length).toBeGreaterThanOrEqual(1));
    const list = await targets();
    expect(list.map((x) => x.serviceId).sort()).toEqual([validating, forwarding, quiet].sort());

    const v = list.find((x) => x.serviceId === validating)!;
    expect(v).toMatchObject({ kind: 'validate', active: true, url: `${postbackServer.url}?svc=validate`, deliveriesLast24h: 1, failuresLast24h: 0, lastFailureAt: null });
    expect(v.recent[0]).toMatchObject({ kind: 'validate', ok: true, httpStatus: 200, outcome: 'Valid: Welcome TICKET-1' });
    expect(v.lastSuccessAt).toBe(v.recent[0]!.at);

    const f = list.find((x) => x.serviceId === forwarding)!;
    expect(f).toMatchObject({ kind: 'forward', active: true, sends: 'scans received in real time', lastSuccessAt: null });
    expect(f.recent[0]).toMatchObject({ kind: 'forward', ok: false, httpStatus: 503, outcome: 'The server answered HTTP 503.' });
    expect(f.failuresLast24h).toBeGreaterThanOrEqual(1);

    expect(list.find((x) => x.serviceId === quiet)).toMatchObject({ kind: 'forward', active: false, sends: 'nothing: forwarding is off for this service', recent: [] });

    const other = await scanAccount(t);
    expect((await other.must('integrations/postbacks', {})).items).toEqual([]);
  });

  it('records a validation that could not reach its server, with the reason', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'postback', postback_url: 'http://127.0.0.1:9/nobody' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    await scanner.scan(service, 'LOST-1');
    const [target] = (await a.must('integrations/postbacks', {})).items as PostbackTarget[];
    expect(target!.recent[0]).toMatchObject({ ok: false, httpStatus: null });
    expect(target!.recent[0]!.outcome).not.toBe('');
    expect(target!.failuresLast24h).toBe(1);
  });
});

describe('hooks/* with an API key', () => {
  it('subscribes a REST hook with a key, delivers scans to it in the documented shape, lists and unsubscribes it', async () => {
    const a = await scanAccount(t);
    const key = await createApiKey(t, a.owner.token);
    const service = await a.service({ validation_method: 'record' });
    const other = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service, other]));

    const me = await v2(t.app, 'hooks/me', {}, key);
    expect(me.body).toMatchObject({ accountId: a.owner.accountId, email: a.owner.email });

    const sub = await v2(t.app, 'hooks/subscribe', { targetUrl: hookServer.url, event: 'scan.created', serviceId: service, source: 'zapier' }, key);
    expect(sub.status).toBe(200);
    const hook = sub.body as RestHook;
    expect(hook).toMatchObject({ event: 'scan.created', targetUrl: hookServer.url, source: 'zapier', active: true });

    // The subscription is an ordinary webhook to the web page, named after its maker.
    const webhooks = (await a.must('webhooks/list', {})).items as { id: number; description: string; serviceIds: number[] }[];
    expect(webhooks.find((w) => w.id === hook.id)).toMatchObject({ description: 'Zapier: New scan', serviceIds: [service] });

    await scanner.scan(other, 'NOT-THIS-ONE');
    const scan = await scanner.scan(service, 'PALLET-77', { properties: { dock: '4' } });
    await until(() => expect(hookServer.received.some((r) => r.json.data.id === scan.body.scanId)).toBe(true));
    const delivered = hookServer.received.find((r) => r.json.data.id === scan.body.scanId)!;
    expect(delivered.json.type).toBe('scan.created');
    expect(triggerPayloads['scan.created'].parse(delivered.json.data)).toMatchObject({ value: 'PALLET-77', serviceId: service, properties: { dock: '4' } });
    expect(hookServer.received.some((r) => r.json.data.value === 'NOT-THIS-ONE')).toBe(false);

    // The X-API-Key header works as well as the bearer token.
    const listed = await t.app.inject({ method: 'POST', url: '/api-v2/hooks/list/', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: { source: 'zapier' } });
    expect(listed.statusCode).toBe(200);
    expect((JSON.parse(listed.body) as { items: RestHook[] }).items.map((h) => h.id)).toEqual([hook.id]);

    // Another account's key neither sees nor removes it.
    const stranger = await scanAccount(t);
    const strangerKey = await createApiKey(t, stranger.owner.token);
    expect((await v2(t.app, 'hooks/list', {}, strangerKey)).body).toEqual({ items: [] });
    expect((await v2(t.app, 'hooks/unsubscribe', { id: hook.id }, strangerKey)).status).toBe(404);

    expect((await v2(t.app, 'hooks/unsubscribe', { id: hook.id }, key)).body).toEqual({ ok: true });
    expect((await v2(t.app, 'hooks/list', {}, key)).body).toEqual({ items: [] });
    // A subscription made on the web page is no REST hook: unsubscribe does not remove it.
    const web = await a.must('webhooks/create', { url: hookServer.url, events: ['scan.deleted'] });
    expect((await v2(t.app, 'hooks/unsubscribe', { id: (web.subscription as { id: number }).id }, key)).status).toBe(404);
  });

  it('refuses a key on routes that do not take keys, a revoked key, and a target at an internal address without the opt-in', async () => {
    const a = await scanAccount(t);
    const key = await createApiKey(t, a.owner.token);
    expect((await v2(t.app, 'webhooks/list', {}, key)).status).toBe(401);
    expect((await v2(t.app, 'integrations/postbacks', {}, key)).status).toBe(401);
    const keys = (await a.must('apikeys/list', {})).items as { id: number }[];
    await a.must('apikeys/revoke', { id: keys[0]!.id });
    await until(async () => expect((await v2(t.app, 'hooks/me', {}, key)).status).toBe(401));
  });

  it('polls the newest objects of each trigger after an id, newest first, in the documented shapes, and samples them', async () => {
    const a = await scanAccount(t);
    const key = await createApiKey(t, a.owner.token);
    const poll = async (body: Record<string, unknown>) => {
      const r = await v2(t.app, 'hooks/poll', body, key);
      expect(r.status).toBe(200);
      return r.body.items as Record<string, unknown>[];
    };
    // Nothing yet: the sample is the documented made-up one.
    expect((await v2(t.app, 'hooks/sample', { event: 'scan.created' }, key)).body).toEqual({ event: 'scan.created', sample: triggerSamples['scan.created'] });
    expect(await poll({ event: 'upload.completed' })).toEqual([]);

    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    const first = (await scanner.scan(service, 'A-1')).body.scanId as number;
    const second = (await scanner.scan(service, 'A-2')).body.scanId as number;
    const scans = await poll({ event: 'scan.created' });
    expect(scans.map((s) => s.id)).toEqual([second, first]);
    for (const s of scans) triggerPayloads['scan.created'].parse(s);
    expect((await poll({ event: 'scan.created', sinceId: first })).map((s) => s.value)).toEqual(['A-2']);
    expect(await poll({ event: 'scan.created', limit: 1 })).toHaveLength(1);
    expect((await v2(t.app, 'hooks/sample', { event: 'scan.created' }, key)).body).toMatchObject({ sample: { id: second, value: 'A-2' } });

    await a.database([['SKU-1', 'Blue', 1]]);
    const values = await poll({ event: 'database_value.created' });
    expect(values).toHaveLength(1);
    expect(triggerPayloads['database_value.created'].parse(values[0])).toMatchObject({ value: 'SKU-1', response: 'Blue', validity: 1 });

    const upload = await scanner.call('app/upload', { scans: [{ serviceId: service, value: 'OFF-1', clientScanId: 'offline-0001', scannedAt: new Date().toISOString() }] });
    expect(upload.status).toBe(200);
    const uploads = await poll({ event: 'upload.completed', serviceId: service });
    expect(uploads).toHaveLength(1);
    expect(triggerPayloads['upload.completed'].parse(uploads[0])).toMatchObject({ serviceId: service, scanCount: 1 });

    expect(await poll({ event: 'task_run.finished' })).toEqual([]);
    const bad = await v2(t.app, 'hooks/poll', { event: 'scan.exploded' }, key);
    expect(bad.status).toBe(422);
  });
});
