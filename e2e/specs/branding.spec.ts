import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * account/customize/: colours and name changed on the page, the live preview follows as you type, saved; the scanner's
 * sign-in (?account=) and the signed-in scanner show the app name, logo and colour; so does the check-in/out portal's sign-in.
 */

const APP_PASSWORD = 'scan-Gate-2468';
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('customize: colour and name with a live preview, saved, applied to the scanner and the portal sign-in', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const token = await createVerifiedOwner(request, uniqueEmail('brand'), 'Harbour Freight');
  const { accountId } = await v2<{ accountId: number }>(request, token, 'me/get', {});
  const service = await v2<{ id: number }>(request, token, 'services/create', { variables: { validation_method: 'record', service_name: 'Main gate' } });
  const username = `gate-${Date.now().toString(36)}`;
  await v2(request, token, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [service.id] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/customize/?websiteToken=${token}`);
  await expect(page).toHaveTitle('Customize · Scanbase');
  const preview = page.getByTestId('preview-scanner');
  await expect(page.getByTestId('preview-app-name')).toHaveText('Scanbase');
  await expect(page.getByRole('button', { name: 'Save branding' })).toBeDisabled();

  // The preview follows as you type.
  await page.getByLabel('App name').fill('Harbour Scan');
  await expect(page.getByTestId('preview-app-name')).toHaveText('Harbour Scan');
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('#B71C1');
  await expect(page.getByText(/^Invalid hex colour/)).toBeVisible();
  await primary.fill('#B71C1C');
  await expect(page.getByText(/^Invalid hex colour/)).toBeHidden();
  await expect(page.getByTestId('preview-bar')).toHaveCSS('background-color', 'rgb(183, 28, 28)');
  // A faint colour: saved, with a contrast warning.
  await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill('#FFEB3B');
  await expect(page.getByText(/^Low contrast: text and links in this colour on a white page/)).toBeVisible();
  await page.getByLabel('Welcome text for app users').fill('Welcome to the <gate> crew!');
  await expect(preview).toContainText('Welcome to the <gate> crew!');
  await page.getByLabel('Footer text for visitors').fill('Harbour Freight Ltd · Dock 4');

  // The logo is saved at once; a wrong file is refused by the server with its reason.
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') });
  await expect(page.getByText('SVG logos are not accepted (they can carry scripts). Upload a PNG or JPEG image.')).toBeVisible();
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo saved.')).toBeVisible();
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await shots(page, 'customize-edited');

  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save branding' })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('App name')).toHaveValue('Harbour Scan');
  await expect(primary).toHaveValue('#b71c1c');
  // The admin area keeps Scanbase's own look.
  await expect(page.getByRole('button', { name: 'Save branding' })).toBeVisible();

  // Discard goes back to what is saved.
  await page.getByLabel('App name').fill('Something else');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByLabel('App name')).toHaveValue('Harbour Scan');

  // Removing the logo asks first.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the logo?' });
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId('logo-preview')).toBeVisible();

  // The scanner, in a fresh browser: the sign-in knows the account from ?account=.
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  const scanner = await context.newPage();
  await scanner.goto(`/scanner?account=${accountId}`);
  const bar = scanner.getByTestId('scanner-bar');
  await expect(bar.getByRole('heading', { level: 1 })).toHaveText('Harbour Scan');
  await expect(bar).toHaveCSS('background-color', 'rgb(183, 28, 28)');
  await expect(bar.locator('img')).toBeVisible();
  await expect(scanner.getByTestId('brand-welcome')).toHaveText('Welcome to the <gate> crew!');
  await expect(scanner.getByTestId('brand-footer')).toHaveText('Harbour Freight Ltd · Dock 4');
  await scanner.screenshot({ path: 'test-results/screenshots/branding-scanner-signin-390.png', fullPage: true });
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(bar).toContainText(username);
  await expect(bar).toHaveCSS('background-color', 'rgb(183, 28, 28)');
  await expect(bar.locator('img')).toBeVisible();

  // The check-in/out portal's sign-in, with the account in the address.
  const portal = await context.newPage();
  await portal.goto(`/checkinout/signin/?account=${accountId}`);
  await expect(portal.getByTestId('brand-header')).toContainText('Harbour Scan');
  await expect(portal.getByTestId('brand-footer')).toHaveText('Harbour Freight Ltd · Dock 4');
  await expect(portal.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS('background-color', 'rgb(183, 28, 28)');
  await portal.screenshot({ path: 'test-results/screenshots/branding-portal-signin-390.png', fullPage: true });
  await context.close();
});
