import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * A/B barcode matching (issue 14) end to end at 390 px: an admin creates an instance through the wizard
 * (a broken pattern is refused in the form; the rule "B equals A" with a reason required on mismatch); the
 * browser scanner scans A, then B: a green MATCH with both values; then a mismatch: the red screen asks the
 * reason before the scan is sent, and the result is a red MISMATCH. The Type tab counts both by app user.
 */

const APP_PASSWORD = 'dock-Pass-2468';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('wizard, scanner A then B: match, mismatch with reason, stats', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('abmatch');
  const admin = await createVerifiedOwner(request, email);
  const username = `dock-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });

  // The wizard at 390 px: name, rule, reason on mismatch, the app user; it lands on the Type tab.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2Fab-barcode-matching%2F');
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'New A/B barcode matching' })).toBeVisible();
  await page.getByLabel('Name').fill('Dock 3');
  await page.getByRole('combobox', { name: 'Match rule' }).click();
  await page.getByRole('option', { name: /A pattern/ }).click();
  await page.getByRole('textbox', { name: 'Pattern' }).fill('(a+)+$');
  await page.getByRole('button', { name: 'Create A/B matching' }).click();
  await expect(page.getByText(/A repeated group may not hold a repetition/)).toBeVisible();
  await shots(page, 'ab-matching-wizard');
  await page.getByRole('combobox', { name: 'Match rule' }).click();
  await page.getByRole('option', { name: 'B equals A', exact: true }).click();
  await page.getByRole('checkbox', { name: 'A mismatch needs a reason before the next scan' }).check();
  await page.getByRole('checkbox', { name: username }).check();
  await page.getByRole('button', { name: 'Create A/B matching' }).click();
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/ab-barcode-matching\/type\/$/);
  await expect(page.getByRole('heading', { name: 'Dock 3' })).toBeVisible();
  await expect(page.getByText('No pairs scanned yet.')).toBeVisible();

  // The browser scanner at 390 px.
  const scannerContext = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await scannerContext.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await scannerContext.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Dock tablet');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Dock 3' })).toBeVisible();

  const pair = async (a: string, b: string) => {
    await scanner.getByLabel('Type a code').fill(a);
    await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(scanner.getByRole('heading', { name: 'Now scan label B' })).toBeVisible();
    await expect(scanner.getByTestId('ab-a')).toHaveText(a);
    // A keyboard scanner types into the focused box and ends with Enter.
    await expect(scanner.getByRole('textbox', { name: 'Label B' })).toBeFocused();
    await scanner.keyboard.type(b);
    await scanner.keyboard.press('Enter');
  };

  await pair('PAL-0001', 'PAL-0001');
  const match = scanner.getByTestId('scan-result');
  await expect(match.getByRole('heading', { name: 'MATCH' })).toBeVisible();
  await expect(match).toHaveAttribute('data-tone', 'valid');
  await expect(match.getByTestId('ab-pair-a')).toHaveText('PAL-0001');
  await expect(match.getByTestId('ab-pair-b')).toHaveText('PAL-0001');
  await shots(scanner, 'ab-matching-match');
  await scanner.getByRole('button', { name: 'Scan next' }).click();

  // A mismatch: the reason is asked before the scan is sent (Enter on an empty reason is refused).
  await pair('PAL-0002', 'PAL-9999');
  const asking = scanner.getByTestId('ab-reason');
  await expect(asking.getByRole('heading', { name: 'MISMATCH' })).toBeVisible();
  await expect(asking.getByTestId('ab-pair-b')).toHaveText('PAL-9999');
  await expect(asking.getByRole('textbox', { name: 'Reason for the mismatch' })).toBeFocused();
  await scanner.keyboard.press('Enter');
  await expect(asking.getByText('Give a reason for the mismatch')).toBeVisible();
  await shots(scanner, 'ab-matching-reason');
  await scanner.keyboard.type('Shipping label reprinted');
  await scanner.keyboard.press('Enter');
  const mismatch = scanner.getByTestId('scan-result');
  await expect(mismatch.getByRole('heading', { name: 'MISMATCH' })).toBeVisible();
  await expect(mismatch).toHaveAttribute('data-tone', 'invalid');
  await expect(mismatch.getByTestId('ab-pair-a')).toHaveText('PAL-0002');
  await expect(mismatch.getByTestId('ab-pair-b')).toHaveText('PAL-9999');
  await expect(mismatch).toContainText('Mismatch: B differs from A.');
  await shots(scanner, 'ab-matching-mismatch');

  // The Type tab counts both, by app user.
  await page.reload();
  await expect(page.getByTestId('ab-matches')).toHaveText('1');
  await expect(page.getByTestId('ab-mismatches')).toHaveText('1');
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('1');
  await shots(page, 'ab-matching-type');

  await scannerContext.close();
});

test("database rule: the server finds the mismatch, the scanner asks the reason after the result", async ({ browser, request }) => {
  const admin = await createVerifiedOwner(request, uniqueEmail('abmatchdb'));
  const username = `dockdb-${Date.now().toString(36)}`;
  const user = await v2<{ id: number }>(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });
  const db = await v2<{ id: number }>(request, admin, 'databases/create', { name: 'Pallets to shipping labels', caseSensitive: false });
  await v2(request, admin, 'databases/add-value', { id: db.id, value: 'PAL-1', response: 'SHIP-100', validity: 1 });
  await v2(request, admin, 'specialized/create', { type: 'ab-barcode-matching', name: 'Dock 5', databaseId: db.id, settings: { rule: 'database', reasonRequired: true }, userIds: [user.id] });

  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await context.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Dock 5 tablet');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Dock 5' })).toBeVisible();

  await scanner.getByLabel('Type a code').fill('PAL-1');
  await scanner.keyboard.press('Enter');
  await expect(scanner.getByRole('textbox', { name: 'Label B' })).toBeFocused();
  await scanner.keyboard.type('SHIP-999');
  await scanner.keyboard.press('Enter');
  const asking = scanner.getByTestId('ab-reason');
  await expect(asking.getByRole('heading', { name: 'MISMATCH' })).toBeVisible();
  await expect(asking).toContainText("B differs from A's response SHIP-100.");
  await scanner.keyboard.type('Label swapped at packing');
  await scanner.keyboard.press('Enter');
  const result = scanner.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'MISMATCH' })).toBeVisible();
  await expect(result).toContainText("Mismatch: B differs from A's response SHIP-100. Reason saved.");
  await context.close();
});
