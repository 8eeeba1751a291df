import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { automationOperations, triggerEventTypes, triggerPayloads, triggerSamples, v2Routes, type TriggerEventType } from '@scanbase/contracts';
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

type Bundle = { authData: { baseUrl: string; apiKey: string }; inputData: Record<string, unknown>; meta?: { page: number }; targetUrl?: string; subscribeData?: Record<string, unknown>; cleanedRequest?: unknown };
type ZRequest = { url: string; method?: string; body?: unknown; headers?: Record<string, string>; raw?: boolean; skipThrowForStatus?: boolean };
type ZapierFn = (z: ZShim, bundle: Bundle) => unknown;
type ZField = { key: string; label?: string; required?: boolean; type?: string; dynamic?: string; list?: boolean };
type ZapierAction = { key: string; noun: string; display: { label: string; description: string; hidden?: boolean }; operation: { inputFields: ZField[]; perform: ZapierFn; sample: Record<string, unknown>; outputFields: ZField[] } };
type ZapierOperation = { type: string; inputFields: { key: string }[]; performSubscribe: ZapierFn; performUnsubscribe: ZapierFn; perform: ZapierFn; performList: ZapierFn; sample: Record<string, unknown>; outputFields: { key: string; label: string }[] };
type ZapierApp = {
  version: string;
  platformVersion: string;
  authentication: { type: string; fields: { key: string; required: boolean; type: string }[]; test: ZapierFn; connectionLabel: string };
  beforeRequest: ((req: ZRequest, z: ZShim, bundle: Bundle) => ZRequest)[];
  afterResponse: ((res: ZResponse, z: ZShim, bundle: Bundle) => ZResponse)[];
  triggers: Record<string, { key: string; noun: string; display: { label: string; description: string; hidden?: boolean }; operation: ZapierOperation }>;
  searches: Record<string, ZapierAction>;
  creates: Record<string, ZapierAction>;
  searchOrCreates: Record<string, { key: string; search: string; create: string }>;
};
type ZResponse = { status: number; data?: unknown; content?: string; request: ZRequest; headers: Headers; buffer?: () => Promise<Buffer>; text?: () => Promise<string> };
type ZShim = {
  request: (req: ZRequest) => Promise<ZResponse>;
  stashFile: (bytes: Buffer, length: number, filename: string, contentType: string) => Promise<string>;
  errors: { Error: typeof ZapierError; RefreshAuthError: typeof ZapierError };
};

/** zapier-platform-core's `z.errors.Error(message, code, status)`: what the Zap shows the user. */
class ZapierError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The part of zapier-platform-core's `z` the app uses: `z.request` with the app's beforeRequest and afterResponse,
 * then throwing on 4xx/5xx as core does (not for raw requests); `z.stashFile` keeping the file where the test sees it.
 */
function zFor(app: ZapierApp, bundle: Bundle, calls: string[], stashed: Map<string, { bytes: Buffer; contentType: string }> = new Map()): ZShim {
  const z: ZShim = {
    async request(input) {
      let req: ZRequest = { ...input, headers: { ...input.headers } };
      for (const before of app.beforeRequest) req = before(req, z, bundle);
      calls.push(new URL(req.url).pathname);
      const res = await fetch(req.url, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json', ...req.headers }, body: req.body === undefined ? undefined : JSON.stringify(req.body) });
      let response: ZResponse;
      if (req.raw) {
        const bytes = Buffer.from(await res.arrayBuffer());
        response = { status: res.status, request: req, headers: res.headers, buffer: () => Promise.resolve(bytes), text: () => Promise.resolve(bytes.toString('utf8')) };
      } else {
        const content = await res.text();
        response = { status: res.status, content, data: JSON.parse(content) as unknown, request: req, headers: res.headers };
      }
      for (const after of app.afterResponse) response = after(response, z, bundle);
      if (response.status >= 400 && !req.skipThrowForStatus) throw new Error(`HTTP ${response.status}: ${response.content}`);
      return response;
    },
    stashFile(bytes, length, filename, contentType) {
      expect(bytes.length).toBe(length);
      const url = `https://zapier-files.example/${stashed.size + 1}/${filename}`;
      stashed.set(url, { bytes, contentType });
      return Promise.resolve(url);
    },
    errors: { Error: ZapierError, RefreshAuthError: ZapierError },
  };
  return z;
}

/** The error a Zapier function throws (fails the test when it succeeds). */
async function refusal(p: unknown): Promise<ZapierError> {
  const error = await (p as Promise<unknown>).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZapierError);
  return error as ZapierError;
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
    const visible = Object.entries(app.triggers).filter(([, tr]) => !tr.display.hidden);
    expect(visible.map(([key]) => key).sort()).toEqual(Object.keys(zapierTriggers).sort());
    for (const [key, trigger] of visible) {
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

  it('has a create per action and a search per search, with input fields, a sample its output fields name, and dropdowns filled by hidden triggers', () => {
    expect(Object.keys(app.creates).sort()).toEqual(automationOperations.filter((o) => o.kind === 'action').map((o) => o.key).sort());
    expect(Object.keys(app.searches).sort()).toEqual(automationOperations.filter((o) => o.kind === 'search').map((o) => o.key).sort());
    for (const [key, op] of [...Object.entries(app.creates), ...Object.entries(app.searches)]) {
      expect(op.key).toBe(key);
      expect(op.noun).not.toBe('');
      expect(op.display.description.length).toBeGreaterThan(20);
      expect(op.operation.inputFields.some((f) => f.required === true)).toBe(true);
      expect(typeof op.operation.perform).toBe('function');
      for (const f of op.operation.outputFields) expect(Object.keys(op.operation.sample), `${key}.${f.key}`).toContain(f.key);
      for (const f of op.operation.inputFields.filter((x) => x.dynamic)) {
        const [trigger, idField, labelField] = f.dynamic!.split('.');
        expect(app.triggers[trigger!]?.display.hidden, f.dynamic).toBe(true);
        expect(Object.keys(app.triggers[trigger!]!.operation.sample)).toEqual([idField, labelField]);
      }
    }
    // A search-or-create is keyed by its search, and the create takes every field the search asks for.
    for (const [key, soc] of Object.entries(app.searchOrCreates)) {
      expect([soc.key, soc.search]).toEqual([key, key]);
      const createFields = app.creates[soc.create]!.operation.inputFields.map((f) => f.key);
      for (const f of app.searches[soc.search]!.operation.inputFields) expect(createFields).toContain(f.key);
    }
    v2Routes.hooksUpsertValue.reply.parse(app.creates.upsert_value!.operation.sample);
    v2Routes.createAppUser.reply.parse(app.creates.create_app_user!.operation.sample);
    triggerPayloads['database_value.created'].parse(app.searches.find_value!.operation.sample);
    triggerPayloads['scan.created'].parse(app.searches.find_scan!.operation.sample);
  });

  it('runs every action and search against the server with a key, and what they did is there afterwards', async () => {
    const a = await scanAccount(t);
    const bundle: Bundle = { authData: { baseUrl: base, apiKey: await createApiKey(t, a.owner.token, 'Zapier') }, inputData: {} };
    const calls: string[] = [];
    const stashed = new Map<string, { bytes: Buffer; contentType: string }>();
    const z = zFor(app, bundle, calls, stashed);
    const run = (op: ZapierAction, inputData: Record<string, unknown>) => op.operation.perform(z, { ...bundle, inputData }) as Promise<Record<string, unknown>>;
    const search = (op: ZapierAction, inputData: Record<string, unknown>) => op.operation.perform(z, { ...bundle, inputData }) as Promise<Record<string, unknown>[]>;

    const service = await a.service({ validation_method: 'record' });
    const db = await a.database([['OLD-1', 'Old', 1]]);
    const { task } = (await a.must('tasks/create', { type: 'generatebarcode', name: 'Zap labels', inputs: { values: ['Z-1'], symbology: 'code128' } })) as { task: { id: number } };

    // The dropdowns (hidden triggers) list the account's services, databases and tasks.
    const dropdown = async (key: string) => (await app.triggers[key]!.operation.perform(z, { ...bundle, inputData: {}, meta: { page: 0 } })) as { id: number; name: string }[];
    expect((await dropdown('service_list')).map((x) => x.id)).toContain(service);
    expect((await dropdown('database_list')).map((x) => x.id)).toContain(db);
    expect(await dropdown('task_list')).toEqual([{ id: task.id, name: 'Zap labels' }]);

    // Add or update a database value: added, then updated by the same text in another case; the database lists it.
    const added = await run(app.creates.upsert_value!, { databaseId: String(db), value: ' ZAP-VALUE ', response: 'Gate A', validity: '1' });
    expect(v2Routes.hooksUpsertValue.reply.parse(added)).toMatchObject({ databaseId: db, value: 'ZAP-VALUE', response: 'Gate A', validity: 1, created: true });
    const updated = await run(app.creates.upsert_value!, { databaseId: String(db), value: 'zap-value', response: '', validity: '0' });
    expect(updated).toEqual({ databaseId: db, id: added.id, value: 'ZAP-VALUE', response: 'Gate A', validity: 0, created: false });
    expect((await a.must('databases/values', { id: db, search: 'ZAP' })).items).toEqual([{ id: added.id, value: 'ZAP-VALUE', response: 'Gate A', validity: 0 }]);

    // Find a value: by its exact text (case-insensitive database), not by a part of it.
    expect(await search(app.searches.find_value!, { databaseId: String(db), value: 'Zap-Value' })).toEqual([{ databaseId: db, id: added.id, value: 'ZAP-VALUE', response: 'Gate A', validity: 0 }]);
    expect(await search(app.searches.find_value!, { databaseId: String(db), value: 'ZAP' })).toEqual([]);

    // Create an app user: it exists with its services, and signs in to the scanner with its password.
    const user = await run(app.creates.create_app_user!, { username: 'zap-gate', password: 'zap-pass-1', serviceIds: [String(service)], deviceLimit: '' });
    expect(await a.must('appusers/get', { id: user.id })).toMatchObject({ username: 'zap-gate', serviceIds: [service], invited: false, deviceLimit: null });
    const scanner = await scannerSignIn(t, { username: 'zap-gate', password: 'zap-pass-1' });

    // Run a task: the run is the task's, and it finishes.
    const started = await run(app.creates.run_task!, { taskId: String(task.id) });
    expect(started.taskId).toBe(task.id);
    await until(async () => expect(await a.must('jobs/get', { id: started.id })).toMatchObject({ id: started.id, taskId: task.id, state: 'succeeded' }));

    // Generate a barcode: a PNG file stashed for the next steps.
    const barcode = await run(app.creates.generate_barcode!, { value: 'ZAP-VALUE', symbology: 'qrcode', format: 'png' });
    expect(barcode).toMatchObject({ value: 'ZAP-VALUE', symbology: 'qrcode', format: 'png', contentType: 'image/png', filename: 'barcode.png' });
    const file = stashed.get(barcode.file as string)!;
    expect(file.contentType).toBe('image/png');
    expect(file.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(file.bytes.length).toBe(barcode.size);
    const svg = await run(app.creates.generate_barcode!, { value: '4006381333931', symbology: 'ean13', format: 'svg' });
    expect(stashed.get(svg.file as string)!.bytes.toString('utf8')).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);

    // Find a scan: the newest with this value, of the service asked for.
    await scanner.scan(service, 'ZAP-SCAN');
    const newest = await scanner.scan(service, 'ZAP-SCAN');
    const found = await search(app.searches.find_scan!, { value: 'ZAP-SCAN', serviceId: String(service) });
    expect(found.map((x) => x.id)).toEqual([newest.body.scanId]);
    expect(triggerPayloads['scan.created'].parse(found[0])).toMatchObject({ value: 'ZAP-SCAN', serviceId: service, appUserId: user.id });
    expect(await search(app.searches.find_scan!, { value: 'ZAP-SCAN', serviceId: String(await a.service({ validation_method: 'record' })) })).toEqual([]);
    expect(await search(app.searches.find_scan!, { value: 'zap-scan' })).toEqual([]);

    for (const p of new Set(calls)) routeOf(p);
  });

  it('shows the server’s message and stable code when a call is refused', async () => {
    const a = await scanAccount(t);
    const b = await scanAccount(t);
    const bundle: Bundle = { authData: { baseUrl: base, apiKey: await createApiKey(t, a.owner.token, 'Zapier') }, inputData: {} };
    const z = zFor(app, bundle, []);
    const run = (op: ZapierAction, inputData: Record<string, unknown>) => op.operation.perform(z, { ...bundle, inputData });

    const missing = await refusal(run(app.creates.upsert_value!, { databaseId: '999999', value: 'X' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Database 999999 does not exist. (NOT_FOUND)' });
    // Another account's database is no different from a missing one.
    const foreign = await b.database([['B-1', '', 1]]);
    expect(await refusal(run(app.searches.find_value!, { databaseId: String(foreign), value: 'B-1' }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const invalid = await refusal(run(app.creates.create_app_user!, { username: 'zap-short', password: 'ab' }));
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', status: 422 });
    expect(invalid.message).toContain('password: Use at least 4 characters');
    const empty = await refusal(run(app.creates.upsert_value!, { databaseId: '1', value: '   ' }));
    expect(empty.message).toContain('value: Enter the value');
    const badBarcode = await refusal(run(app.creates.generate_barcode!, { value: 'ZAP', symbology: 'no-such-code' }));
    expect(badBarcode).toMatchObject({ code: 'VALIDATION_FAILED', status: 422 });
    expect(badBarcode.message).toContain('Unknown symbology "no-such-code"');
    expect(await refusal(run(app.creates.run_task!, { taskId: '999999' }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    // A revoked key: Zapier asks the user to reconnect.
    const { items } = (await a.must('apikeys/list', {})) as { items: { id: number }[] };
    await a.must('apikeys/revoke', { id: items[0]!.id });
    const revoked = await refusal(run(app.searches.find_scan!, { value: 'X' }));
    expect(revoked.message).toMatch(/\(AUTH_FAILED\)$/);
  });
});

type MakeCall = { url: string; method: string; headers?: Record<string, string>; body: Record<string, unknown>; response?: Record<string, unknown> };
type MakeApp = {
  base: { baseUrl: string; headers: Record<string, string>; response: { error: { message: string } } };
  connection: { type: string; parameters: { name: string; required: boolean }[]; communication: MakeCall };
  webhooks: Record<string, { type: string; parameters: { name: string }[]; attach: MakeCall; detach: MakeCall; communication: { output: string } }>;
  rpcs: Record<string, MakeCall & { label: string; response: { iterate: string; output: { label: string; value: string } } }>;
  modules: {
    name: string;
    type: string;
    label: string;
    description: string;
    webhook?: string;
    parameters?: { name: string }[];
    expect?: { name: string; type: string; required?: boolean; options?: string | { value: unknown }[] }[];
    communication?: MakeCall & { response: { iterate: string; output: unknown; type?: string; trigger: { id: string; type: string; order: string } } };
    interface?: { name: string }[];
    samples: Record<string, unknown>;
  }[];
};

describe('the Make custom app', () => {
  const app = JSON.parse(fs.readFileSync(path.join(root, 'integrations/make/scanbase.make-app.json'), 'utf8')) as MakeApp;

  it('has an API-key connection, an instant trigger (webhook) and a polling trigger per event, each with the documented sample', () => {
    expect(app.connection.type).toBe('apikey');
    expect(app.connection.parameters.map((p) => p.name)).toEqual(['baseUrl', 'apiKey']);
    const events = new Set<string>();
    for (const m of app.modules.filter((x) => x.type === 'instant_trigger' || x.type === 'trigger')) {
      expect(['instant_trigger', 'trigger']).toContain(m.type);
      const event = m.type === 'instant_trigger' ? (app.webhooks[m.webhook!]!.attach.body.event as TriggerEventType) : (m.communication!.body.event as TriggerEventType);
      events.add(event);
      expect(m.samples).toEqual(triggerSamples[event]);
    }
    expect([...events].sort()).toEqual([...triggerEventTypes].sort());
    expect(app.modules.filter((m) => m.type === 'instant_trigger')).toHaveLength(triggerEventTypes.length);
  });

  it('has an action or search module per operation, calling its route, with dropdowns from RPCs and outputs its interface names', () => {
    const operations = app.modules.filter((m) => m.type === 'action' || m.type === 'search');
    expect(operations.map((m) => [m.type, m.communication!.url]).sort()).toEqual(automationOperations.map((o) => [o.kind, `/${o.route}/`]).sort());
    for (const m of operations) {
      expect(m.description.length, m.name).toBeGreaterThan(20);
      expect(m.expect!.some((p) => p.required === true), m.name).toBe(true);
      for (const p of m.expect!) if (typeof p.options === 'string') expect(Object.keys(app.rpcs), `${m.name}.${p.name}`).toContain(p.options.replace('rpc://', ''));
      // Every body field is an expected parameter.
      for (const v of Object.values(m.communication!.body)) {
        const named = /^\{\{parameters\.([a-zA-Z]+)\}\}$/.exec(String(v));
        if (named) expect(m.expect!.map((p) => p.name), m.name).toContain(named[1]);
      }
      for (const f of m.interface!) expect(Object.keys(m.samples), `${m.name}.${f.name}`).toContain(f.name);
    }
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

  it('runs every RPC, action and search module on the server with a key: each answers the documented shape and did what it says', async () => {
    const a = await scanAccount(t);
    const connection = { baseUrl: base, apiKey: await createApiKey(t, a.owner.token, 'Make') };
    const send = async (c: MakeCall, parameters: Record<string, unknown>) => {
      const ctx = { connection, parameters };
      const url = `${iml(app.base.baseUrl, ctx) as string}${c.url}`;
      const headers = iml(c.headers ?? app.base.headers, ctx) as Record<string, string>;
      return { url, res: await fetch(url, { method: c.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(iml(c.body, ctx)) }) };
    };
    const call = async (c: MakeCall, parameters: Record<string, unknown>) => {
      const { url, res } = await send(c, parameters);
      const body: unknown = await res.json();
      expect(res.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
      return routeOf(new URL(url).pathname).parse(body) as Record<string, unknown>;
    };
    const module = (name: string) => app.modules.find((m) => m.name === name)!;
    /** An action's output bundle, or a search's bundles (Make's `iterate` and `output`). */
    const outputOf = (name: string, body: Record<string, unknown>, parameters: Record<string, unknown>) => {
      const r = module(name).communication!.response;
      if (r.iterate) return (iml(r.iterate, { body }) as unknown[]).map((item) => iml(r.output, { item, body, parameters }));
      return iml(r.output, { body, parameters });
    };
    const run = async (name: string, parameters: Record<string, unknown>) => outputOf(name, await call(module(name).communication!, parameters), parameters);

    const service = await a.service({ validation_method: 'record' });
    const db = await a.database([]);
    const { task } = (await a.must('tasks/create', { type: 'generatebarcode', name: 'Make labels', inputs: { values: ['M-1'], symbology: 'code128' } })) as { task: { id: number } };
    const options = async (rpc: string) => {
      const c = app.rpcs[rpc]!;
      const items = iml(c.response.iterate, { body: await call(c, {}) }) as unknown[];
      return items.map((item) => iml(c.response.output, { item }) as { label: string; value: number });
    };
    expect(await options('listServices')).toContainEqual({ label: expect.any(String) as string, value: service });
    expect(await options('listDatabases')).toContainEqual({ label: expect.any(String) as string, value: db });
    expect(await options('listTasks')).toEqual([{ label: 'Make labels', value: task.id }]);

    // Parameters as Make sends them: a select's value keeps its type, an empty field is left out.
    expect(await run('upsertValue', { databaseId: db, value: 'MAKE-VALUE', response: 'Dock 3', validity: 1 })).toMatchObject({ databaseId: db, value: 'MAKE-VALUE', response: 'Dock 3', validity: 1, created: true });
    const changed = (await run('upsertValue', { databaseId: db, value: 'MAKE-VALUE', response: '', validity: 0 })) as Record<string, unknown>;
    expect(changed).toMatchObject({ response: 'Dock 3', validity: 0, created: false });
    expect((await a.must('databases/values', { id: db })).items).toEqual([{ id: changed.id, value: 'MAKE-VALUE', response: 'Dock 3', validity: 0 }]);
    expect(await run('findValue', { databaseId: db, value: 'make-value' })).toEqual([{ databaseId: db, id: changed.id, value: 'MAKE-VALUE', response: 'Dock 3', validity: 0 }]);

    const user = (await run('createAppUser', { username: 'make-gate', password: 'make-pass-1', serviceIds: [service], deviceLimit: '' })) as { id: number };
    expect(await a.must('appusers/get', { id: user.id })).toMatchObject({ username: 'make-gate', serviceIds: [service] });

    const started = (await run('runTask', { taskId: task.id })) as { id: number; taskId: number };
    expect(started.taskId).toBe(task.id);
    expect(await a.must('jobs/get', { id: started.id })).toMatchObject({ taskId: task.id });

    // The barcode module reads the reply as binary: a file bundle with the image.
    const barcode = module('generateBarcode');
    expect(barcode.communication!.response.type).toBe('binary');
    const params = { value: 'MAKE-VALUE', symbology: 'qrcode', format: 'png', width: '', templateId: '' };
    const { res } = await send(barcode.communication!, params);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const file = iml(barcode.communication!.response.output, { body: Buffer.from(await res.arrayBuffer()), parameters: params }) as { fileName: string; data: Buffer };
    expect(file.fileName).toBe('barcode.png');
    expect(file.data.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const scanner = await scannerSignIn(t, { username: 'make-gate', password: 'make-pass-1' });
    const scan = await scanner.scan(service, 'MAKE-SCAN');
    const scans = (await run('findScan', { value: 'MAKE-SCAN', serviceId: '', limit: 5 })) as Record<string, unknown>[];
    expect(scans.map((x) => triggerPayloads['scan.created'].parse(x).id)).toEqual([scan.body.scanId]);

    // A refusal reads as Make's error message: status, the server's message and its code.
    const { res: refused } = await send(module('findValue').communication!, { databaseId: 999999, value: 'X' });
    expect(iml(app.base.response.error.message, { statusCode: refused.status, body: await refused.json() })).toBe('[404] Database 999999 does not exist. (NOT_FOUND)');
  });
});
