import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, screenshots, signInWithForm, test } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * Single sign-on of app users and SAML in the browser (docs/SSO.md). A Scanbase that allows internal addresses is
 * started for this spec, with an OpenID Connect provider (oauth2-mock-server) and a SAML IdP (samlify, with a key
 * and certificate made by openssl for the run) on loopback. The SAML IdP answers like a real one: a page whose form
 * posts the signed response to our ACS by itself (HTTP-POST binding).
 */

/** samlify, typed by hand for what this spec uses (as in the server's saml.test.ts). */
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
const load = createRequire(import.meta.url);
const samlify = load('samlify') as Samlify;
const schemaValidator = load('samlify-validator-js') as { validate: (xml: string) => Promise<unknown> };
samlify.setSchemaValidator(schemaValidator);

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const IDP_ENTITY = 'https://idp.e2e.test/saml';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function makeKeyPair(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'saml-e2e-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', '/CN=E2E IdP', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: fs.readFileSync(join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A SAML IdP on loopback: reads our AuthnRequest, answers an auto-submitting form with a signed assertion for `who.email`. */
async function startSamlIdp(who: { email: string; spMetadata: string }) {
  const keys = makeKeyPair();
  // The validator is xmllint compiled to 4 MB of JavaScript: its first call compiles it (3.3 s on an idle 2-core
  // machine, past 30 s under CI's load). Done here, before the sign-in whose redirect to this IdP waits 30 s.
  await schemaValidator.validate('<warm-up/>').catch(() => undefined);
  let ssoUrl = '';
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const idp = samlify.IdentityProvider({ entityID: IDP_ENTITY, privateKey: keys.key, signingCert: keys.cert, nameIDFormat: [EMAIL_FORMAT], singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }] });
    const sp = samlify.ServiceProvider({ metadata: who.spMetadata });
    const request = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString: url.search.slice(1) });
    const now = new Date();
    const until = new Date(now.getTime() + 5 * 60_000).toISOString();
    const acs = String(sp.entityMeta.getAssertionConsumerService('post'));
    const attribute = `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue xsi:type="xs:string">${esc(who.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`;
    const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const response = await idp.createLoginResponse(sp, { extract: request.extract }, 'post', { email: who.email }, (template) => {
      const id = `_${randomUUID()}`;
      const context = samlify.SamlLib.replaceTagsByValue(template.replace('{AttributeStatement}', attribute).replace('{AuthnStatement}', authn), {
        ID: id,
        AssertionID: `_${randomUUID()}`,
        Destination: acs,
        Audience: sp.entityMeta.getEntityID(),
        SubjectRecipient: acs,
        NameIDFormat: EMAIL_FORMAT,
        NameID: who.email,
        Issuer: IDP_ENTITY,
        IssueInstant: now.toISOString(),
        ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
        ConditionsNotOnOrAfter: until,
        SubjectConfirmationDataNotOnOrAfter: until,
        InResponseTo: (request.extract as { request: { id: string } }).request.id,
        StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      });
      return { id, context };
    });
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // What an IdP's HTTP-POST binding page does: the form posts itself to the service provider.
    res.end(`<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${esc(response.context)}"/><input type="hidden" name="RelayState" value="${esc(url.searchParams.get('RelayState') ?? '')}"/><noscript><button>Continue</button></noscript></form></body></html>`);
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ssoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sso`;
  const bare = keys.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  const metadata = `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${IDP_ENTITY}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${bare}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat><md:SingleSignOnService Binding="${REDIRECT}" Location="${ssoUrl}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  return { metadata, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Signs an owner up on `url` and verifies the address with the mailed link; answers the session token and account id. */
async function owner(request: APIRequestContext, url: string, port: number, email: string): Promise<{ token: string; accountId: number }> {
  const signUp = await request.post(`${url}/api-v2/auth/signup/`, { data: { companyName: 'Crew Co', name: 'Cora Owner', email, password: PASSWORD } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
  const verify = await request.post(`${url}/api-v2/auth/verify-email/`, { data: { token: link.split('/activation/')[1]?.replace(/\/$/, '') ?? '' } });
  expect(verify.ok(), await verify.text()).toBe(true);
  const body = (await verify.json()) as { token: string; user: { accountId: number } };
  return { token: body.token, accountId: body.user.accountId };
}

async function call<T>(request: APIRequestContext, url: string, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${url}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('an app user signs in to the scanner with OIDC and scans; an admin signs in with SAML', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  let claims: Record<string, unknown> = {};
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));
  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'sso-app-data'), smtpUrl, { ALLOW_PRIVATE_URLS: 'true' }));
  const stamp = Date.now().toString(36);
  let saml: { stop: () => Promise<void> } | undefined;
  try {
    // --- An app user in the scanner, through the company's OpenID Connect provider ---
    const crew = await owner(request, server.url, port, `crew-owner-${stamp}@example.com`);
    const service = await call<{ id: number }>(request, server.url, crew.token, 'services/create', { variables: { validation_method: 'record', service_name: 'Dock door' } });
    await call(request, server.url, crew.token, 'sso/update', { enabled: true, issuerUrl: oidc.issuer.url!, clientId: 'scanbase-e2e', clientSecret: 'e2e-secret', allowedDomains: ['crew.test'], displayName: 'Crew Login', appUsers: { enabled: true, jit: true, groups: [{ group: 'dock', serviceIds: [service.id] }] } });
    await page.context().addInitScript(() => {
      window.localStorage.setItem('scanner.continuous', '0');
      window.localStorage.setItem('scanner.camera', '0');
    });
    await page.goto(`${server.url}/scanner?account=${crew.accountId}`);
    await expect(page.getByRole('heading', { name: 'Sign in to scan' })).toBeVisible();
    await screenshots(page, 'sso-scanner-sign-in');
    claims = { email: `dana-${stamp}@crew.test`, groups: ['dock'] };
    await page.getByRole('button', { name: 'Sign in with Crew Login' }).click();
    // The provider, /signinSSO, then back to the scanner, signed in as a new app user with the service its group grants.
    await expect(page).toHaveURL(new RegExp(`/scanner\\?account=${crew.accountId}$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Dock door' })).toBeVisible();
    await page.getByLabel('Type a code').fill('PALLET-7');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByTestId('scan-result')).toBeVisible();
    const recent = await call<{ items: { value: string; user: { name: string } | null }[] }>(request, server.url, crew.token, 'scans/recent', { limit: 10 });
    expect(recent.items.map((s) => [s.value, s.user?.name])).toEqual([['PALLET-7', `dana-${stamp}@crew.test`]]);

    // Someone with no group that grants anything lands on /sso-fail/ with what to do, and a way back to the scanner.
    await page.evaluate(() => window.localStorage.removeItem('scanner.token'));
    await page.goto(`${server.url}/scanner?account=${crew.accountId}`);
    claims = { email: `visitor-${stamp}@crew.test`, groups: ['visitors'] };
    await page.getByRole('button', { name: 'Sign in with Crew Login' }).click();
    await expect(page).toHaveURL(/\/sso-fail\/\?reason=no_app_user/, { timeout: 30_000 });
    await expect(page.getByText('There is no scanner user for your email address in this company.')).toBeVisible();
    await screenshots(page, 'sso-fail-app-user');
    await page.getByRole('link', { name: 'Back to the sign-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/scanner\\?account=${crew.accountId}$`));

    // The user portal through the same provider: back from it, the portal opens at once (no "Signed in as … Continue").
    await call(request, server.url, crew.token, 'sso/update', { enabled: true, issuerUrl: oidc.issuer.url!, clientId: 'scanbase-e2e', clientSecret: 'e2e-secret', allowedDomains: ['crew.test'], displayName: 'Crew Login', appUsers: { enabled: true, jit: true, groups: [{ group: 'dock', serviceIds: [service.id], userPortal: true }] } });
    const portal = await browser.newContext();
    const portalPage = await portal.newPage();
    await portalPage.goto(`${server.url}/share/preview/login?account=${crew.accountId}`);
    claims = { email: `erin-${stamp}@crew.test`, groups: ['dock'] };
    await portalPage.getByRole('button', { name: 'Sign in with Crew Login' }).click();
    await expect(portalPage).toHaveURL(new RegExp(`/share/preview/scans/\\?account=${crew.accountId}$`), { timeout: 30_000 });
    await expect(portalPage.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await portal.close();

    // The owner sees the app-user settings on the tab and makes SSO required for app users: a password stops working.
    await call(request, server.url, crew.token, 'appusers/create', { username: `gate-${stamp}`, password: 'Gate-pass-2468', serviceIds: [service.id] });
    const admin = await browser.newContext();
    const tab = await admin.newPage();
    await tab.goto(`${server.url}/signin?to=%2Faccount%2Fintegrations%2Fsingle-sign-on%2F`);
    await signInWithForm(tab, `crew-owner-${stamp}@example.com`);
    await expect(tab.getByRole('heading', { name: 'App users (scanner and portals)' })).toBeVisible();
    await expect(tab.getByLabel('App users may sign in with SSO')).toBeChecked();
    await expect(tab.getByLabel('Provider name on the button')).toHaveValue('Crew Login');
    await expect(tab.getByLabel('Group', { exact: true })).toHaveValue('dock');
    await expect(tab.getByText('Dock door')).toBeVisible();
    await tab.getByLabel('App users must sign in with SSO').check();
    await screenshots(tab, 'sso-app-users-settings');
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(tab.getByText('Saved.')).toBeVisible();
    await admin.close();
    const refused = await request.post(`${server.url}/api-v2/app/signin/`, { data: { username: `gate-${stamp}`, password: 'Gate-pass-2468', udid: 'web-e2e', deviceName: 'Gate phone' } });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('single sign-on');

    // --- An administrator through a SAML IdP (HTTP-POST binding) ---
    const samlOwner = await owner(request, server.url, port, `saml-owner-${stamp}@example.com`);
    const samlEmail = `sid-${stamp}@saml-crew.test`;
    const placeholder = await call<{ saml: { spMetadata: string } }>(request, server.url, samlOwner.token, 'sso/get', {});
    const idp = await startSamlIdp({ email: samlEmail, spMetadata: placeholder.saml.spMetadata });
    saml = idp;
    await call(request, server.url, samlOwner.token, 'sso/update', { enabled: true, protocol: 'saml', samlMetadataXml: idp.metadata, allowedDomains: ['saml-crew.test'], jitEnabled: true });
    await page.goto(`${server.url}/signinSSO`);
    await page.getByLabel('Work email').fill(samlEmail);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account\/services\/$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    // A new member without a display name shows the address as name and as login.
    await expect(page.getByRole('menu').getByText(samlEmail).first()).toBeVisible();
  } finally {
    await server.stop();
    await oidc.stop();
    await saml?.stop();
  }
});
