import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { triggerEventTypes, triggerPayloads, triggerSamples, v2Routes, type TriggerEventType } from '@scanbase/contracts';
import type { z } from 'zod';
import { createApiKey } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { startWebhookReceiver } from '../webhooks/webhooks.test-helpers.js';

/**
 * The Zapier app (`integrations/zapier/`) and the Make custom app (`integrations/make/`) against a real server on
 * loopback: the definitions' shape, and every endpoint they name called as Zapier or Make would call it, its reply
 * checked against the documented contract.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const require = createRequire(import.meta.url);

type Bundle = { authData: { baseUrl: string; apiKey: string }; inputData: Record<string, unknown>; targetUrl?: string; subscribeData?: Record<string, unknown>; cleanedRequest?: unknown };
type ZRequest = { url: string; method?: string; body?: unknown; headers?: Record<string, string> };
type ZapierFn = (z: ZShim, bundle: Bundle) => unknown;
type ZapierOperation = { type: string; inputFields: { key: string }[]; performSubscribe: ZapierFn; performUnsubscribe: ZapierFn; perform: ZapierFn; performList: ZapierFn; sample: Record<string, unknown>; outputFields: { key: string; label: string }[] };
type ZapierApp = {
  version: string;
  platformVersion: string;
  authentication: { type: string; fields: { key: string; required: boolean; type: string }[]; test: ZapierFn; connectionLabel: string };
  beforeRequest: ((req: ZRequest, z: ZShim, bundle: Bundle) => ZRequest)[];
  triggers: Record<string, { key: string; noun: string; display: { label: string; description: string }; operation: ZapierOperation }>;
  searches: Record<string, unknown>;
  creates: Record<string, unknown>;
};
type ZShim = { request: (req: ZRequest) => Promise<{ status: number; data: unknown }> };

/** The part of zapier-platform-core's `z` the app uses: `z.request` with the app's beforeRequest, throwing on 4xx/5xx as core does. */
function zFor(app: ZapierApp, bundle: Bundle, calls: string[]): ZShim {
  const z: ZShim = {
    async request(input) {
      let req: ZRequest = { ...input, headers: { ...input.headers } };
      for (const before of app.beforeRequest) req = before(req, z, bundle);
      calls.push(new URL(req.url).pathname);
      const res = await fetch(req.url, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json', ...req.headers }, body: req.body === undefined ? undefined : JSON.stringify(req.body) });
      const data: unknown = await res.json();
      if (res.status >= 400) throw new Error(`HTTP ${res.status}: ${JSON.stringify(data)}`);
      return { status: res.status, data };
    },
  };
  return z;
}

/** The route contract an API path names (`/api-v2/hooks/poll/`). */
function routeOf(urlPath: string): z.ZodType {
  const m = /\/api-v2\/([a-z0-9-]+\/[a-z0-9-]+)\/$/.exec(urlPath);
  const route = Object.values(v2Routes).find((r) => r.path === m?.[1]);
  if (!route) throw new Error(`${urlPath} is no V2 route of the server`);
  return route.reply;
}

/** Make's IML as the app uses it: a value that is one `{{path}}` keeps its type (undefined when empty: left out); text around expressions is joined. */
function iml(value: unknown, ctx: Record<string, unknown>): unknown {
  const lookup = (expr: string): unknown => expr.trim().split('.').reduce<unknown>((o, k) => (o === null || o === undefined ? undefined : (o as Record<string, unknown>)[k]), ctx);
  if (typeof value === 'string') {
    const whole = /^\{\{([^}]+)\}\}$/.exec(value);
    if (whole) {
      const v = lookup(whole[1]!);
      return v === '' ? undefined : v;
    }
    return value.replace(/\{\{([^}]+)\}\}/g, (_m, e: string) => {
      const v = lookup(e);
      return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    });
  }
  if (Array.isArray(value)) return value.map((v) => iml(v, ctx));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = iml(v, ctx);
      if (r !== undefined) out[k] = r;
    }
    return out;
  }
  return value;
}

let t: TestApp;
let base: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  t.container.jobs.worker().start();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await receiver.close();
  await t.close();
});

const until = (fn: () => void | Promise<void>) => vi.waitFor(fn, { timeout: 15_000, interval: 50 });

const zapierTriggers: Record<string, TriggerEventType> = { new_scan: 'scan.created', new_upload: 'upload.completed', new_database_value: 'database_value.created', task_finished: 'task_run.finished' };

describe('the Zapier app', () => {
  const app = require(path.join(root, 'integrations/zapier/index.js')) as ZapierApp;

  it('follows the app schema: custom auth with address and key, one hook trigger per event with subscribe, unsubscribe, perform, performList and a documented sample', () => {
    expect(app.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(app.platformVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(app.authentication.type).toBe('custom');
    expect(app.authentication.fields.map((f) => [f.key, f.required, f.type])).toEqual([['baseUrl', true, 'string'], ['apiKey', true, 'password']]);
    expect(typeof app.authentication.test).toBe('function');
    expect(Object.keys(app.triggers).sort()).toEqual(Object.keys(zapierTriggers).sort());
    for (const [key, trigger] of Object.entries(app.triggers)) {
      expect(trigger.key).toBe(key);
      expect(key).toMatch(/^[a-zA-Z]+[a-zA-Z0-9_]*$/);
      expect(trigger.noun).not.toBe('');
      expect(trigger.display.label).not.toBe('');
      expect(trigger.display.description.length).toBeGreaterThan(20);
      const op = trigger.operation;
      expect(op.type).toBe('hook');
      for (const fn of [op.performSubscribe, op.performUnsubscribe, op.perform, op.performList]) expect(typeof fn).toBe('function');
      const event = zapierTriggers[key]!;
      expect(op.sample).toEqual(triggerSamples[event]);
      triggerPayloads[event].parse(op.sample);
      // Every output field is a key of the payload.
      for (const f of op.outputFields) expect(Object.keys(op.sample)).toContain(f.key);
    }
    const samples = JSON.parse(fs.readFileSync(path.join(root, 'integrations/zapier/samples.json'), 'utf8')) as unknown;
    expect(samples).toEqual(triggerSamples);
  });

  it('runs against the server: connection test, subscribe, a delivered scan read by perform, performList in the documented shape, unsubscribe', async () => {
    const a = await scanAccount(t);
    const bundle: Bundle = { authData: { baseUrl: `${base}/`, apiKey: await createApiKey(t, a.owner.token, 'Zapier') }, inputData: {} };
    const calls: string[] = [];
    const z = zFor(app, bundle, calls);

    const me = await app.authentication.test(z, bundle);
    expect(routeOf(calls.at(-1)!).parse(me)).toMatchObject({ accountId: a.owner.accountId });
    expect(app.authentication.connectionLabel).toBe('{{name}} ({{email}})');

    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    const op = app.triggers.new_scan!.operation;
    const subscribeData = (await op.performSubscribe(z, { ...bundle, targetUrl: receiver.url, inputData: { serviceId: String(service) } })) as { id: number };
    expect(routeOf(calls.at(-1)!).parse(subscribeData)).toMatchObject({ event: 'scan.created', source: 'zapier', targetUrl: receiver.url });

    const scan = await scanner.scan(service, 'ZAP-1');
    await until(() => expect(receiver.received.some((r) => r.json.data.id === scan.body.scanId)).toBe(true));
    const delivery = receiver.received.find((r) => r.json.data.id === scan.body.scanId)!;
    const items = (await op.perform(z, { ...bundle, cleanedRequest: delivery.json })) as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(triggerPayloads['scan.created'].parse(items[0])).toMatchObject({ value: 'ZAP-1', serviceId: service });

    for (const [key, event] of Object.entries(zapierTriggers)) {
      const listed = (await app.triggers[key]!.operation.performList(z, bundle)) as Record<string, unknown>[];
      expect(calls.at(-1)).toBe('/api-v2/hooks/poll/');
      for (const item of listed) triggerPayloads[event].parse(item);
      if (event === 'scan.created') expect(listed.map((i) => i.value)).toEqual(['ZAP-1']);
    }

    await op.performUnsubscribe(z, { ...bundle, subscribeData });
    expect(routeOf(calls.at(-1)!)).toBe(v2Routes.hooksUnsubscribe.reply);
    const left = await fetch(`${base}/api-v2/hooks/list/`, { method: 'POST', headers: { authorization: `Bearer ${bundle.authData.apiKey}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await left.json()).toEqual({ items: [] });
    // Every endpoint the app calls is a route of the server.
    for (const p of new Set(calls)) routeOf(p);
  });
});

type MakeCall = { url: string; method: string; headers?: Record<string, string>; body: Record<string, unknown>; response?: Record<string, unknown> };
type MakeApp = {
  base: { baseUrl: string; headers: Record<string, string> };
  connection: { type: string; parameters: { name: string; required: boolean }[]; communication: MakeCall };
  webhooks: Record<string, { type: string; parameters: { name: string }[]; attach: MakeCall; detach: MakeCall; communication: { output: string } }>;
  modules: { name: string; type: string; label: string; webhook?: string; parameters?: { name: string }[]; communication?: MakeCall & { response: { iterate: string; output: string; trigger: { id: string; type: string; order: string } } }; samples: Record<string, unknown> }[];
};

describe('the Make custom app', () => {
  const app = JSON.parse(fs.readFileSync(path.join(root, 'integrations/make/scanbase.make-app.json'), 'utf8')) as MakeApp;

  it('has an API-key connection, an instant trigger (webhook) and a polling trigger per event, each with the documented sample', () => {
    expect(app.connection.type).toBe('apikey');
    expect(app.connection.parameters.map((p) => p.name)).toEqual(['baseUrl', 'apiKey']);
    const events = new Set<string>();
    for (const m of app.modules) {
      expect(['instant_trigger', 'trigger']).toContain(m.type);
      const event = m.type === 'instant_trigger' ? (app.webhooks[m.webhook!]!.attach.body.event as TriggerEventType) : (m.communication!.body.event as TriggerEventType);
      events.add(event);
      expect(m.samples).toEqual(triggerSamples[event]);
    }
    expect([...events].sort()).toEqual([...triggerEventTypes].sort());
    expect(app.modules.filter((m) => m.type === 'instant_trigger')).toHaveLength(triggerEventTypes.length);
  });

  it('calls every endpoint it names on the server, and each answers the documented shape', async () => {
    const a = await scanAccount(t);
    const apiKey = await createApiKey(t, a.owner.token, 'Make');
    const connection = { baseUrl: base, apiKey };
    const call = async (c: MakeCall, ctx: Record<string, unknown>, viaBase: boolean) => {
      const url = viaBase ? `${iml(app.base.baseUrl, ctx) as string}${c.url}` : (iml(c.url, ctx) as string);
      const headers = iml(c.headers ?? app.base.headers, ctx) as Record<string, string>;
      const res = await fetch(url, { method: c.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(iml(c.body, ctx)) });
      const body: unknown = await res.json();
      expect(res.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
      return { body: routeOf(new URL(url).pathname).parse(body) as Record<string, unknown> };
    };

    const verified = await call(app.connection.communication, { parameters: connection }, false);
    expect(verified.body).toMatchObject({ accountId: a.owner.accountId });

    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    for (const [name, hook] of Object.entries(app.webhooks)) {
      const ctx = { connection, parameters: {}, webhook: { url: receiver.url } };
      const attached = await call(hook.attach, ctx, true);
      const externalHookId = iml(hook.attach.response!.data, { body: attached.body }) as { externalHookId: number };
      expect(typeof externalHookId.externalHookId, name).toBe('number');
      if (hook.attach.body.event === 'scan.created') {
        const scan = await scanner.scan(service, 'MAKE-1');
        await until(() => expect(receiver.received.some((r) => r.json.data.id === scan.body.scanId && r.json.type === 'scan.created')).toBe(true));
        const delivered = receiver.received.find((r) => r.json.data.id === scan.body.scanId)!;
        triggerPayloads['scan.created'].parse(iml(hook.communication.output, { body: delivered.json }));
      }
      expect((await call(hook.detach, { connection, webhook: externalHookId }, true)).body).toEqual({ ok: true });
    }

    for (const m of app.modules.filter((x) => x.type === 'trigger')) {
      const polled = await call(m.communication!, { connection, parameters: { limit: 10 } }, true);
      const items = iml(m.communication!.response.iterate, { body: polled.body }) as unknown[];
      expect(m.communication!.response.trigger).toEqual({ id: '{{item.id}}', type: 'id', order: 'desc' });
      for (const item of items) triggerPayloads[m.communication!.body.event as TriggerEventType].parse(iml(m.communication!.response.output, { item }));
      if (m.communication!.body.event === 'scan.created') expect(items).toHaveLength(1);
    }
  });
});
