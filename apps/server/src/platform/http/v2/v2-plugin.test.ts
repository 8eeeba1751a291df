import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary, signUpVerified, uniqueEmail, v2 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '3', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000', BODY_LIMIT_BYTES: '2048' });
});
afterAll(async () => {
  await t.close();
});

describe('V2 plumbing', () => {
  it('answers LIMIT_MINUTE with Retry-After past the per-minute limit of a session', async () => {
    const limited = await createTestApp({ V2_LIMIT_PER_MINUTE: '5' });
    try {
      await limitedSession(limited);
    } finally {
      await limited.close();
    }
  });

  async function limitedSession(lt: TestApp): Promise<void> {
    // Sign-up and verification come from one IP: 2 public calls of the 5.
    await awayFromWindowBoundary(20);
    const owner = await signUpVerified(lt);
    const t = lt;
    const statuses: number[] = [];
    let last = await v2(t.app, 'me/get', {}, owner.token);
    statuses.push(last.status);
    for (let i = 0; i < 5; i++) {
      last = await v2(t.app, 'me/get', {}, owner.token);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('LIMIT_MINUTE');
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('limits sign-in attempts per email', async () => {
    const email = uniqueEmail('brute');
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await v2(t.app, 'auth/signin', { email, password: `guess ${i}` }, undefined)).body.error as string);
    expect(codes).toEqual(['AUTH_FAILED', 'AUTH_FAILED', 'AUTH_FAILED', 'LIMIT_MINUTE']);
  });

  it('takes the token from the body or the Authorization header', async () => {
    const owner = await signUpVerified(t);
    expect((await v2(t.app, 'auth/signout', { website_token: owner.token })).status).toBe(200);
    expect((await v2(t.app, 'me/get', { website_token: owner.token })).body.error).toBe('AUTH_FAILED');
    expect((await v2(t.app, 'me/get', { website_token: 'notoken' })).body.error).toBe('AUTH_FAILED');
  });

  it('reads multipart requests with a params field', async () => {
    const email = uniqueEmail('mp');
    const boundary = '----v2';
    const params = JSON.stringify({ companyName: 'Multipart Co', name: 'M', email, password: 'long enough pw' });
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${params}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signup/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(200);
    const bad = `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n{oops\r\n--${boundary}--\r\n`;
    const res2 = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signup/', payload: bad, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res2.statusCode).toBe(400);
    expect(res2.json<{ error: string }>().error).toBe('BAD_REQUEST');
  });

  it('answers stable codes for unknown routes, wrong media types and oversized bodies', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api-v2/nothing/here/', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe('NOT_FOUND');
    const text = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signin/', payload: 'hello', headers: { 'content-type': 'text/csv' } });
    expect(text.statusCode).toBe(415);
    expect(text.json<{ error: string }>().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signin/', payload: { email: 'a@b.co', password: 'x'.repeat(5000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ error: string }>().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-v2/openapi.json' });
    const doc = res.json<{ openapi: string; paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api-v2/auth/signin/');
    expect(Object.keys(doc.paths)).toContain('/api-v2/apilog/list/');
    expect(Object.keys(doc.paths['/api-v2/auth/signup/']!.post.requestBody.content['application/json'].schema.properties).sort()).toEqual(['companyName', 'confirmMultiAccount', 'email', 'name', 'password']);
  });
});

describe('the web app', () => {
  it('is served with history fallback: unknown paths return the app', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Scanbase</title><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const deep = await web.app.inject({ method: 'GET', url: '/account/services/42/users/' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<div id="root">');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
      expect((await web.app.inject({ method: 'GET', url: '/no/such/page' })).body).toContain('<title>Scanbase</title>');
      const api = await web.app.inject({ method: 'DELETE', url: '/whatever' });
      expect(api.statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers a static page of its own (the API examples) with the file, not the app', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Scanbase</title><div id="root"></div>');
    const examples = path.join(dist, 'apidocs', 'examples');
    fs.mkdirSync(path.join(examples, 'vendor'), { recursive: true });
    fs.writeFileSync(path.join(examples, 'csv2db.html'), '<!doctype html><title>Example: CSV to database</title><script src="csv2db.js" defer></script>');
    fs.writeFileSync(path.join(examples, 'csv2db.js'), '"use strict";');
    fs.writeFileSync(path.join(examples, 'vendor', 'papaparse.min.js'), '/* @license Papa Parse */');
    const web = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      for (const url of ['/apidocs/examples/csv2db.html', '/apidocs/examples/csv2db.html?from=app']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<title>Example: CSV to database</title>');
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const script = await web.app.inject({ method: 'GET', url: '/apidocs/examples/csv2db.js' });
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect((await web.app.inject({ method: 'GET', url: '/apidocs/examples/vendor/papaparse.min.js' })).body).toContain('@license');
      // Other addresses under /apidocs/ are the app's (only /api and /api-v2 themselves answer JSON).
      for (const url of ['/apidocs/', '/apidocs/examples/', '/apidocs/legacy?x=1']) expect((await web.app.inject({ method: 'GET', url })).body).toContain('<div id="root">');
      for (const url of ['/api-v2/no/such/route', '/api-v2', '/api/unknown']) expect((await web.app.inject({ method: 'GET', url })).headers['content-type']).toMatch(/json/);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
