import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Logistics (issue 14) end to end: an admin creates an instance through the wizard (three stages); the
 * browser scanner at 390 px, with a location, moves a package through its stages: the stage is picked
 * after each scan, and the final stage refuses to send without a photo, a signature and the recipient's
 * name; with them the package is delivered. The instance page lists the package and opens its timeline
 * with the map, the proof photo and signature; a scan from another browser shows up live.
 */

const APP_PASSWORD = 'route-Pass-2468';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

test('wizard, a package through its stages with proof of delivery, the list and the timeline', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('logistics');
  const admin = await createVerifiedOwner(request, email);
  const username = `driver-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });

  // The wizard: name, three stages (one removed from the four defaults), the app user.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2Flogistics%2F');
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'New logistics service' })).toBeVisible();
  await page.getByLabel('Name').fill('City deliveries');
  await page.getByRole('button', { name: 'Remove At depot' }).click();
  await page.getByRole('textbox', { name: 'Stage 2' }).fill('On the van');
  await page.getByRole('checkbox', { name: username }).check();
  await shots(page, 'logistics-wizard');
  await page.getByRole('button', { name: 'Create logistics service' }).click();
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/logistics\/$/);
  await expect(page.getByRole('heading', { name: 'City deliveries' })).toBeVisible();
  await expect(page.getByText('No package scanned yet')).toBeVisible();

  // The browser scanner at 390 px, with a location.
  const scannerContext = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 }, geolocation: { latitude: 52.52, longitude: 13.405 }, permissions: ['geolocation'] });
  await scannerContext.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await scannerContext.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Van 7');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'City deliveries' })).toBeVisible();

  const scanAt = async (value: string, stage: string) => {
    await scanner.getByLabel('Type a code').fill(value);
    await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(scanner.getByRole('heading', { name: 'Which stage?' })).toBeVisible();
    await scanner.getByRole('button', { name: stage }).click();
  };

  await scanAt('PKG-1001', 'Picked up');
  const first = scanner.getByTestId('scan-result');
  await expect(first).toHaveAttribute('data-tone', 'valid');
  await expect(first).toContainText('Picked up (stage 1 of 3).');
  await scanner.getByRole('button', { name: 'Scan next' }).click();

  await scannerContext.setGeolocation({ latitude: 52.5, longitude: 13.3 });
  await scanAt('PKG-1001', 'On the van');
  await expect(scanner.getByTestId('scan-result')).toContainText('On the van (stage 2 of 3).');
  await scanner.getByRole('button', { name: 'Scan next' }).click();

  // The final stage asks for the proof; nothing is sent until all three are given.
  await scanAt('PKG-1001', 'Delivered');
  await expect(scanner.getByRole('heading', { name: 'Delivered: proof of delivery' })).toBeVisible();
  await scanner.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(scanner.getByRole('alert')).toHaveText("Still needed: a photo, the recipient's signature, the recipient's name.");
  await scanner.getByLabel('Recipient’s name').fill('Ada Lovelace');
  await scanner.getByLabel('Photo of the delivery').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
  await expect(scanner.getByRole('img', { name: 'The photo taken' })).toBeVisible();
  const pad = scanner.getByRole('img', { name: 'Recipient’s signature' });
  const box = (await pad.boundingBox())!;
  await scanner.mouse.move(box.x + 20, box.y + 40);
  await scanner.mouse.down();
  await scanner.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await scanner.mouse.move(box.x + 220, box.y + 50, { steps: 8 });
  await scanner.mouse.up();
  await shots(scanner, 'logistics-delivery');
  await scanner.setViewportSize({ width: 390, height: 844 });
  await scanner.getByRole('button', { name: 'Confirm delivery' }).click();
  const delivered = scanner.getByTestId('scan-result');
  await expect(delivered).toHaveAttribute('data-tone', 'valid');
  await expect(delivered).toContainText('Delivered, received by Ada Lovelace (stage 3 of 3).');

  // The list shows the package delivered; its timeline has the three stages, the proof and the map.
  await page.reload();
  const row = page.getByRole('row', { name: /PKG-1001/ });
  await expect(row).toContainText('Delivered');
  await expect(page.getByRole('status').filter({ hasText: '1 package' })).toContainText('1 delivered');
  await row.getByRole('button', { name: 'PKG-1001' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').nth(0)).toContainText('Picked up');
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('Received by Ada Lovelace');
  await expect(timeline.getByRole('img', { name: 'Delivery photo of PKG-1001' })).toBeVisible();
  await expect(timeline.getByRole('img', { name: 'Signature for PKG-1001' })).toBeVisible();
  await expect(timeline).toContainText('52.5000, 13.3000');
  await expect(page.locator('.leaflet-container')).toBeVisible();

  // Live: another package scanned now appears without a reload.
  await scanner.getByRole('button', { name: 'Scan next' }).click();
  await scanAt('PKG-2002', 'Picked up');
  await expect(scanner.getByTestId('scan-result')).toHaveAttribute('data-tone', 'valid');
  await expect(page.getByRole('row', { name: /PKG-2002/ })).toContainText('Picked up');
  await shots(page, 'logistics-page');

  // The late filter: nothing is late yet.
  await page.getByLabel('Only late packages').check();
  await expect(page.getByText('Nothing matches.')).toBeVisible();
  await scannerContext.close();
});
