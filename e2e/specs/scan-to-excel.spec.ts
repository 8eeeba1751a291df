import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Scan to Excel (issue 14): an admin creates a sheet through the wizard, picks, reorders and renames its
 * columns, a scan sent through the scanner API appears in the table view without a reload, and the secret
 * download link answers an XLSX whose rows and columns are the ones chosen.
 */

const APP_PASSWORD = 'scan-Sheet-2468';

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

test('create a sheet, choose its columns, watch a scan arrive live and download it through the secret link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('scan-to-excel');
  const token = await createVerifiedOwner(request, email);
  const username = `counter-${Date.now().toString(36)}`;
  await v2(request, token, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });
  const question = await v2<{ id: number }>(request, token, 'questions/create', { text: 'Pallets', type: 'manual', answers: [] });

  // The wizard, from the type picker.
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2F');
  await signInWithForm(page, email);
  await page.getByRole('link', { name: /Scan to Excel/ }).click();
  await expect(page).toHaveURL(/\/create\/scan-to-excel\/$/);
  await expect(page.getByRole('heading', { name: 'New scan to Excel' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Stock count');
  await expect(page.getByLabel('Record every scan (recommended)')).toBeChecked();
  await expect(page.getByLabel('Barcode value')).toBeChecked();
  await expect(page.getByLabel('Status')).not.toBeChecked();
  await page.getByLabel(username).check();
  await shots(page, 'scan-to-excel-wizard');
  await page.getByRole('button', { name: 'Create the sheet' }).click();

  // It lands on the table view, empty, telling how to start.
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/scan-to-excel\/table-view\/$/);
  await expect(page.getByRole('heading', { name: 'Stock count' })).toBeVisible();
  await expect(page.getByText('No scans yet')).toBeVisible();
  const instanceId = Number(/specialized-services\/(\d+)\//.exec(page.url())?.[1]);
  await v2(request, token, 'services/set-questions', { id: instanceId, questions: [{ id: question.id, condition: 'pre_submit', required: false }] });

  // Export fields: move Barcode after Scan time with the keyboard, rename User, add the question's answer.
  await page.getByRole('tab', { name: 'Export fields' }).click();
  const columns = page.getByRole('list', { name: 'Columns of the sheet' });
  await expect(columns.getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Move Barcode down' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move Barcode down' })).toBeFocused();
  await page.getByRole('textbox', { name: /Header of column 3/ }).fill('Scanned by');
  await page.getByRole('button', { name: '+ Answer: Pallets' }).click();
  await expect(columns.getByRole('listitem')).toHaveCount(5);
  await shots(page, 'scan-to-excel-exportfields');
  await page.getByRole('button', { name: 'Save columns' }).click();
  await expect(page.getByText('Saved. The table, downloads and the link use these columns now.')).toBeVisible();

  // The table view is open when a scan arrives through the scanner API: the row appears without a reload.
  await page.getByRole('tab', { name: 'Table view' }).click();
  await expect(page.getByText('No scans yet')).toBeVisible();
  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Aisle phone' } });
  expect(signIn.ok()).toBe(true);
  const app = ((await signIn.json()) as { token: string }).token;
  await v2(request, app, 'app/scan', { serviceId: instanceId, value: 'SKU-4711', clientScanId: randomUUID(), answers: [{ questionId: question.id, values: ['12'] }] });
  const sheet = page.getByRole('table', { name: 'Sheet' });
  await expect(sheet.getByRole('columnheader')).toHaveText(['Scan time', 'Barcode', 'Scanned by', 'Device', 'Pallets']);
  const row = sheet.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'SKU-4711', username, 'Aisle phone', '12']);
  await expect(page.getByText('1 row, newest first')).toBeVisible();

  // The secret link: shown once, answering the current XLSX without signing in.
  await page.getByRole('button', { name: 'Make a download link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Secret download link' });
  await expect(linkBox).toHaveValue(/\/scan-to-excel\/[A-Za-z0-9_-]{43}\.xlsx$/);
  await shots(page, 'scan-to-excel-table-view');
  const url = await linkBox.inputValue();
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toBe('attachment; filename="Stock count.xlsx"');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['Scan time', 'Barcode', 'Scanned by', 'Device', 'Pallets']);
  expect(rows.slice(1).map((r) => r.slice(1))).toEqual([['SKU-4711', username, 'Aisle phone', '12']]);

  // A new link replaces it: the old one answers 404.
  await page.getByRole('button', { name: 'Make a new link…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
  await expect(page.getByText('New link made. The old link no longer works.')).toBeVisible();
  await expect(linkBox).not.toHaveValue(url);
  expect((await request.get(url)).status()).toBe(404);

  // Details: how scans are checked and whether it is active; Scans: the scans screens filtered to it.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByText('Every scan is recorded as a valid row.')).toBeVisible();
  await expect(page.getByText(/^Active: it takes scans now\. 1 scan today\.$/)).toBeVisible();
  await shots(page, 'scan-to-excel-details');
  await page.getByRole('tab', { name: 'Scans' }).click();
  await expect(page.getByRole('link', { name: 'Open its scans' })).toHaveAttribute('href', `/account/scans/search/list/?service_ids=${instanceId}`);

  // Mailing it on a schedule: an exportscan task set up for this service as XLSX.
  await page.getByRole('tab', { name: 'Table view' }).click();
  await page.getByRole('link', { name: 'schedule an export task' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/exportscan\/create\/\?prefill=service(:|%3A)\d+$/);
  await expect(page.getByText('Only the scans of Stock count.')).toBeVisible();
  await expect(page.getByLabel('Excel (XLSX)')).toBeChecked();
});
