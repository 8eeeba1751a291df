import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey, legacy, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { isAllowed, normaliseAllowEntry } from './ip-allow-list.js';

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

  it('tells the caller its own address with the list, so the page can warn before locking it out', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'ipallowlist/update', { entries: ['10.0.0.0/8'] }, owner.token);
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/ipallowlist/get/', payload: {}, headers: { authorization: `Bearer ${owner.token}` }, remoteAddress: '203.0.113.9' });
    expect(res.json()).toEqual({ entries: ['10.0.0.0/8'], yourIp: '203.0.113.9' });
    expect((await v2(t.app, 'ipallowlist/get', {}, owner.token)).body.yourIp).toBe('127.0.0.1');
  });
});

describe('IP allow-list rules', () => {
  it('normalises addresses and ranges and matches IPv4 inside IPv6 ranges', () => {
    expect(normaliseAllowEntry(' 2001:DB8::/32 ')).toBe('2001:db8:0:0:0:0:0:0/32');
    expect(normaliseAllowEntry('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(() => normaliseAllowEntry('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an IP address or CIDR range');
    expect(isAllowed('192.0.2.1', ['::ffff:0:0/96'])).toBe(true);
    expect(isAllowed('192.0.2.1', ['192.0.3.0/24'])).toBe(false);
    expect(isAllowed('anything', [])).toBe(true);
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

  it('filters by key and publishes one "apilog" event per flush to the account only', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const first = await createApiKey(t, owner.token);
    const second = await v2(t.app, 'apikeys/create', { name: 'Second' }, owner.token);
    const secondId = (second.body.key as { id: number }).id;
    const events: { accountId: number; topic: string }[] = [];
    const unsubscribe = t.container.bus.subscribe((event) => {
      if (event.topic === 'apilog') events.push(event);
    });
    try {
      await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: first });
      await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: first });
      await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: second.body.secret as string });
      await t.container.apiAccess.flushLog();
      // On PostgreSQL the event comes back through LISTEN/NOTIFY, a moment later.
      await vi.waitFor(() => expect(events).toEqual([{ accountId: owner.accountId, topic: 'apilog' }]));
      await t.container.apiAccess.flushLog();
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(events).toHaveLength(1);
    } finally {
      unsubscribe();
    }
    const bySecond = await v2(t.app, 'apilog/list', { page: 1, limit: 10, apiKeyId: secondId }, owner.token);
    expect(bySecond.body.total).toBe(1);
    expect((bySecond.body.items as { apiKeyId: number }[])[0]?.apiKeyId).toBe(secondId);
    expect((await v2(t.app, 'apilog/list', { page: 1, limit: 10, apiKeyId: secondId }, other.token)).body.total).toBe(0);
  });
});
