import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, screenshots, signInWithForm, test } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * Single sign-on end to end: an OpenID Connect provider (oauth2-mock-server) runs on loopback in this spec; the owner
 * sets it up on /account/integrations/single-sign-on/ (Test connection, then Save), signs out, and a new team member
 * signs in with "Sign in with SSO" (created on first sign-in). A provider refusal lands on /sso-fail/ with its words.
 * A second Scanbase is started that allows internal addresses (the shared one refuses them, as a real install does).
 */

test('SSO set up in the page signs a new member in, and a refusal shows /sso-fail/', async ({ page, request }) => {
  // Two servers, two identity-provider round trips and nine screenshots.
  test.setTimeout(180_000);
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  const issuer = idp.issuer.url!;
  let claims: Record<string, unknown> = {};
  idp.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));

  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'sso-data'), smtpUrl, { ALLOW_PRIVATE_URLS: 'true', GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: issuer }));
  try {
    const owner = `sso-owner-${Date.now().toString(36)}@example.com`;
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Single Co', name: 'Sol Owner', email: owner, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(owner, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    await page.goto(link);
    await expect(page).toHaveURL(/\/account\//);

    // The integrations hub links the tab; the owner fills it in.
    await page.goto(`${server.url}/account/integrations/`);
    await page.getByRole('link', { name: 'Set up single sign-on' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    await expect(page.getByText(`http://127.0.0.1:${port}/signinSSO`)).toBeVisible();
    await page.getByLabel('Issuer URL').fill(issuer);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText(`Connection works: issuer ${issuer}`)).toBeVisible();
    await page.getByLabel('Client ID').fill('scanbase-e2e');
    await page.getByLabel('Client secret').fill('e2e-client-secret');
    await page.getByLabel('Allowed email domains').fill('single.test');
    await page.getByLabel('Create a team member on first sign-in').check();
    await screenshots(page, 'sso-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. Your team can now choose “Sign in with SSO”')).toBeVisible();
    await expect(page.getByText('A secret is stored (encrypted). Leave empty to keep it.')).toBeVisible();

    // Sign out; a new member signs in through the identity provider.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByRole('link', { name: 'Sign in with SSO or Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with SSO' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await screenshots(page, 'sso-start');
    claims = { email: 'sam@single.test', name: 'Sam Single', email_verified: true };
    await page.getByLabel('Work email').fill('sam@single.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account\/services\/$/, { timeout: 30_000 });
    // An administrator who is not the owner sees the other integrations, not the owner-only SSO card.
    await page.goto(`${server.url}/account/integrations/`);
    await expect(page.getByRole('heading', { name: 'Zapier' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set up single sign-on' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText('sam@single.test')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    // The provider refuses: its reason is shown with what to do.
    idp.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'User is not assigned to this application');
    });
    await page.goto(`${server.url}/signinSSO`);
    await page.getByLabel('Work email').fill('sam@single.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/sso-fail\/\?reason=idp_error/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Single sign-on failed' })).toBeVisible();
    await expect(page.getByText('The identity provider refused the sign-in.')).toBeVisible();
    await expect(page.getByText('User is not assigned to this application')).toBeVisible();
    await screenshots(page, 'sso-fail');

    // The owner's password still works (break-glass), here on the same server.
    await page.goto(`${server.url}/signin`);
    await signInWithForm(page, owner);
    await expect(page).toHaveURL(/\/account\/services\/$/);

    // SAML on the same tab: what to give the identity provider is shown before anything is saved.
    await page.goto(`${server.url}/account/integrations/single-sign-on/`);
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await expect(page.getByText(`http://127.0.0.1:${port}/saml/acs`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Scanbase metadata' })).toBeVisible();
    await expect(page.getByLabel('IdP Entity ID (Issuer)')).toBeVisible();
    await screenshots(page, 'sso-saml-settings');
    // The SAML state of the tab and a SAML failure are not pages the accessibility sweep reaches: axe them here.
    const blocking = async () => (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await blocking()).toEqual([]);
    await page.goto(`${server.url}/sso-fail/?reason=saml_invalid&detail=${encodeURIComponent('The assertion is meant for another service provider')}`);
    await expect(page.getByText('Scanbase could not accept the answer of your identity provider.')).toBeVisible();
    await expect(page.getByText('The assertion is meant for another service provider')).toBeVisible();
    expect(await blocking()).toEqual([]);
  } finally {
    await server.stop();
    await idp.stop();
  }
});
