import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, expectCode, ok } from './scan-config.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('account B cannot read or change account A’s scan configuration', () => {
  it('through the legacy API and V2', async () => {
    const a = await account(t, 'Alpha');
    const b = await account(t, 'Beta');
    const db = String(ok(await a.call('databases', 'create', { database_name: 'A db' })).xml.id);
    ok(await a.call('databases', 'addvalue', { database_id: db, value: 'SECRET-1' }));
    const valueId = ((await v2(t.app, 'databases/values', { id: Number(db) }, a.token)).body.items as { id: number }[])[0]!.id;
    const svc = String(ok(await a.call('services', 'create', { validation_method: 'database', database_id: db })).xml.id);
    const q = String(ok(await a.call('questions', 'create', { question_text: 'A?', question_type: 'option' })).xml.id);
    const ans = String(ok(await a.call('questions', 'addanswer', { question_id: q, answer_text: 'yes' })).xml.id);
    const user = String(ok(await a.call('users', 'create', { username: 'alpha-gate', password: 'pass1234' })).xml.id);
    const dev = String(await t.container.scanConfig.devices.register(a.accountId, 'udid-alpha', 'Alpha phone', null));

    // Lists in B show none of A's objects.
    expect(ok(await b.call('services', 'retrieve')).xml.count).toBe('0');
    expect(ok(await b.call('databases', 'retrieve')).xml.count).toBe('0');
    expect(ok(await b.call('questions', 'retrieve')).xml.count).toBe('0');
    expect(ok(await b.call('devices', 'retrieve')).xml.count).toBe('0');
    expect(ok(await b.call('users', 'retrieve')).xml.count).toBe('1'); // B's own owner app user

    // Reads by id.
    expectCode(await b.call('services', 'retrieve', { service_id: svc }), 200);
    expectCode(await b.call('databases', 'retrieve', { database_id: db }), 204);
    expectCode(await b.call('databases', 'showvalues', { database_id: db }), 204);
    expectCode(await b.call('questions', 'retrieve', { question_id: q }), 202);
    expectCode(await b.call('users', 'retrieve', { user_id: user }), 201);
    expectCode(await b.call('devices', 'retrieve', { device_id: dev }), 410);
    expectCode(await b.call('users', 'validate', { username: 'alpha-gate', password: 'pass1234' }), 300);

    // Changes by id.
    expectCode(await b.call('services', 'update', { service_id: svc, service_name: 'pwned' }), 200);
    expectCode(await b.call('services', 'delete', { service_id: svc }), 200);
    expectCode(await b.call('services', 'create', { validation_method: 'database', database_id: db }), 204);
    const bSvc = String(ok(await b.call('services', 'create', { validation_method: 'record' })).xml.id);
    expectCode(await b.call('services', 'adduserpermission', { service_id: bSvc, user_id: user }), 201);
    expectCode(await b.call('services', 'addquestion', { service_id: bSvc, question_id: q }), 202);
    expectCode(await b.call('databases', 'update', { database_id: db, database_name: 'pwned' }), 204);
    expectCode(await b.call('databases', 'clear', { database_id: db }), 204);
    expectCode(await b.call('databases', 'delete', { database_id: db }), 204);
    expectCode(await b.call('databases', 'addvalue', { database_id: db, value: 'x' }), 204);
    expectCode(await b.call('databases', 'editvalue', { database_id: db, value: 'SECRET-1', validity: '0' }), 204);
    expectCode(await b.call('databases', 'deletevalue', { database_id: db, value: 'SECRET-1' }), 204);
    expectCode(await b.call('databases', 'upsertmultivalue', { 'values[0][value]': 'x', 'values[0][database_id]': db }), 204);
    expectCode(await b.call('questions', 'addanswer', { question_id: q, answer_text: 'no' }), 202);
    expectCode(await b.call('questions', 'deleteanswer', { answer_id: ans }), 203);
    expectCode(await b.call('questions', 'delete', { question_id: q }), 202);
    expectCode(await b.call('users', 'update', { user_id: user, password: 'hijack1' }), 201);
    expectCode(await b.call('users', 'delete', { user_id: user }), 201);
    expectCode(await b.call('devices', 'update', { device_id: dev, device_name: 'pwned' }), 410);

    // V2 answers NOT_FOUND for every object type.
    for (const [path, body] of [
      ['services/get', { id: Number(svc) }], ['services/update', { id: Number(svc), variables: { service_name: 'x' } }], ['services/delete', { id: Number(svc) }],
      ['databases/get', { id: Number(db) }], ['databases/values', { id: Number(db) }], ['databases/clear', { id: Number(db) }], ['databases/delete-value', { id: Number(db), valueId }],
      ['databases/edit-value', { id: Number(db), valueId, validity: 0 }], ['questions/get', { id: Number(q) }], ['questions/delete', { id: Number(q) }],
      ['appusers/get', { id: Number(user) }], ['appusers/update', { id: Number(user), password: 'hijack1' }], ['devices/rename', { id: Number(dev), name: 'x' }],
    ] as const) {
      expect((await v2(t.app, path, body, b.token)).status, path).toBe(404);
    }

    // A's objects are intact.
    expect(ok(await a.call('services', 'retrieve', { service_id: svc })).raw).not.toContain('pwned');
    expect(ok(await a.call('databases', 'showvalues', { database_id: db })).raw).toContain('<value validity="1"><id>SECRET-1</id>');
    expect(ok(await a.call('questions', 'retrieve', { question_id: q })).raw).toContain(`<answer id="${ans}">yes</answer>`);
    ok(await a.call('users', 'validate', { username: 'alpha-gate', password: 'pass1234' }));
    expect(ok(await a.call('devices', 'retrieve')).raw).toContain('Alpha phone');
  });
});
