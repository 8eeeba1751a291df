import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, screenshots, test, uniqueEmail } from '../support/fixtures.js';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('settings: company details, date and time formats, and a scan retention confirmed before it deletes older scans', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createVerifiedOwner(request, uniqueEmail('retention'), 'Pier Goods');
  // Three scans made 40 days ago and one today.
  const service = await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'record', service_name: 'Dock' } });
  const username = `dock-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: 'scan-pass-1', serviceIds: [service.id] });
  const app = (await v2<{ token: string }>(request, '', 'app/signin', { username, password: 'scan-pass-1', udid: `e2e-${randomUUID()}`, deviceName: 'Dock phone' })).token;
  const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
  for (const [value, at] of [['OLD-1', old], ['OLD-2', old], ['OLD-3', old], ['NEW-1', new Date().toISOString()]] as const) {
    await v2(request, app, 'app/scan', { serviceId: service.id, value, clientScanId: randomUUID(), scannedAt: at });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/settings/?websiteToken=${admin}`);
  await expect(page.getByLabel('Company name')).toHaveValue('Pier Goods');
  await expect(page.getByText('Scans are kept until you delete them.')).toBeVisible();
  await page.getByLabel('Address (optional)').fill('4 Harbour Road\nPort Town');
  await page.getByLabel('Phone (optional)').fill('+1 555 0199');
  await page.getByRole('combobox', { name: 'Date format' }).click();
  await page.getByRole('option', { name: '2026-03-03' }).click();
  await page.getByRole('combobox', { name: 'Time format' }).click();
  await page.getByRole('option', { name: '12-hour (2:05 PM)' }).click();
  await expect(page.getByText('Example: 2026-03-03, 2:05:09 PM')).toBeVisible();

  // Retention: 30 days would delete the three old scans, so the page asks first; keeping them changes nothing.
  await page.getByRole('checkbox', { name: 'Keep scans for ever' }).uncheck();
  await page.getByLabel('Keep scans for (days)').fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete older scans?' });
  await expect(ask).toContainText('deletes 3 scans at the next daily run');
  await screenshots(page, 'settings-retention-confirm');
  await ask.getByRole('button', { name: 'Keep' }).click();
  expect((await v2<{ scanRetentionDays: number | null }>(request, admin, 'settings/get', {})).scanRetentionDays).toBeNull();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await ask.getByRole('button', { name: 'Save and delete them' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Next purge:' })).toContainText('It would delete 3 scans.');
  await screenshots(page, 'settings-retention');

  await page.reload();
  await expect(page.getByLabel('Address (optional)')).toHaveValue('4 Harbour Road\nPort Town');
  await expect(page.getByLabel('Keep scans for (days)')).toHaveValue('30');
  // The next purge is written in the account's formats (yyyy-MM-dd, 12-hour).
  await expect(page.getByRole('status').filter({ hasText: 'Next purge:' })).toContainText(/Next purge: \d{4}-\d{2}-\d{2}, \d{1,2}:00:00 (AM|PM)\./);
});
