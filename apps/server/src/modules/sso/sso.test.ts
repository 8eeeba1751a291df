import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { linkIn } from '../../test/smtp-catcher.js';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Single sign-on against a real OpenID Connect provider on loopback (oauth2-mock-server): discovery, the
 * authorization redirect, the code exchange with PKCE and the signed ID token are all real. The test plays the
 * browser: it follows the authorization URL and hands what comes back to the callback route.
 */

let t: TestApp;
let idp: OAuth2Server;
let google: OAuth2Server;
/** The claims the next ID tokens carry (besides sub, aud, nonce). */
let claims: Record<string, unknown> = {};
let googleClaims: Record<string, unknown> = {};

async function provider(onToken: () => Record<string, unknown>): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, onToken()));
  return server;
}

beforeAll(async () => {
  idp = await provider(() => claims);
  google = await provider(() => googleClaims);
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: google.issuer.url! });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
  await google?.stop();
});

const ssoBody = (extra: Record<string, unknown> = {}) => ({ enabled: true, issuerUrl: idp.issuer.url!, clientId: 'scanbase', clientSecret: 'idp-client-secret', ...extra });

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload: body as Record<string, unknown>, headers });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' };
}

/** Starts a sign-in, lets the provider answer the authorization request, and answers the callback's query and the browser cookie. */
async function authorize(start: { path: string; body: unknown }): Promise<{ query: Record<string, string>; cookie: string; url: string }> {
  const started = await call(start.path, start.body);
  if (started.status !== 200 || started.body.kind !== 'redirect') throw new Error(`start failed: ${JSON.stringify(started.body)}`);
  const url = started.body.url as string;
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  return { query: Object.fromEntries(back.searchParams), cookie: started.cookie, url };
}

async function finish(query: Record<string, string>, cookie: string) {
  return call('auth/sso/callback', { code: query.code, state: query.state, error: query.error, errorDescription: query.error_description }, cookie ? { cookie } : {});
}

async function signInWithSso(email: string) {
  const { query, cookie } = await authorize({ path: 'auth/sso/start', body: { email } });
  return finish(query, cookie);
}

describe('single sign-on settings', () => {
  it('keeps the client secret encrypted: never answered, not stored as written', async () => {
    const owner = await signUpVerified(t);
    const saved = await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['Example.COM'] }), owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, clientId: 'scanbase', clientSecretSet: true, allowedDomains: ['example.com'], redirectUri: 'http://scanbase.test/signinSSO' });
    const got = await v2(t.app, 'sso/get', {}, owner.token);
    expect(JSON.stringify(got.body)).not.toContain('idp-client-secret');
    const row = await t.container.db.kysely.selectFrom('sso_configs').select('client_secret_enc').where('account_id', '=', owner.accountId).executeTakeFirstOrThrow();
    expect(row.client_secret_enc).toMatch(/^v1\./);
    expect(row.client_secret_enc).not.toContain('idp-client-secret');
    // Saving without a secret keeps the stored one.
    expect((await v2(t.app, 'sso/update', { ...ssoBody(), clientSecret: undefined }, owner.token)).body).toMatchObject({ clientSecretSet: true });
  });

  it('is the owner’s alone, and each account sees only its own', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ clientId: 'first' }), owner.token);
    expect((await v2(t.app, 'sso/get', {}, other.token)).body).toMatchObject({ enabled: false, clientId: '' });
    const memberEmail = uniqueEmail('adm');
    await v2(t.app, 'team/invite', { email: memberEmail, role: 'admin' }, owner.token);
    const secret = linkIn(await t.smtp.next(memberEmail), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    const admin = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Ad Min', password: 'admin password' });
    expect((await v2(t.app, 'sso/get', {}, admin.body.token as string)).status).toBe(403);
    expect((await v2(t.app, 'sso/update', ssoBody(), admin.body.token as string)).status).toBe(403);
  });

  it('refuses an internal issuer unless the install allows internal addresses, and tests discovery', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signUpVerified(strict);
      const refused = await v2(strict.app, 'sso/update', ssoBody(), owner.token);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain('internal address');
    } finally {
      await strict.close();
    }
    const owner = await signUpVerified(t);
    const found = await v2(t.app, 'sso/test', { issuerUrl: idp.issuer.url! }, owner.token);
    expect(found.body).toMatchObject({ ok: true, issuer: idp.issuer.url, authorizationEndpoint: `${idp.issuer.url}/authorize`, pkce: true });
    const missing = await v2(t.app, 'sso/test', { issuerUrl: `${idp.issuer.url}/nothing-here` }, owner.token);
    expect(missing.body).toMatchObject({ ok: false });
    expect(missing.body.message).toMatch(/^Discovery failed/);
  });
});

describe('signing in through the company identity provider', () => {
  it('signs an existing team member in without a password, with PKCE, state and nonce', async () => {
    const owner = await signUpVerified(t, { companyName: 'SSO Co' });
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['sso-co.test'] }), owner.token);
    const email = `mo.${Date.now()}@sso-co.test`;
    await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    await t.smtp.next(email);
    claims = { email, email_verified: true, name: 'Mo Member' };
    const { query, cookie, url } = await authorize({ path: 'auth/sso/start', body: { email } });
    const asked = new URL(url).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('redirect_uri')).toBe('http://scanbase.test/signinSSO');
    expect(asked.get('nonce')).toBeTruthy();
    const done = await finish(query, cookie);
    expect(done.body).toMatchObject({ kind: 'signed_in', user: { username: email, role: 'admin', account: 'SSO Co' } });
    // The session works like a password one, and the invitation counts as accepted.
    expect((await v2(t.app, 'me/get', {}, done.body.token as string)).body).toMatchObject({ username: email });
    expect(((await v2(t.app, 'team/list', { page: 1, limit: 10 }, owner.token)).body.items as { status: string }[])[0]?.status).toBe('active');
    // The same answer cannot be used twice.
    expect((await finish(query, cookie)).body).toMatchObject({ kind: 'failed', reason: 'state_expired' });
  });

  it('creates a member on first sign-in with the role its group maps to', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['jit.test'], jitEnabled: true, jitDefaultRole: 'admin', groupClaim: 'roles', groupRoles: [{ group: 'finance', role: 'billing_admin' }] }), owner.token);
    const email = `new.${Date.now()}@jit.test`;
    claims = { email, name: 'Nia New', roles: ['staff', 'finance'] };
    const done = await signInWithSso(email);
    expect(done.body).toMatchObject({ kind: 'signed_in', user: { username: email, name: 'Nia New', role: 'billing_admin', accountPrivileges: { billing: true, webapp_login: true } } });
    const team = (await v2(t.app, 'team/list', { page: 1, limit: 10 }, owner.token)).body.items as { email: string; role: string; status: string }[];
    expect(team).toEqual([expect.objectContaining({ email, role: 'billing_admin', status: 'active' })]);
  });

  it('without automatic accounts, an unknown address is refused with a reason', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['nojit.test'] }), owner.token);
    const email = `who.${Date.now()}@nojit.test`;
    claims = { email };
    expect((await signInWithSso(email)).body).toMatchObject({ kind: 'failed', reason: 'no_account', detail: email });
  });

  it('refuses an address outside the allowed domains', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['good.test'], jitEnabled: true }), owner.token);
    const email = `someone.${Date.now()}@good.test`;
    claims = { email: `someone@evil.test` };
    expect((await signInWithSso(email)).body).toMatchObject({ kind: 'failed', reason: 'domain_not_allowed', detail: 'evil.test' });
  });

  it('refuses a callback from another browser (no or another binding cookie) and a made-up state', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['bind.test'], jitEnabled: true }), owner.token);
    const email = `b.${Date.now()}@bind.test`;
    claims = { email };
    const first = await authorize({ path: 'auth/sso/start', body: { email } });
    const second = await authorize({ path: 'auth/sso/start', body: { email } });
    expect((await finish(first.query, second.cookie)).body).toMatchObject({ kind: 'failed', reason: 'state_mismatch' });
    expect((await finish(second.query, '')).body).toMatchObject({ kind: 'failed', reason: 'state_mismatch' });
    expect((await finish({ ...first.query, state: 'made-up-state-value' }, first.cookie)).body).toMatchObject({ kind: 'failed', reason: 'state_expired' });
  });

  it('passes on the identity provider’s refusal', async () => {
    const owner = await signUpVerified(t);
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: ['deny.test'] }), owner.token);
    idp.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'User is not assigned to this application');
    });
    const { query, cookie } = await authorize({ path: 'auth/sso/start', body: { email: `x@deny.test` } });
    expect((await finish(query, cookie)).body).toMatchObject({ kind: 'failed', reason: 'idp_error', detail: 'User is not assigned to this application' });
  });

  it('"require SSO" stops a member’s password sign-in but never the owner’s', async () => {
    const owner = await signUpVerified(t);
    const email = uniqueEmail('req');
    await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Re Quired', password: 'member password' });
    expect((await v2(t.app, 'auth/signin', { email, password: 'member password' })).body.kind).toBe('signed_in');
    await v2(t.app, 'sso/update', ssoBody({ requireSso: true }), owner.token);
    const refused = await v2(t.app, 'auth/signin', { email, password: 'member password' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Sign in with SSO');
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).body.kind).toBe('signed_in');
    // The member still gets in through the identity provider (found as a known login, no domain listed).
    claims = { email };
    expect((await signInWithSso(email)).body).toMatchObject({ kind: 'signed_in', user: { username: email } });
  });

  it('lets the person choose when several companies list the domain; the scanner’s sign-in counts only those that sign in app users', async () => {
    const domain = `shared${process.pid}x${Date.now()}.test`;
    const first = await signUpVerified(t, { companyName: 'First Co' });
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: [domain], appUsers: { enabled: true } }), first.token);
    const second = await signUpVerified(t, { companyName: 'Second Co' });
    await v2(t.app, 'sso/update', ssoBody({ allowedDomains: [domain] }), second.token);
    const email = `pat@${domain}`;
    expect((await call('auth/sso/start', { email })).body).toEqual({
      kind: 'choose_account',
      accounts: [
        { accountId: first.accountId, companyName: 'First Co' },
        { accountId: second.accountId, companyName: 'Second Co' },
      ],
    });
    const app = await call('auth/sso/app/start', { flow: 'scanner', returnTo: '/scanner', udid: 'chooser-device', email });
    expect(app.body.kind).toBe('redirect');
  });

  it('says when no company signs this address in through SSO', async () => {
    const res = await call('auth/sso/start', { email: uniqueEmail('none') });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('not set up');
  });
});

describe('sign in with Google', () => {
  it('tells the sign-in page that Google is configured', async () => {
    expect((await call('auth/sso/options', {})).body).toEqual({ google: true });
  });

  it('signs in an existing login whose verified Google address matches, and no one else', async () => {
    const owner = await signUpVerified(t);
    googleClaims = { email: owner.email, email_verified: true };
    const { query, cookie, url } = await authorize({ path: 'auth/google/start', body: {} });
    expect(new URL(url).searchParams.get('redirect_uri')).toBe('http://scanbase.test/google-auth');
    expect((await finish(query, cookie)).body).toMatchObject({ kind: 'signed_in', user: { username: owner.email, role: 'owner' } });

    googleClaims = { email: owner.email, email_verified: false };
    const unverified = await authorize({ path: 'auth/google/start', body: {} });
    expect((await finish(unverified.query, unverified.cookie)).body).toMatchObject({ kind: 'failed', reason: 'email_not_verified' });

    googleClaims = { email: uniqueEmail('stranger'), email_verified: true };
    const stranger = await authorize({ path: 'auth/google/start', body: {} });
    expect((await finish(stranger.query, stranger.cookie)).body).toMatchObject({ kind: 'failed', reason: 'no_account' });
  });
});
