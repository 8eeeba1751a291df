import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('specialized services: the generic part', () => {
  it('lists no instances in a new account, and an ordinary service is not one', async () => {
    const a = await scanAccount(t);
    const ordinary = await a.service({ validation_method: 'record' });
    const list = await a.admin('specialized/list', {});
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ items: [], total: 0, page: 1 });
    const get = await a.admin('specialized/get', { id: ordinary });
    expect(get.status).toBe(404);
    expect(get.body.error).toBe('NOT_FOUND');
    const del = await a.admin('specialized/delete', { id: ordinary });
    expect(del.status).toBe(404);
    // The ordinary service is untouched and the scanner sees it as ordinary.
    const user = await a.appUser([ordinary]);
    const s = await scannerSignIn(t, user);
    const services = (s.signIn as { services: { id: number; specialized: unknown }[] }).services;
    expect(services.find((x) => x.id === ordinary)?.specialized).toBeNull();
  });

  it('refuses an unknown type and bad input with field paths', async () => {
    const a = await scanAccount(t);
    const unknown = await a.admin('specialized/create', { type: 'teleport', name: 'X' });
    expect(unknown.status).toBe(422);
    const noName = await a.admin('specialized/create', { type: 'logistics', name: '  ' });
    expect(noName.status).toBe(422);
    // Nothing was made.
    expect((await a.admin('services/list', {})).body.total).toBe(0);
  });
});
