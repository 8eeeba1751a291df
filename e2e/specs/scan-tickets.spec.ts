import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Scan tickets (issue 13): an admin creates a ticket gate through the wizard with auto-filled random codes
 * and gate staff; at the gate the browser scanner shows a code green, then red with when it was first
 * scanned; the history tab shows both attempts arrive without a reload.
 */

const APP_PASSWORD = 'scan-Gate-2468';

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

test('create a ticket gate with random codes, scan one code twice at the gate, and watch the history', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('scan-tickets');
  const token = await createVerifiedOwner(request, email);
  const username = `gate-${Date.now().toString(36)}`;
  await v2(request, token, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });

  // The wizard, from the type picker.
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2F');
  await signInWithForm(page, email);
  await page.getByRole('link', { name: /Scan tickets/ }).click();
  await expect(page).toHaveURL(/\/create\/scan-tickets\/$/);
  await expect(page.getByRole('heading', { name: 'New ticket gate' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Festival gate');
  await expect(page.getByLabel('Fill it with random, unguessable codes')).toBeChecked();
  await page.getByLabel('How many codes').fill('5');
  await expect(page.getByLabel('Single entry')).toBeChecked();
  await page.getByLabel(username).check();
  await shots(page, 'scan-tickets-wizard');
  await page.getByRole('button', { name: 'Create ticket gate' }).click();

  // It lands on the details tab with five codes.
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/scan-tickets\/details\/$/);
  await expect(page.getByRole('heading', { name: 'Festival gate' })).toBeVisible();
  await expect(page.getByText('Ticket codes').locator('..')).toContainText('5');
  const instanceId = Number(/specialized-services\/(\d+)\//.exec(page.url())?.[1]);
  const instance = await v2<{ databaseId: number }>(request, token, 'specialized/get', { id: instanceId });
  const values = await v2<{ items: { value: string }[] }>(request, token, 'databases/values', { id: instance.databaseId });
  expect(values.items).toHaveLength(5);
  const code = values.items[0]!.value;
  expect(code).toMatch(/^[A-Z2-9]{12}$/);
  await shots(page, 'scan-tickets-details');

  // The history tab, open while the gate scans.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('No tickets scanned yet')).toBeVisible();

  const gate = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await gate.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await gate.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('North gate phone');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Festival gate' })).toBeVisible();

  const result = scanner.getByTestId('scan-result');
  await scanner.getByLabel('Type a code').fill(code);
  await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(result).toHaveAttribute('data-tone', 'valid');
  await expect(result.getByTestId('result-text')).toHaveText('Valid ticket.');
  await scanner.getByRole('button', { name: 'Scan next' }).click();

  await scanner.getByLabel('Type a code').fill(code);
  await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(result).toHaveAttribute('data-tone', 'invalid');
  await expect(result.getByTestId('result-text')).toHaveText(new RegExp(`^Already used: first scanned \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} at Festival gate on North gate phone by ${username}\\.$`));
  await scanner.screenshot({ path: 'test-results/screenshots/scan-tickets-gate-duplicate-390.png' });

  // Both attempts arrive in the history without a reload, newest first.
  const attempts = page.getByRole('list', { name: 'Entry attempts' }).getByRole('listitem');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText('Duplicate');
  await expect(attempts.nth(0)).toContainText(code);
  await expect(attempts.nth(1)).toContainText('Valid');
  await page.getByLabel('Outcome').click();
  await page.getByRole('option', { name: 'Duplicate' }).click();
  await expect(attempts).toHaveCount(1);
  await shots(page, 'scan-tickets-history');
  await gate.close();

  // The database and users tabs render.
  await page.getByRole('tab', { name: 'Database' }).click();
  await expect(page.getByText('5 codes in the list.')).toBeVisible();
  // The codes as a PDF of labels: a run with a progress bar, then the download.
  await page.getByRole('button', { name: 'Make the PDF' }).click();
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download tickets-\d+\.pdf$/ }).click({ timeout: 30_000 });
  expect((await download).suggestedFilename()).toMatch(/^tickets-\d+\.pdf$/);
  await expect(page.getByText('5 ticket labels ready.')).toBeVisible();
  await shots(page, 'scan-tickets-database');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByLabel(username)).toBeChecked();
});
