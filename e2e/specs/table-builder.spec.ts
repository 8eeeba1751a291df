import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Table builder (issue 14): an admin creates a table through the wizard; the browser scanner scans a value,
 * fills in its row, scans it again and sees what was recorded and changes it; the table view shows the row
 * change live, filters in the address; a share link opens the table read-only in a fresh browser context, and
 * a revoked link lands on the expired page.
 */

const APP_PASSWORD = 'scan-Table-2468';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('wizard, scanner edits a row, table view follows live, share link opens read-only, a revoked link is expired', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('table-builder');
  const admin = await createVerifiedOwner(request, email);
  const username = `tagger-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });
  await v2(request, admin, 'questions/create', { text: 'Status', type: 'manual', answers: [] });
  await v2(request, admin, 'questions/create', { text: 'Room', type: 'manual', answers: [] });

  // The wizard from the type picker: name, key header, two columns, the app user; lands on the table view.
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2F');
  await signInWithForm(page, email);
  await page.getByRole('link', { name: /Table builder/ }).click();
  await expect(page.getByRole('heading', { name: 'New table' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Laptops');
  await page.getByRole('textbox', { name: 'Header of the key column' }).fill('Asset tag');
  await page.getByRole('checkbox', { name: 'Status' }).check();
  await page.getByRole('checkbox', { name: 'Room' }).check();
  await page.getByRole('checkbox', { name: username }).check();
  await shots(page, 'table-builder-wizard');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/table-builder\/tableview\/$/);
  await expect(page.getByRole('heading', { name: 'Laptops' })).toBeVisible();
  await expect(page.getByText('No rows yet')).toBeVisible();
  const instanceId = Number(/specialized-services\/(\d+)\//.exec(page.url())?.[1]);
  const grid = page.getByRole('table', { name: 'Laptops: rows' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Asset tag', 'Status', 'Room', 'Updated']);

  // The browser scanner: a new row, then the same value again shows what was recorded.
  const scannerContext = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await scannerContext.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await scannerContext.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Helpdesk phone');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Laptops' })).toBeVisible();
  const scan = async (value: string) => {
    await scanner.getByLabel('Type a code').fill(value);
    await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
  };
  await scan('LT-0042');
  await expect(scanner.getByRole('heading', { name: 'Fill in this row' })).toBeVisible();
  await scanner.getByRole('textbox', { name: 'Status' }).fill('In use');
  await scanner.getByRole('textbox', { name: 'Room' }).fill('B12');
  await scanner.getByRole('button', { name: 'Save row' }).click();
  await expect(scanner.getByTestId('scan-result')).toContainText('New row added.');

  // The table view, open all along, shows the row without a reload.
  const row = grid.getByRole('row', { name: /LT-0042/ });
  await expect(row.getByRole('button', { name: 'Edit Status of LT-0042' })).toHaveText('In use');
  await expect(row.getByRole('button', { name: 'Edit Room of LT-0042' })).toHaveText('B12');

  await scanner.getByRole('button', { name: 'Scan next' }).click();
  await scan('LT-0042');
  await expect(scanner.getByRole('heading', { name: 'Update this row' })).toBeVisible();
  await expect(scanner.getByRole('textbox', { name: 'Status' })).toHaveValue('In use');
  await expect(scanner.getByRole('textbox', { name: 'Room' })).toHaveValue('B12');
  await shots(scanner, 'table-builder-scanner-row');
  await scanner.getByRole('textbox', { name: 'Status' }).fill('Broken');
  await scanner.getByRole('button', { name: 'Save row' }).click();
  await expect(scanner.getByTestId('scan-result')).toContainText('Row updated.');
  await expect(row.getByRole('button', { name: 'Edit Status of LT-0042' })).toHaveText('Broken');

  // Another row through the API; a filter in the address keeps only the broken one.
  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Desk' } });
  const app = ((await signIn.json()) as { token: string }).token;
  const columns = await v2<{ columns: { questionId: number; text: string }[] }>(request, admin, 'table-builder/rows', { id: instanceId, limit: 1 });
  const status = columns.columns.find((c) => c.text === 'Status')!.questionId;
  await v2(request, app, 'app/scan', { serviceId: instanceId, value: 'LT-0007', clientScanId: randomUUID(), answers: [{ questionId: status, values: ['Spare'] }] });
  await expect(grid.getByRole('row', { name: /LT-0007/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'Status' }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill('brok');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`col=${status}&op=contains&q=brok`));
  await expect(grid.getByRole('row', { name: /LT-0007/ })).toHaveCount(0);
  await expect(grid.getByRole('row', { name: /LT-0042/ })).toBeVisible();
  await page.reload();
  await expect(grid.getByRole('row', { name: /LT-0042/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /LT-0007/ })).toHaveCount(0);

  // The admin edits a cell; the history shows who changed what.
  await row.getByRole('button', { name: 'Edit Room of LT-0042' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Changes, newest first' })).toContainText(username);
  await dialog.getByRole('textbox', { name: 'Room' }).fill('Repair shop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: 'Edit Room of LT-0042' })).toHaveText('Repair shop');
  await shots(page, 'table-builder-tableview');

  // A share link with only the Status column, opened in a fresh browser context.
  await page.getByRole('tab', { name: 'Share link' }).click();
  await page.getByRole('checkbox', { name: 'Every column' }).uncheck();
  await page.getByRole('checkbox', { name: 'Status' }).check();
  await page.getByRole('button', { name: 'Make a share link' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).toMatch(/\/share-link\?taskId=\d+&token=[A-Za-z0-9_-]{43}$/);
  // Its short link is made with it and opens it.
  const shortUrl = await page.getByRole('textbox', { name: /^Short link/ }).inputValue();
  expect(shortUrl).toMatch(/\/l\/[0-9A-Za-z]{10}$/);
  await shots(page, 'table-builder-shareurl');
  const guest = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  const shared = await guest.newPage();
  await shared.goto(shortUrl);
  await expect(shared).toHaveURL(url);
  await expect(shared.getByRole('heading', { name: 'Laptops' })).toBeVisible();
  const sharedGrid = shared.getByRole('table', { name: 'Laptops: rows' });
  await expect(sharedGrid.getByRole('columnheader')).toHaveText(['Asset tag', 'Status', 'Updated']);
  await expect(sharedGrid.getByRole('row', { name: /LT-0042/ })).toContainText('Broken');
  await expect(shared.getByText('Repair shop')).toHaveCount(0);
  await expect(sharedGrid.getByRole('button')).toHaveCount(3); // the sort headers only: nothing to edit
  await shots(shared, 'table-builder-shared');

  // Revoked: the link lands on the expired page.
  await page.getByRole('button', { name: /Revoke the link/ }).click();
  await expect(page.getByRole('table', { name: 'Share links' }).getByText('Revoked')).toBeVisible();
  await shared.goto(url);
  await expect(shared).toHaveURL(/\/share-link-expired$/);
  await expect(shared.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  // Its short link is revoked with it.
  await shared.goto(shortUrl);
  await expect(shared).toHaveURL(/\/share-link-expired\?reason=revoked$/);

  // An expired link (made to expire in two seconds) lands there too.
  const soon = await v2<{ path: string }>(request, admin, 'table-builder/link-create', { id: instanceId, expiresAt: new Date(Date.now() + 2_000).toISOString() });
  const token = new URL(soon.path, e2eEnv().baseUrl).searchParams.get('token');
  await expect
    .poll(async () => ((await (await request.post(`${e2eEnv().baseUrl}/api-v2/share-link/open/`, { data: { taskId: String(instanceId), token } })).json()) as { state: string }).state, { timeout: 15_000 })
    .toBe('expired');
  await shared.goto(soon.path);
  await expect(shared).toHaveURL(/\/share-link-expired$/);
  await expect(shared.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await guest.close();
  await scannerContext.close();
});
