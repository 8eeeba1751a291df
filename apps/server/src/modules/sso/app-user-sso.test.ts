import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { writePlanFile } from '../billing/billing.test-helpers.js';

/**
 * Single sign-on for app users (the scanner and the portals) against a real OpenID Connect provider on loopback
 * (oauth2-mock-server). The test plays the browser: it starts from the scanner, follows the authorization URL and
 * hands what comes back to the callback, then uses the app token it got like the scanner does.
 */

let t: TestApp;
let idp: OAuth2Server;
let other: OAuth2Server;
let claims: Record<string, unknown> = {};

async function provider(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));
  return server;
}

beforeAll(async () => {
  idp = await provider();
  other = await provider();
  // Every account is on the unlimited plan unless a test puts it on the small one (two app users).
  const plans = writePlanFile({ billingEnabled: false, defaultPlan: 'unlimited', plans: [{ id: 'unlimited', name: 'Unlimited', priceMonth: 0, priceYear: 0 }, { id: 'small', name: 'Small', priceMonth: 0, priceYear: 0, limits: { appUsers: 2 } }] });
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '500', PLANS_FILE: plans });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
  await other?.stop();
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload: body as Record<string, unknown>, headers });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' };
}

let domainCounter = 0;
/** An owner whose OIDC provider signs in app users of a domain of its own; a service to scan with. */
async function account(appUsers: Record<string, unknown> = {}, issuer = idp) {
  domainCounter += 1;
  const domain = `crew${process.pid}x${domainCounter}.test`;
  const owner = await signUpVerified(t);
  const service = await v2(t.app, 'services/create', { variables: { validation_method: 'record', service_name: 'Gate' } }, owner.token);
  const serviceId = service.body.id as number;
  const body = { enabled: true, issuerUrl: issuer.issuer.url!, clientId: 'scanbase', clientSecret: 'idp-client-secret', allowedDomains: [domain], displayName: 'Acme Login', appUsers: { enabled: true, ...appUsers } };
  const saved = await v2(t.app, 'sso/update', body, owner.token);
  if (saved.status !== 200) throw new Error(`setup failed: ${JSON.stringify(saved.body)}`);
  return { ...owner, domain, serviceId };
}

const device = { udid: 'web-test-device', deviceName: 'Gate phone' };

/** The scanner's "Sign in with …": start (by account or email), the provider's redirect, the callback with the cookie. */
async function scannerSso(start: Record<string, unknown>, who: Record<string, unknown>) {
  claims = who;
  const started = await call('auth/sso/app/start', { flow: 'scanner', returnTo: '/scanner', ...device, ...start });
  if (started.status !== 200 || started.body.kind !== 'redirect') return { started, done: undefined };
  const res = await fetch(started.body.url as string, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const done = await call('auth/sso/callback', { code: back.searchParams.get('code') ?? undefined, state: back.searchParams.get('state') ?? undefined }, { cookie: started.cookie });
  return { started, done };
}

describe('single sign-on for app users', () => {
  it('offers the button only where the owner switched app users on, with the provider’s name', async () => {
    const on = await account();
    expect((await call('auth/sso/app/options', { accountId: on.accountId })).body).toEqual({ available: true, providerName: 'Acme Login' });
    const off = await account({ enabled: false });
    expect((await call('auth/sso/app/options', { accountId: off.accountId })).body).toEqual({ available: false, providerName: '' });
    expect((await v2(t.app, 'sso/get', {}, on.token)).body).toMatchObject({ displayName: 'Acme Login', appUsers: { enabled: true, requireSso: false, jit: false, groups: [] } });
    // Without an account (no ?account=), the generic "your company's single sign-on" link shows only where some company uses it.
    expect((await call('auth/sso/app/options', {})).body).toEqual({ available: true, providerName: '' });
    await t.container.db.kysely.updateTable('sso_configs').set({ app_users_enabled: 0 }).execute();
    expect((await call('auth/sso/app/options', {})).body).toEqual({ available: false, providerName: '' });
  });

  it('signs an existing app user in to the scanner: the same app token as a password sign-in, and it scans', async () => {
    const owner = await account();
    const username = `anna@${owner.domain}`;
    expect((await v2(t.app, 'appusers/create', { username: 'Anna@' + owner.domain, serviceIds: [owner.serviceId] }, owner.token)).status).toBe(200);
    const { done } = await scannerSso({ accountId: owner.accountId }, { email: username, name: 'Anna' });
    expect(done?.body).toMatchObject({ kind: 'app_signed_in', flow: 'scanner', returnTo: '/scanner', user: { username: `Anna@${owner.domain}` }, device: { udid: device.udid, name: 'Gate phone' }, services: [{ id: owner.serviceId, name: 'Gate' }] });
    const token = done?.body.token as string;
    const scan = await t.app.inject({ method: 'POST', url: '/api-v2/app/scan/', headers: { authorization: `Bearer ${token}` }, payload: { serviceId: owner.serviceId, value: 'SSO-1', clientScanId: 'sso-scan-0001' } });
    expect(scan.statusCode).toBe(200);
    // Not an administrator's session: the admin API refuses the app token.
    expect((await v2(t.app, 'sso/get', {}, token)).status).toBe(401);
  });

  it('finds the company by email when the app does not know it', async () => {
    const owner = await account();
    await v2(t.app, 'appusers/create', { username: `bo@${owner.domain}`, serviceIds: [owner.serviceId] }, owner.token);
    const { done } = await scannerSso({ email: `bo@${owner.domain}` }, { email: `bo@${owner.domain}` });
    expect(done?.body).toMatchObject({ kind: 'app_signed_in', user: { username: `bo@${owner.domain}` } });
  });

  it('counts an app user made just in time against the plan: at the limit the sign-in says so and makes nobody', async () => {
    const owner = await account({ jit: true, groups: [{ group: '*', serviceIds: [], userPortal: true }] });
    await t.container.billing.assignPlan(owner.accountId, 'small', 'month');
    // Fill the plan: administrators add app users until the server refuses the next one.
    let added = 0;
    for (; added < 5; added++) if ((await v2(t.app, 'appusers/create', { username: `full${added}@${owner.domain}`, password: 'pass-1234' }, owner.token)).status !== 200) break;
    expect(added).toBeLessThan(5);
    const email = `late@${owner.domain}`;
    const { done } = await scannerSso({ accountId: owner.accountId }, { email, groups: ['crew'] });
    expect(done?.body).toMatchObject({ kind: 'failed', reason: 'app_user_limit', returnTo: '/scanner' });
    expect(String(done?.body.detail)).toContain('Small plan allows 2 app users');
    const listed = await v2(t.app, 'appusers/list', { search: 'late@' }, owner.token);
    expect(listed.body.items).toEqual([]);
  });

  it('creates an app user on first sign-in with the services and portals its groups grant', async () => {
    const owner = await account({ jit: true, groups: [{ group: 'warehouse', serviceIds: [], userPortal: true }, { group: 'gate', serviceIds: [], taskPortal: false }] });
    await v2(t.app, 'sso/update', { enabled: true, issuerUrl: idp.issuer.url!, clientId: 'scanbase', allowedDomains: [owner.domain], appUsers: { enabled: true, jit: true, groups: [{ group: 'gate', serviceIds: [owner.serviceId] }, { group: 'office', serviceIds: [], userPortal: true }] } }, owner.token);
    const email = `new@${owner.domain}`;
    const { done } = await scannerSso({ accountId: owner.accountId }, { email, groups: ['gate', 'office'] });
    expect(done?.body).toMatchObject({ kind: 'app_signed_in', user: { username: email }, services: [{ id: owner.serviceId }] });
    const me = await t.app.inject({ method: 'POST', url: '/api-v2/app/portal/me/', headers: { authorization: `Bearer ${done?.body.token as string}` }, payload: {} });
    expect(me.json()).toMatchObject({ userPortal: true, taskPortal: false });
    // No group that grants anything: no app user is made, and the person reads why.
    const { done: refused } = await scannerSso({ accountId: owner.accountId }, { email: `visitor@${owner.domain}`, groups: ['visitors'] });
    expect(refused?.body).toMatchObject({ kind: 'failed', reason: 'no_app_user', returnTo: '/scanner' });
    expect(refused?.body.detail).toContain('visitors');
  });

  it('without automatic app users, an unknown address is refused with a reason and the page to go back to', async () => {
    const owner = await account();
    const { done } = await scannerSso({ accountId: owner.accountId }, { email: `nobody@${owner.domain}` });
    expect(done?.body).toMatchObject({ kind: 'failed', reason: 'no_app_user', returnTo: '/scanner' });
  });

  it('refuses an app user’s SSO on an account with the switch off', async () => {
    const owner = await account({ enabled: false });
    await v2(t.app, 'appusers/create', { username: `cy@${owner.domain}`, serviceIds: [owner.serviceId] }, owner.token);
    const { started } = await scannerSso({ accountId: owner.accountId }, { email: `cy@${owner.domain}` });
    expect(started.status).toBe(404);
    expect(JSON.stringify(started.body)).toContain('not set up for the scanner');
    // Switched off between start and callback: the callback says so.
    const later = await account();
    await v2(t.app, 'appusers/create', { username: `di@${later.domain}`, serviceIds: [later.serviceId] }, later.token);
    claims = { email: `di@${later.domain}` };
    const begun = await call('auth/sso/app/start', { flow: 'checkinout', returnTo: '/checkinout/signin/', ...device, accountId: later.accountId });
    await v2(t.app, 'sso/update', { enabled: true, issuerUrl: idp.issuer.url!, clientId: 'scanbase', allowedDomains: [later.domain], appUsers: { enabled: false } }, later.token);
    const res = await fetch(begun.body.url as string, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    const done = await call('auth/sso/callback', { code: back.searchParams.get('code') ?? undefined, state: back.searchParams.get('state') ?? undefined }, { cookie: begun.cookie });
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'app_sso_off', returnTo: '/checkinout/signin/' });
  });

  it('does not sign in another account’s app user, even through a provider that vouches for the address', async () => {
    const mine = await account();
    const theirs = await account({}, other);
    await v2(t.app, 'appusers/create', { username: `eve@${theirs.domain}`, serviceIds: [theirs.serviceId] }, theirs.token);
    // My provider vouches for an address that is the other company's app user: no token for it.
    await v2(t.app, 'sso/update', { enabled: true, issuerUrl: idp.issuer.url!, clientId: 'scanbase', allowedDomains: [], appUsers: { enabled: true, jit: true, groups: [{ group: '*', serviceIds: [mine.serviceId] }] } }, mine.token);
    const { done } = await scannerSso({ accountId: mine.accountId }, { email: `eve@${theirs.domain}` });
    expect(done?.body).toMatchObject({ kind: 'failed', reason: 'app_user_taken' });
    // The other account's provider: an ID token of the other IdP is not accepted in my flow (issuer/signature).
    claims = { email: `eve@${theirs.domain}` };
    const begun = await call('auth/sso/app/start', { flow: 'scanner', returnTo: '/scanner', ...device, accountId: mine.accountId });
    const foreign = await call('auth/sso/app/start', { flow: 'scanner', returnTo: '/scanner', ...device, accountId: theirs.accountId });
    const res = await fetch(foreign.body.url as string, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    // The other IdP's code with my flow's state and cookie.
    const mixed = await call('auth/sso/callback', { code: back.searchParams.get('code') ?? undefined, state: new URL(begun.body.url as string).searchParams.get('state') ?? undefined }, { cookie: begun.cookie });
    expect(mixed.body).toMatchObject({ kind: 'failed', reason: 'exchange_failed' });
  });

  it('refuses a returnTo that leaves the site', async () => {
    const owner = await account();
    for (const returnTo of ['https://evil.test/', '//evil.test/x', '/\\evil.test']) {
      expect((await call('auth/sso/app/start', { flow: 'scanner', returnTo, ...device, accountId: owner.accountId })).status).toBe(422);
    }
  });

  it('"require SSO for app users" stops an app user’s password but not the owner’s app user', async () => {
    const owner = await account({ requireSso: true });
    await v2(t.app, 'appusers/create', { username: 'gate7', password: 'gate-pass-7', serviceIds: [owner.serviceId] }, owner.token);
    const refused = await call('app/signin', { username: 'gate7', password: 'gate-pass-7', ...device });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('single sign-on');
    const ownerIn = await call('app/signin', { username: owner.email, password: owner.password, ...device });
    expect(ownerIn.status).toBe(200);
  });
});
