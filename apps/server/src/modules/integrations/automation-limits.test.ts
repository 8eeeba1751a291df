import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary, createApiKey, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { writePlanFile } from '../billing/billing.test-helpers.js';
import { scanAccount } from '../scans/scans.test-helpers.js';

/**
 * The Zapier and Make actions called with an API key still hold the plan: its value and app-user limits (a value
 * already there may still be changed when the database is full) and its API call limits.
 */
const plans = {
  billingEnabled: true,
  defaultPlan: 'small',
  plans: [{ id: 'small', name: 'Small', priceMonth: 0, priceYear: 0, limits: { appUsers: 1, databaseValues: 2, apiPerMinute: 12, apiPerDay: 1000 }, features: { api: true, integrations: true } }],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLANS_FILE: writePlanFile(plans) });
});
afterAll(async () => {
  await t.close();
});

describe('plan limits on the Zapier and Make actions', () => {
  it('refuses a new value or app user past the plan’s limit (FORBIDDEN with planLimit), but changes a value already there', async () => {
    const a = await scanAccount(t);
    const key = await createApiKey(t, a.owner.token, 'Zapier');
    const db = await a.database([['A-1', '', 1]]);
    const call = (path: string, body: unknown) => v2(t.app, path, body, key);

    expect((await call('hooks/upsert-value', { databaseId: db, value: 'B-1' })).body).toMatchObject({ value: 'B-1', created: true });
    const full = await call('hooks/upsert-value', { databaseId: db, value: 'C-1' });
    expect(full.status).toBe(403);
    expect(full.body).toMatchObject({ error: 'FORBIDDEN', details: { planLimit: 'databaseValues', limit: 2, used: 2 } });
    const changed = await call('hooks/upsert-value', { databaseId: db, value: 'b-1', response: 'Now with a response' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ value: 'B-1', response: 'Now with a response', created: false });
    expect((await a.must('databases/values', { id: db })).total).toBe(2);

    expect((await call('appusers/create', { username: 'key-gate-1', password: 'gate-pass-1' })).status).toBe(200);
    const second = await call('appusers/create', { username: 'key-gate-2', password: 'gate-pass-1' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ error: 'FORBIDDEN', details: { planLimit: 'appUsers', limit: 1, used: 1 } });
  });

  it('counts key calls against the plan’s API calls per minute; the web session is not limited by them', async () => {
    const a = await scanAccount(t);
    const key = await createApiKey(t, a.owner.token, 'Make');
    const db = await a.database([['A-1', '', 1]]);
    await awayFromWindowBoundary(20);
    for (let i = 0; i < 12; i++) expect((await v2(t.app, 'hooks/find-value', { databaseId: db, value: 'A-1' }, key)).status).toBe(200);
    const over = await v2(t.app, 'hooks/find-value', { databaseId: db, value: 'A-1' }, key);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'LIMIT_MINUTE' });
    expect((await v2(t.app, 'tasks/list', {}, key)).status).toBe(429);
    expect((await a.admin('databases/values', { id: db })).status).toBe(200);
  });
});
