import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Table builder pages outside the admin app (issue 14): the scanner opens its table (`/app-custom`) and the rows
 * its device scanned (`/device-lookup`) from its menu; without the scanner's session the pages refuse.
 */

const APP_PASSWORD = 'scan-Table-1357';

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
}

test('the scanner opens its table and the rows its device scanned; without its session the pages refuse', async ({ request, browser }) => {
  test.setTimeout(120_000);
  const admin = await createVerifiedOwner(request, uniqueEmail('table-pages'));
  const username = `floor-${Date.now().toString(36)}`;
  const status = (await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Status', type: 'manual', answers: [] })).id;
  const user = await v2<{ id: number }>(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });
  const table = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'table-builder', name: 'Pallets', databaseId: null, settings: { keyLabel: 'Pallet' }, userIds: [user.id] });
  await v2(request, admin, 'services/set-questions', { id: table.id, questions: [{ id: status, condition: 'pre_submit', required: false }] });
  // Another device of the same user scans a row.
  const other = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Forklift' } });
  const otherToken = ((await other.json()) as { token: string }).token;
  await v2(request, otherToken, 'app/scan', { serviceId: table.id, value: 'PAL-FORK', clientScanId: randomUUID(), answers: [{ questionId: status, values: ['Loaded'] }] });

  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await context.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Hand scanner');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Pallets' })).toBeVisible();
  await scanner.getByLabel('Type a code').fill('PAL-HAND');
  await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
  await scanner.getByRole('textbox', { name: 'Status' }).fill('Empty');
  await scanner.getByRole('button', { name: 'Save row' }).click();
  await expect(scanner.getByTestId('scan-result')).toContainText('New row added.');
  await scanner.getByRole('button', { name: 'Scan next' }).click();

  // The menu opens the whole table: both rows, in the columns this user sees.
  await scanner.getByRole('button', { name: 'Scanner menu' }).click();
  await scanner.getByRole('menuitem', { name: 'Open the table' }).click();
  await expect(scanner).toHaveURL(new RegExp(`/app-custom\\?tableId=${table.id}$`));
  const grid = scanner.getByRole('table', { name: 'Pallets: rows' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Pallet', 'Status', 'Updated']);
  await expect(grid.getByRole('row', { name: /PAL-HAND/ })).toContainText('Empty');
  await expect(grid.getByRole('row', { name: /PAL-FORK/ })).toContainText('Loaded');
  await expect(scanner.getByText('2 rows.', { exact: false })).toBeVisible();
  await shots(scanner, 'table-builder-app-custom');

  // Back in the scanner, the rows this device scanned: only its own.
  await scanner.getByRole('link', { name: 'Back to the scanner' }).click();
  await scanner.getByRole('button', { name: 'Scanner menu' }).click();
  await scanner.getByRole('menuitem', { name: 'Rows this device scanned' }).click();
  await expect(scanner).toHaveURL(new RegExp(`/device-lookup\\?tableId=${table.id}&deviceId=\\d+$`));
  await expect(scanner.getByRole('heading', { name: 'Rows this device scanned' })).toBeVisible();
  await expect(grid.getByRole('row', { name: /PAL-HAND/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /PAL-FORK/ })).toHaveCount(0);
  await shots(scanner, 'table-builder-device-lookup');
  const lookup = scanner.url();

  // A fresh browser (no scanner session, no share token) is refused on both pages.
  const stranger = await (await browser.newContext({ baseURL: e2eEnv().baseUrl })).newPage();
  await stranger.goto(`/app-custom?tableId=${table.id}`);
  await expect(stranger.getByRole('heading', { name: 'Sign in to the scanner first' })).toBeVisible();
  await expect(stranger.getByText('PAL-HAND')).toHaveCount(0);
  await stranger.goto(lookup);
  await expect(stranger.getByRole('heading', { name: 'Sign in to the scanner first' })).toBeVisible();
  await shots(stranger, 'table-builder-app-custom-refused');
  // A made-up share token is refused too.
  await stranger.goto(`/app-custom?tableId=${table.id}&token=${'A'.repeat(43)}`);
  await expect(stranger.getByRole('heading', { name: 'This link does not work' })).toBeVisible();

  // Signed out of the scanner, the page no longer opens.
  await scanner.goto(`/app-custom?tableId=${table.id}`);
  await expect(grid).toBeVisible();
  await v2(request, admin, 'appusers/delete', { id: user.id });
  await expect(async () => {
    await scanner.reload();
    await expect(scanner.getByRole('heading', { name: 'Your scanner session has ended' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});

test('an editable share link edits only its chosen columns, kept as "share link <name>"; a read-only link edits nothing', async ({ request, browser }) => {
  test.setTimeout(90_000);
  const admin = await createVerifiedOwner(request, uniqueEmail('table-share-edit'));
  const status = (await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Status', type: 'manual', answers: [] })).id;
  const dock = (await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Dock', type: 'manual', answers: [] })).id;
  const username = `carrier-${Date.now().toString(36)}`;
  const user = await v2<{ id: number }>(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });
  const table = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'table-builder', name: 'Deliveries', databaseId: null, settings: {}, userIds: [user.id] });
  await v2(request, admin, 'services/set-questions', { id: table.id, questions: [{ id: status, condition: 'pre_submit', required: false }, { id: dock, condition: 'pre_submit', required: false }] });
  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Gate' } });
  const app = ((await signIn.json()) as { token: string }).token;
  await v2(request, app, 'app/scan', { serviceId: table.id, value: 'DL-1', clientScanId: randomUUID(), answers: [{ questionId: status, values: ['On the way'] }, { questionId: dock, values: ['D4'] }] });

  // An editable link (Status only) and a read-only one, seeded through the API.
  const editable = await v2<{ path: string }>(request, admin, 'table-builder/link-create', { id: table.id, name: 'Carrier', editableQuestionIds: [status] });
  const readOnly = await v2<{ path: string }>(request, admin, 'table-builder/link-create', { id: table.id });

  const guest = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  const shared = await guest.newPage();
  await shared.goto(editable.path);
  await expect(shared.getByText('Shared; you may edit Status')).toBeVisible();
  const grid = shared.getByRole('table', { name: 'Deliveries: rows' });
  const row = grid.getByRole('row', { name: /DL-1/ });
  await expect(row.getByRole('button', { name: /edit Dock of DL-1/ })).toHaveCount(0);
  await row.getByRole('button', { name: /edit Status of DL-1/ }).click();
  const dialog = shared.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Status' }).fill('Delivered');
  await shots(shared, 'table-builder-share-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: /edit Status of DL-1/ })).toHaveText('Delivered');
  await expect(row).toContainText('D4');
  const rows = await v2<{ rows: { id: number; value: string }[] }>(request, admin, 'table-builder/rows', { id: table.id });
  const history = await v2<{ changes: { to: string; by: string }[] }>(request, admin, 'table-builder/row', { id: table.id, rowId: rows.rows[0]!.id });
  expect(history.changes[0]).toMatchObject({ to: 'Delivered', by: 'share link Carrier' });

  // The read-only link shows the table with nothing to press but the sort headers.
  await shared.goto(readOnly.path);
  await expect(shared.getByText(/^Shared read-only/)).toBeVisible();
  await expect(grid.getByRole('row', { name: /DL-1/ })).toContainText('Delivered');
  await expect(grid.getByRole('row', { name: /DL-1/ }).getByRole('button')).toHaveCount(0);
  await guest.close();
});
