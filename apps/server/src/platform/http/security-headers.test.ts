import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { contentSecurityPolicy, frameableBy, registerSecurityHeaders, tileSource } from './security-headers.js';

/** Security headers on pages, static files and both APIs (through app.inject on the whole app). */

let t: TestApp;
let proxied: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Scanbase</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'export {};');
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.skipWaiting();');
  const env = { WEB_DIST_DIR: webDir, MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=k' };
  t = await createTestApp(env);
  proxied = await createTestApp({ ...env, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The CSP as a map of directive -> sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string).split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>): void {
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.com']);
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://scanbase.test', 'wss://scanbase.test']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // Plain HTTP: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('a page (the app shell for any path) carries them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(res.headers);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('a static file carries them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export {};');
    expectCommonHeaders(res.headers);
    // Named by content hash: kept for a year without revalidation.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a static file outside /assets/ (same name across releases) is revalidated on each use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('V2 replies (success, refusal and not found) carry them', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expectCommonHeaders(health.headers);
    const refused = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signin/', payload: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expectCommonHeaders(refused.headers);
    const missing = await t.app.inject({ method: 'POST', url: '/api-v2/no/such/', payload: {} });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
  });

  it('legacy replies carry them, and may be embedded cross-origin (barcode images in customers\' pages)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/?section=barcode&action=generate&value=1' });
    expect(res.headers['content-type']).toMatch(/xml/);
    expectCommonHeaders(res.headers);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('HSTS only when the request came over HTTPS (x-forwarded-proto counts with TRUST_PROXY only)', async () => {
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('a route can let named origins frame its page', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', publicUrl: 'https://scan.example.com' });
    app.get('/share/x', { config: frameableBy(['https://intranet.example.com']) }, async () => 'shared');
    app.get('/other', async () => 'other');
    const shared = await app.inject({ method: 'GET', url: '/share/x' });
    expect(directives(shared.headers['content-security-policy']).get('frame-ancestors')).toEqual(['https://intranet.example.com']);
    expect(shared.headers['x-frame-options']).toBeUndefined();
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(directives(other.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(() => frameableBy(['javascript:alert(1)'])).toThrow();
    await app.close();
  });

  it('img-src names the tile server of MAP_TILE_URL', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://user:pw@Tiles.Example.org:8081/{z}/{x}/{y}')).toBe('http://tiles.example.org:8081');
    expect(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}')).toBe('https:');
    expect(contentSecurityPolicy({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', publicUrl: 'http://localhost:8080' })).toContain('img-src \'self\' data: blob: https://tile.openstreetmap.org;');
  });
});
