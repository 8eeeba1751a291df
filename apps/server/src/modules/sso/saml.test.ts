import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as validator from 'samlify-validator-js';
import { linkIn } from '../../test/smtp-catcher.js';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * SAML 2.0 single sign-on against a real identity provider on loopback: samlify plays the IdP, parses the
 * AuthnRequest node-saml (our SP) sends, and signs real assertions with a key and certificate made for this run.
 * The test plays the browser: it follows our redirect to the IdP, posts the IdP's form to our ACS, follows the ACS
 * redirect to /signinSSO and hands what it carries (with the browser's cookie) to the callback.
 */

/**
 * samlify, typed by hand for what this test uses: its own .d.ts imports @xmldom/xmldom, whose
 * `/// <reference lib="dom" />` would put the browser's DOM types into the server's type check.
 */
type SamlifyEntity = { entityMeta: { getAssertionConsumerService(binding: string): unknown; getEntityID(): string } };
type Samlify = {
  setSchemaValidator(v: { validate: (xml: string) => Promise<unknown> }): void;
  IdentityProvider(settings: Record<string, unknown>): SamlifyEntity & {
    parseLoginRequest(sp: SamlifyEntity, binding: string, req: { query: Record<string, string>; octetString: string }): Promise<{ extract: unknown }>;
    createLoginResponse(sp: SamlifyEntity, info: { extract: unknown }, binding: string, user: Record<string, string>, replace: (template: string) => { id: string; context: string }): Promise<{ context: string }>;
  };
  ServiceProvider(settings: { metadata: string }): SamlifyEntity;
  SamlLib: { replaceTagsByValue(template: string, values: Record<string, string>): string };
};
const samlify = createRequire(import.meta.url)('samlify') as Samlify;
samlify.setSchemaValidator(validator);

type KeyPair = { key: string; cert: string };
/** A fresh RSA key and self-signed certificate (openssl, as an IdP admin console would make them). */
function makeKeyPair(cn: string): KeyPair {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-test-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${cn}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

let t: TestApp;
let server: http.Server;
let ssoUrl = '';
let idpKeys: KeyPair;
let strangerKeys: KeyPair;
const idpEntityId = 'https://idp.example.test/saml';

/** What the IdP puts in its next answer. */
type Answer = { email: string; groups?: string[]; name?: string; signWith?: KeyPair; audience?: string; notOnOrAfter?: Date; assertionId?: string };
let next: Answer = { email: '' };
/** The SP metadata the IdP trusts (what the owner gave it), per account. */
const spByAccount = new Map<number, string>();
let spMetadataNow = '';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributes(answer: Answer): string {
  const attr = (name: string, values: string[]) => `<saml:Attribute Name="${esc(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
  return `<saml:AttributeStatement>${attr('email', [answer.email])}${answer.name ? attr('displayName', [answer.name]) : ''}${answer.groups ? attr('groups', answer.groups) : ''}</saml:AttributeStatement>`;
}

/** The IdP's sign-in URL: reads the AuthnRequest (redirect binding), answers the auto-posting form a real IdP shows. */
async function handleSso(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const keys = next.signWith ?? idpKeys;
  const idp = samlify.IdentityProvider({ entityID: idpEntityId, privateKey: keys.key, signingCert: keys.cert, nameIDFormat: [EMAIL_FORMAT], singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }] });
  const sp = samlify.ServiceProvider({ metadata: spMetadataNow });
  const request = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString: url.search.slice(1) });
  const now = new Date();
  const until = next.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const requestId = (request.extract as { request: { id: string } }).request.id;
  const acs = String(sp.entityMeta.getAssertionConsumerService('post'));
  const answer = next;
  const response = await idp.createLoginResponse(sp, { extract: request.extract }, 'post', { email: answer.email }, (template: string) => {
    const id = `_${randomUUID()}`;
    const filled = samlify.SamlLib.replaceTagsByValue(template.replace('{AttributeStatement}', attributes(answer)).replace('{AuthnStatement}', `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`), {
      ID: id,
      AssertionID: answer.assertionId ?? `_${randomUUID()}`,
      Destination: acs,
      Audience: answer.audience ?? sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      NameIDFormat: EMAIL_FORMAT,
      NameID: answer.email,
      Issuer: idpEntityId,
      IssueInstant: now.toISOString(),
      ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
      ConditionsNotOnOrAfter: until.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: until.toISOString(),
      InResponseTo: requestId,
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    });
    return { id, context: filled };
  });
  const relayState = url.searchParams.get('RelayState') ?? '';
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<form method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${esc(response.context)}"/><input type="hidden" name="RelayState" value="${esc(relayState)}"/></form>`);
}

beforeAll(async () => {
  idpKeys = makeKeyPair('Test IdP');
  strangerKeys = makeKeyPair('Someone else');
  server = http.createServer((req, res) => {
    handleSso(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ssoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sso`;
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '500' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function idpMetadata(cert = idpKeys.cert): string {
  const bare = cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idpEntityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${bare}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/><md:SingleSignOnService Binding="${REDIRECT}" Location="${ssoUrl}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
}

let domainCounter = 0;
/** An owner with SAML switched on for a domain of its own (so no two test accounts share one). */
async function samlAccount(extra: Record<string, unknown> = {}) {
  domainCounter += 1;
  const domain = `acme${process.pid}x${domainCounter}.test`;
  const owner = await signUpVerified(t);
  const saved = await v2(t.app, 'sso/update', { enabled: true, protocol: 'saml', samlMetadataXml: idpMetadata(), allowedDomains: [domain], ...extra }, owner.token);
  if (saved.status !== 200) throw new Error(`saml setup failed: ${JSON.stringify(saved.body)}`);
  spByAccount.set(owner.accountId, (saved.body.saml as { spMetadata: string }).spMetadata);
  return { ...owner, domain, saved: saved.body };
}

async function call(p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${p}/`, payload: body as Record<string, unknown>, headers });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' };
}

function formField(html: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  return found.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

async function postToAcs(form: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/saml/acs', payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { status: res.statusCode, location: String(res.headers.location ?? '') };
}

/** The browser's part up to the ACS: start, go to the IdP, take its form. */
async function toIdp(accountId: number, email: string, answer: Omit<Answer, 'email'> = {}, start: { path: string; body: unknown } = { path: 'auth/sso/start', body: { email } }) {
  const started = await call(start.path, start.body);
  if (started.status !== 200 || started.body.kind !== 'redirect') throw new Error(`start failed: ${JSON.stringify(started.body)}`);
  const url = new URL(started.body.url as string);
  next = { email, ...answer };
  spMetadataNow = spByAccount.get(accountId) ?? '';
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`idp failed: ${html}`);
  return { url, cookie: started.cookie, form: { SAMLResponse: formField(html, 'SAMLResponse'), RelayState: formField(html, 'RelayState') } };
}

async function callback(location: string, cookie: string) {
  const back = new URL(location, 'http://scanbase.test');
  expect(back.pathname).toBe('/signinSSO');
  return call('auth/sso/callback', { state: back.searchParams.get('state') ?? undefined, saml: back.searchParams.get('saml') ?? undefined }, cookie ? { cookie } : {});
}

async function samlSignIn(accountId: number, email: string, answer: Omit<Answer, 'email'> = {}, start?: { path: string; body: unknown }) {
  const { cookie, form } = await toIdp(accountId, email, answer, start);
  const acs = await postToAcs(form);
  expect(acs.status).toBe(303);
  return callback(acs.location, cookie);
}

describe('SAML settings', () => {
  it('reads the IdP metadata, and shows our SP metadata for the IdP', async () => {
    const owner = await samlAccount();
    const saml = owner.saved.saml as { idpEntityId: string; idpSsoUrl: string; idpCertificates: { subject: string; sha256: string }[]; spEntityId: string; acsUrl: string; spMetadata: string };
    expect(owner.saved.protocol).toBe('saml');
    expect(saml.idpEntityId).toBe(idpEntityId);
    // The Redirect binding's URL is the one we send people to.
    expect(saml.idpSsoUrl).toBe(ssoUrl);
    expect(saml.idpCertificates).toHaveLength(1);
    expect(saml.idpCertificates[0]?.subject).toContain('CN=Test IdP');
    expect(saml.spEntityId).toBe(`http://scanbase.test/saml/${owner.accountId}/metadata`);
    expect(saml.acsUrl).toBe('http://scanbase.test/saml/acs');
    expect(saml.spMetadata).toContain(`entityID="${saml.spEntityId}"`);
    expect(saml.spMetadata).toContain('Location="http://scanbase.test/saml/acs"');
    // The same metadata is served at the entity id, for IdPs that import it by URL.
    const served = await t.app.inject({ method: 'GET', url: `/saml/${owner.accountId}/metadata` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(saml.spEntityId);
  });

  it('takes entity id, sign-in URL and a pasted certificate instead; refuses what is not a certificate or metadata', async () => {
    const owner = await signUpVerified(t);
    const fields = { enabled: true, protocol: 'saml', samlIdpEntityId: idpEntityId, samlIdpSsoUrl: ssoUrl };
    const bad = await v2(t.app, 'sso/update', { ...fields, samlIdpCertificate: 'not a certificate at all' }, owner.token);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('samlIdpCertificate');
    const notMetadata = await v2(t.app, 'sso/update', { enabled: true, protocol: 'saml', samlMetadataXml: '<html><body>login</body></html>' }, owner.token);
    expect(notMetadata.status).toBe(422);
    expect(JSON.stringify(notMetadata.body)).toContain('no IDPSSODescriptor');
    const ok = await v2(t.app, 'sso/update', { ...fields, samlIdpCertificate: idpKeys.cert }, owner.token);
    expect(ok.status).toBe(200);
    expect((ok.body.saml as { idpCertificates: unknown[] }).idpCertificates).toHaveLength(1);
    // Saving again without a certificate keeps the stored one.
    const again = await v2(t.app, 'sso/update', fields, owner.token);
    expect((again.body.saml as { idpCertificates: unknown[] }).idpCertificates).toHaveLength(1);
    // An OIDC account has no SAML metadata to serve.
    const other = await signUpVerified(t);
    expect((await t.app.inject({ method: 'GET', url: `/saml/${other.accountId}/metadata` })).statusCode).toBe(404);
  });
});

describe('signing in with SAML', () => {
  it('creates a member just in time with the role of their group, and signs them in', async () => {
    const owner = await samlAccount({ jitEnabled: true, jitDefaultRole: 'admin', groupRoles: [{ group: 'finance', role: 'billing_admin' }] });
    const email = `pat@${owner.domain}`;
    const done = await samlSignIn(owner.accountId, email, { groups: ['staff', 'finance'], name: 'Pat Saml' });
    expect(done.body).toMatchObject({ kind: 'signed_in' });
    const team = (await v2(t.app, 'team/list', { page: 1, limit: 10 }, owner.token)).body.items as { email: string; role: string; status: string; name: string }[];
    expect(team).toEqual([expect.objectContaining({ email, role: 'billing_admin', status: 'active', name: 'Pat Saml' })]);
    // The session is a real one.
    expect((await v2(t.app, 'team/list', { page: 1, limit: 10 }, done.body.token as string)).status).not.toBe(401);
  });

  it('refuses an unknown address when automatic accounts are off', async () => {
    const owner = await samlAccount();
    const done = await samlSignIn(owner.accountId, `nobody@${owner.domain}`);
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'no_account' });
  });

  it('refuses a replayed answer, and an assertion id already used in another sign-in', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const email = `replay@${owner.domain}`;
    const { cookie, form } = await toIdp(owner.accountId, email, { assertionId: `_fixed-${randomUUID()}` });
    const first = await postToAcs(form);
    expect((await callback(first.location, cookie)).body).toMatchObject({ kind: 'signed_in' });
    // The same POST again: its sign-in (state) is used up.
    const second = await postToAcs(form);
    expect((await callback(second.location, cookie)).body).toMatchObject({ kind: 'failed', reason: 'state_expired' });
    // A new sign-in whose (validly signed) answer carries an assertion id seen before.
    const reused = await samlSignIn(owner.accountId, email, { assertionId: next.assertionId });
    expect(reused.body).toMatchObject({ kind: 'failed', reason: 'saml_replayed' });
  });

  it('refuses an expired assertion', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const done = await samlSignIn(owner.accountId, `late@${owner.domain}`, { notOnOrAfter: new Date(Date.now() - 5 * 60_000) });
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
    expect(done.body.detail).toContain('validity period');
  });

  it('refuses an assertion meant for another service provider', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const done = await samlSignIn(owner.accountId, `aud@${owner.domain}`, { audience: 'https://other-app.example.test/saml' });
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
    expect(done.body.detail).toContain('another service provider');
  });

  it('refuses an assertion signed with a key other than the IdP certificate stored', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const done = await samlSignIn(owner.accountId, `forged@${owner.domain}`, { signWith: strangerKeys });
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
    expect(done.body.detail).toContain('signature');
    expect((await v2(t.app, 'team/list', { page: 1, limit: 10 }, owner.token)).body.items).toEqual([]);
  });

  it('refuses a tampered answer (an address changed after signing)', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const { cookie, form } = await toIdp(owner.accountId, `eve@${owner.domain}`);
    const xml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8').replaceAll(`eve@${owner.domain}`, owner.email);
    const acs = await postToAcs({ ...form, SAMLResponse: Buffer.from(xml).toString('base64') });
    const done = await callback(acs.location, cookie);
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
  });

  it('refuses the answer in another browser, and an answer nobody asked for', async () => {
    const owner = await samlAccount({ jitEnabled: true });
    const { form } = await toIdp(owner.accountId, `csrf@${owner.domain}`);
    const acs = await postToAcs(form);
    expect((await callback(acs.location, '')).body).toMatchObject({ kind: 'failed', reason: 'state_mismatch' });
    const unsolicited = await postToAcs({ SAMLResponse: form.SAMLResponse });
    expect(unsolicited.location).toBe('/sso-fail/?reason=saml_unsolicited');
  });

  it('"require SSO" stops a member’s password but not the owner’s; the member gets in through SAML', async () => {
    const owner = await samlAccount();
    const email = `member@${owner.domain}`;
    await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop() ?? '';
    await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mem Ber', password: 'member password' });
    await v2(t.app, 'sso/update', { enabled: true, protocol: 'saml', allowedDomains: [owner.domain], samlIdpEntityId: idpEntityId, samlIdpSsoUrl: ssoUrl, requireSso: true }, owner.token);
    expect((await v2(t.app, 'auth/signin', { email, password: 'member password' })).status).toBe(403);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).body.kind).toBe('signed_in');
    expect((await samlSignIn(owner.accountId, email)).body).toMatchObject({ kind: 'signed_in' });
  });

  it('with "require SSO" on, an invitation asks for no password: it sends to SSO sign-in, which accepts it', async () => {
    const owner = await samlAccount();
    const early = `early@${owner.domain}`;
    await v2(t.app, 'team/invite', { email: early, role: 'admin' }, owner.token);
    const oldLink = linkIn(await t.smtp.next(early), '/user/confirmemail/').replace(/\/$/, '').split('/').pop() ?? '';
    await v2(t.app, 'sso/update', { enabled: true, protocol: 'saml', allowedDomains: [owner.domain], samlIdpEntityId: idpEntityId, samlIdpSsoUrl: ssoUrl, requireSso: true }, owner.token);
    // A link mailed before SSO was required no longer sets a password.
    const refused = await v2(t.app, 'auth/accept-invite', { token: oldLink, name: 'Early', password: 'member password' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Sign in with SSO');
    const email = `invited@${owner.domain}`;
    await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    const mail = await t.smtp.next(email);
    expect(mail.text).toContain('you need no Scanbase password');
    expect(linkIn(mail, '/signinSSO')).toBe('http://scanbase.test/signinSSO');
    expect((await samlSignIn(owner.accountId, email)).body).toMatchObject({ kind: 'signed_in' });
    const team = (await v2(t.app, 'team/list', { page: 1, limit: 10 }, owner.token)).body.items as { email: string; status: string }[];
    expect(team.find((m) => m.email === email)?.status).toBe('active');
  });
});

describe('SAML for app users (scanner, portals)', () => {
  const appStart = (accountId: number, flow = 'scanner', returnTo = '/scanner') => ({ path: 'auth/sso/app/start', body: { flow, returnTo, udid: 'web-saml-device', deviceName: 'Dock tablet', accountId } });

  it('signs an app user in to a portal through the same ACS, with the target carried by RelayState', async () => {
    const owner = await samlAccount({ appUsers: { enabled: true, jit: true, groups: [{ group: 'dock', serviceIds: [], taskPortal: true }] } });
    const email = `dock@${owner.domain}`;
    const done = await samlSignIn(owner.accountId, email, { groups: ['dock'] }, appStart(owner.accountId, 'taskportal', '/task-portal/login'));
    expect(done.body).toMatchObject({ kind: 'app_signed_in', flow: 'taskportal', returnTo: '/task-portal/login', user: { username: email }, device: { udid: 'web-saml-device', name: 'Dock tablet' } });
    const me = await t.app.inject({ method: 'POST', url: '/api-v2/app/portal/me/', headers: { authorization: `Bearer ${done.body.token as string}` }, payload: {} });
    expect(me.json()).toMatchObject({ taskPortal: true, userPortal: false });
  });

  it('refuses a replayed, expired or wrongly signed assertion for an app user too', async () => {
    const owner = await samlAccount({ appUsers: { enabled: true } });
    const email = `gate@${owner.domain}`;
    await v2(t.app, 'appusers/create', { username: email }, owner.token);
    const first = await toIdp(owner.accountId, email, { assertionId: '_app-replay-1' }, appStart(owner.accountId));
    expect((await callback((await postToAcs(first.form)).location, first.cookie)).body).toMatchObject({ kind: 'app_signed_in' });
    const again = await samlSignIn(owner.accountId, email, { assertionId: '_app-replay-1' }, appStart(owner.accountId));
    expect(again.body).toMatchObject({ kind: 'failed', reason: 'saml_replayed', returnTo: '/scanner' });
    const expired = await samlSignIn(owner.accountId, email, { notOnOrAfter: new Date(Date.now() - 5 * 60_000) }, appStart(owner.accountId));
    expect(expired.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
    const forged = await samlSignIn(owner.accountId, email, { signWith: strangerKeys }, appStart(owner.accountId));
    expect(forged.body).toMatchObject({ kind: 'failed', reason: 'saml_invalid' });
  });

  it('refuses an app user where the switch is off, and another account’s app user', async () => {
    const off = await samlAccount();
    expect((await call('auth/sso/app/start', appStart(off.accountId).body)).status).toBe(404);
    const mine = await samlAccount({ appUsers: { enabled: true, jit: true, groups: [{ group: '*', serviceIds: [] }] } });
    const theirs = await signUpVerified(t);
    const foreign = `lent${process.pid}@elsewhere.test`;
    await v2(t.app, 'appusers/create', { username: foreign }, theirs.token);
    await v2(t.app, 'sso/update', { enabled: true, protocol: 'saml', allowedDomains: [], samlIdpEntityId: idpEntityId, samlIdpSsoUrl: ssoUrl, appUsers: { enabled: true, jit: true, groups: [{ group: '*', serviceIds: [] }] } }, mine.token);
    const done = await samlSignIn(mine.accountId, foreign, {}, appStart(mine.accountId));
    expect(done.body).toMatchObject({ kind: 'failed', reason: 'app_user_taken', detail: foreign });
  });
});
