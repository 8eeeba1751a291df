import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, legacy, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API keys', () => {
  it('creates, names, lists and revokes keys; the secret is shown once and stored hashed', async () => {
    const owner = await signUpVerified(t);
    const created = await v2(t.app, 'apikeys/create', { name: 'Zapier' }, owner.token);
    expect(created.status).toBe(200);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
    const keyId = (created.body.key as { id: number }).id;

    const stored = await t.container.db.kysely.selectFrom('api_keys').select(['key_hash', 'prefix']).where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(secret);
    expect(stored.key_hash).toHaveLength(64);
    expect(secret.startsWith(stored.prefix)).toBe(true);

    const renamed = await v2(t.app, 'apikeys/rename', { id: keyId, name: 'Zapier prod' }, owner.token);
    expect(renamed.body).toMatchObject({ name: 'Zapier prod' });
    const list = await v2(t.app, 'apikeys/list', {}, owner.token);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((list.body.items as { name: string }[]).map((k) => k.name)).toEqual(['Zapier prod']);

    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: secret })).status).toBe('1');
    expect((await v2(t.app, 'apikeys/revoke', { id: keyId }, owner.token)).status).toBe(200);
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: secret })).errorCode).toBe('100');
    expect((await v2(t.app, 'apikeys/list', {}, owner.token)).body.items).toEqual([]);
  });
});

describe('IP allow-list', () => {
  it('rejects api_key calls from addresses outside the list', async () => {
    const owner = await signUpVerified(t);
    const key = await createApiKey(t, owner.token);
    const bad = await v2(t.app, 'ipallowlist/update', { entries: ['10.0.0.1', 'not-an-ip'] }, owner.token);
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual([{ path: 'entries.1', message: '"not-an-ip" is not an IP address or CIDR range' }]);

    const set = await v2(t.app, 'ipallowlist/update', { entries: ['203.0.113.0/24', '2001:db8::1'] }, owner.token);
    expect(set.body.entries).toEqual(['203.0.113.0/24', '2001:db8:0:0:0:0:0:1']);

    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key }, '203.0.113.77')).status).toBe('1');
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key }, '2001:db8::1')).status).toBe('1');
    const outside = await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key }, '198.51.100.4');
    expect(outside.errorCode).toBe('10');
    expect(outside.raw).toContain('198.51.100.4');

    // The web app's own session is not subject to the API allow-list.
    expect((await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: owner.token }, '198.51.100.4')).status).toBe('1');
    await v2(t.app, 'ipallowlist/update', { entries: [] }, owner.token);
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key }, '198.51.100.4')).status).toBe('1');
  });
});

describe('API log', () => {
  it('records every api_key call with section, action, IP, status and duration, newest first', async () => {
    const owner = await signUpVerified(t);
    const key = await createApiKey(t, owner.token);
    await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key }, '192.0.2.10');
    await legacy(t.app, { section: 'nope', action: 'x', api_key: key }, '192.0.2.11');
    await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: owner.token });

    const log = await v2(t.app, 'apilog/list', { page: 1, limit: 10 }, owner.token);
    expect(log.body.total).toBe(2);
    const items = log.body.items as { section: string; action: string; ip: string; status: number; errorCode: number | null; durationMs: number }[];
    expect(items[0]).toMatchObject({ section: 'nope', action: 'x', ip: '192.0.2.11', status: 0, errorCode: 120 });
    expect(items[1]).toMatchObject({ section: 'limits', action: 'retrieve', ip: '192.0.2.10', status: 1, errorCode: null });
    expect(items[1]!.durationMs).toBeGreaterThanOrEqual(0);

    const failed = await v2(t.app, 'apilog/list', { page: 1, limit: 10, status: 0 }, owner.token);
    expect(failed.body.total).toBe(1);
    const paged = await v2(t.app, 'apilog/list', { page: 2, limit: 1 }, owner.token);
    expect((paged.body.items as { section: string }[])[0]?.section).toBe('limits');
  });
});
