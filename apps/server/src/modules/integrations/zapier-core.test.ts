import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerPayloads, v2Routes } from '@scanbase/contracts';
import { createApiKey } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';

/**
 * The Zapier app (`integrations/zapier/`) run by Zapier's own runtime, `zapier-platform-core`: its app tester
 * validates the definition against Zapier's app schema and runs each function with the real `z` (z.request with
 * the app's middlewares, core's error classes), here against our server on loopback. `zapier-make.test.ts` covers
 * every operation in depth with a stand-in `z`; this file proves that stand-in behaves as core does.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const require = createRequire(import.meta.url);

type Bundle = { authData: { baseUrl: string; apiKey: string }; inputData?: Record<string, unknown> };
type Fn = (z: unknown, bundle: Bundle) => Promise<unknown>;
type Op = { operation: { perform: Fn; performList?: Fn } };
type App = { authentication: { test: Fn }; triggers: Record<string, Op>; creates: Record<string, Op>; searches: Record<string, Op> };
type AppTester = (fn: Fn, bundle: Bundle) => Promise<unknown>;
type ZapierCore = { createAppTester(app: App): AppTester; version: string };
type SchemaTools = { prepareApp(app: unknown): unknown; validateApp(compiled: unknown): { property: string; message: string }[] };

const core = require('zapier-platform-core') as ZapierCore;
// What `zapier validate` runs: the app compiled as core loads it, then checked against zapier-platform-schema.
const schema = require('zapier-platform-core/src/tools/schema') as SchemaTools;
const app = require(path.join(root, 'integrations/zapier/index.js')) as App & { platformVersion: string };

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** What a refused call rejects with (fails the test when it succeeds). */
async function refusal(p: Promise<unknown>): Promise<Error> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('the Zapier app in zapier-platform-core', () => {
  it('is a valid app definition for the platform version it names', () => {
    expect(app.platformVersion).toBe(core.version);
    expect(schema.validateApp(schema.prepareApp(app)).map((e) => `${e.property} ${e.message}`)).toEqual([]);
  });

  it('runs in core against the server: connection test, polling trigger, an action and a search, and a refusal with the server’s code', async () => {
    const a = await scanAccount(t);
    const bundle: Bundle = { authData: { baseUrl: base, apiKey: await createApiKey(t, a.owner.token, 'Zapier core') } };
    const tester = core.createAppTester(app);

    expect(v2Routes.hooksMe.reply.parse(await tester(app.authentication.test, bundle))).toMatchObject({ accountId: a.owner.accountId });

    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    await scanner.scan(service, 'CORE-1');
    const listed = (await tester(app.triggers.new_scan!.operation.performList!, { ...bundle, inputData: { serviceId: String(service) } })) as unknown[];
    expect(listed.map((item) => triggerPayloads['scan.created'].parse(item).value)).toEqual(['CORE-1']);

    const db = await a.database([]);
    const added = await tester(app.creates.upsert_value!.operation.perform, { ...bundle, inputData: { databaseId: String(db), value: 'CORE-VALUE', response: 'Dock 4', validity: '1' } });
    expect(v2Routes.hooksUpsertValue.reply.parse(added)).toMatchObject({ databaseId: db, value: 'CORE-VALUE', response: 'Dock 4', created: true });
    expect(await tester(app.searches.find_value!.operation.perform, { ...bundle, inputData: { databaseId: String(db), value: 'core-value' } })).toEqual([expect.objectContaining({ value: 'CORE-VALUE', response: 'Dock 4' })]);

    // A refused call fails the step with the server's message and stable code, through core's own error classes.
    const missing = await refusal(tester(app.creates.upsert_value!.operation.perform, { ...bundle, inputData: { databaseId: '999999', value: 'X' } }));
    expect(missing.message).toContain('Database 999999 does not exist. (NOT_FOUND)');
    const revoked = await refusal(tester(app.authentication.test, { authData: { baseUrl: base, apiKey: 'sb_not-a-key' } }));
    expect(revoked.name).toBe('RefreshAuthError');
  });
});
