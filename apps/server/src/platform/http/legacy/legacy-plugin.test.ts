import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary, createApiKey, legacy, parseLegacy, signUpVerified } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const golden = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'golden', name), 'utf8');

let t: TestApp;
let key: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ API_LIMIT_PER_MINUTE: '1000', API_LIMIT_PER_DAY: '21600', BODY_LIMIT_BYTES: '4096', UPLOAD_LIMIT_BYTES: '2048' });
  const owner = await signUpVerified(t, { companyName: 'Transport\u0001 Co\tLtd' });
  token = owner.token;
  key = await createApiKey(t, token);
});
afterAll(async () => {
  await t.close();
});

describe('the four transports', () => {
  it('GET with a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/?section=limits&action=retrieve&api_key=${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(parseLegacy(res.body).status).toBe('1');
  });

  it('urlencoded POST (and /api without the slash)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api', payload: `section=limits&action=retrieve&api_key=${key}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(parseLegacy(res.body).status).toBe('1');
  });

  it('multipart POST', async () => {
    const boundary = '----scanbase';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = field('section', 'limits') + field('action', 'retrieve') + field('api_key', key) + `--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(parseLegacy(res.body).status).toBe('1');
  });

  it('a raw XML body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: `<?xml version="1.0"?><xml><section>limits</section><action>retrieve</action><api_key>${key}</api_key></xml>`, headers: { 'content-type': 'application/xml' } });
    expect(parseLegacy(res.body).status).toBe('1');
  });

  it('an xml= field holding the request', async () => {
    const xml = `<xml><section>limits</section><action>retrieve</action><api_key>${key}</api_key></xml>`;
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams({ xml }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(parseLegacy(res.body).status).toBe('1');
  });
});

describe('generic error codes', () => {
  it('101 without credentials, byte for byte', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/?section=limits&action=retrieve' });
    expect(res.body).toBe(golden('error-101.xml'));
  });

  it('100 for an unknown or revoked key', async () => {
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: 'sb_not-a-real-key' })).errorCode).toBe('100');
    const doomed = await createApiKey(t, token, 'doomed');
    const keys = await t.app.inject({ method: 'POST', url: '/api-v2/apikeys/list/', payload: {}, headers: { authorization: `Bearer ${token}` } });
    const id = keys.json<{ items: { id: number; name: string }[] }>().items.find((k) => k.name === 'doomed')!.id;
    await t.app.inject({ method: 'POST', url: '/api-v2/apikeys/revoke/', payload: { id }, headers: { authorization: `Bearer ${token}` } });
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: doomed })).errorCode).toBe('100');
  });

  it('120 for an unknown section and 110 for an unknown action, byte for byte', async () => {
    const s = await t.app.inject({ method: 'GET', url: `/api/?section=nope&action=retrieve&api_key=${key}` });
    expect(s.body).toBe(golden('error-120.xml'));
    const a = await t.app.inject({ method: 'GET', url: `/api/?section=limits&action=nope&api_key=${key}` });
    expect(a.body).toBe(golden('error-110.xml'));
  });

  it('50 names a missing variable', async () => {
    const r = await legacy(t.app, { section: 'admin', action: 'retrieve_admin_property_value', website_token: token });
    expect(r.errorCode).toBe('50');
    expect(r.raw).toContain('adminId');
  });

  it('10 when an api_key calls a web-app section', async () => {
    expect((await legacy(t.app, { section: 'admin', action: 'retrieve', api_key: key })).errorCode).toBe('10');
  });

  it('103 for XML that cannot be read', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: '<xml><section>limits</section><action>', headers: { 'content-type': 'application/xml' } });
    expect(parseLegacy(res.body).errorCode).toBe('103');
  });

  it('102 for an XML body over the limit, 105 for an oversized form or file', async () => {
    const big = `<xml><section>limits</section><pad>${'x'.repeat(5000)}</pad></xml>`;
    const xml = await t.app.inject({ method: 'POST', url: '/api/', payload: big, headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(200);
    expect(parseLegacy(xml.body).errorCode).toBe('102');
    const form = await t.app.inject({ method: 'POST', url: '/api/', payload: `section=limits&pad=${'x'.repeat(5000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(parseLegacy(form.body).errorCode).toBe('105');
    const boundary = '----big';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${key}\r\n--${boundary}\r\nContent-Disposition: form-data; name="csvfile"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${'1,2\n'.repeat(1000)}\r\n--${boundary}--\r\n`;
    const file = await t.app.inject({ method: 'POST', url: '/api/?section=limits&action=retrieve', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(parseLegacy(file.body).errorCode).toBe('105');
  });

  it('41 in maintenance mode, for every caller', async () => {
    await t.container.maintenance.set(true);
    try {
      expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key })).errorCode).toBe('41');
      expect((await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: token })).errorCode).toBe('41');
      const v2 = await t.app.inject({ method: 'POST', url: '/api-v2/me/get/', payload: {}, headers: { authorization: `Bearer ${token}` } });
      expect(v2.statusCode).toBe(503);
      expect(v2.json<{ error: string }>().error).toBe('ERROR_MAINTENANCE');
    } finally {
      await t.container.maintenance.set(false);
    }
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: key })).status).toBe('1');
  });

  it('never lets a control character into a reply', async () => {
    const r = await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: token });
    expect(r.status).toBe('1');
    // eslint-disable-next-line no-control-regex
    expect(r.raw).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(r.raw).toContain('<account>Transport Co&#9;Ltd</account>');
  });
});

describe('limits', () => {
  it('limits/retrieve reports what is left, byte for byte on a fresh key', async () => {
    const fresh = await createTestApp({ API_LIMIT_PER_MINUTE: '30', API_LIMIT_PER_DAY: '21600' });
    try {
      const owner = await signUpVerified(fresh);
      const k = await createApiKey(fresh, owner.token);
      await awayFromWindowBoundary();
      const res = await fresh.app.inject({ method: 'GET', url: `/api/?section=limits&action=retrieve&api_key=${k}` });
      expect(res.body).toBe(golden('limits-retrieve.xml'));
    } finally {
      await fresh.close();
    }
  });

  it('111 past the per-minute limit and 113 past the per-day limit', async () => {
    const limited = await createTestApp({ API_LIMIT_PER_MINUTE: '3', API_LIMIT_PER_DAY: '5' });
    try {
      const owner = await signUpVerified(limited);
      const k = await createApiKey(limited, owner.token);
      const call = () => legacy(limited.app, { section: 'limits', action: 'retrieve', api_key: k });
      await awayFromWindowBoundary();
      for (let i = 0; i < 3; i++) expect((await call()).status).toBe('1');
      expect((await call()).errorCode).toBe('111');
      // Web sessions are not metered: the admin's screens keep working while an integration floods.
      expect((await legacy(limited.app, { section: 'admin', action: 'retrieve', website_token: owner.token })).status).toBe('1');
    } finally {
      await limited.close();
    }
    const daily = await createTestApp({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '2' });
    try {
      const owner = await signUpVerified(daily);
      const k = await createApiKey(daily, owner.token);
      const call = () => legacy(daily.app, { section: 'limits', action: 'retrieve', api_key: k });
      const first = await call();
      expect(first.xml.minute).toMatchObject({ _left: '-1', _limit: '-1' });
      expect((await call()).status).toBe('1');
      expect((await call()).errorCode).toBe('113');
    } finally {
      await daily.close();
    }
  });
});

describe('internal failures', () => {
  it('answer code 2 without a stack trace', async () => {
    const broken = await createTestApp();
    const owner = await signUpVerified(broken);
    const k = await createApiKey(broken, owner.token);
    await broken.container.db.close();
    const r = await legacy(broken.app, { section: 'limits', action: 'retrieve', api_key: k });
    expect(r.errorCode).toBe('2');
    expect(r.raw).not.toMatch(/at .*\.(ts|js):\d+/);
    await broken.app.close();
    await broken.smtp.close();
  });
});
