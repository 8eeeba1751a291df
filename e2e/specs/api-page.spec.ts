import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A legacy API call with an API key; answers the reply's status and error code. */
async function legacyCall(request: APIRequestContext, secret: string): Promise<{ status: string; code: string | null }> {
  const response = await request.get(`${e2eEnv().baseUrl}/api/?section=limits&action=retrieve&api_key=${encodeURIComponent(secret)}`);
  const xml = await response.text();
  return { status: /<status>(\d)<\/status>/.exec(xml)?.[1] ?? '?', code: /<error code="(\d+)"/.exec(xml)?.[1] ?? null };
}

test('the API page: create a key (secret once), use it, see the call arrive live in the log, rename, revoke, allow-list warning', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await createVerifiedOwner(request, uniqueEmail('api-page'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/api/key/?websiteToken=${token}`);
  await expect(page.getByRole('heading', { name: 'API', exact: true })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the API documentation' })).toHaveAttribute('href', '/apidocs/');
  await shots(page, 'api-keys-empty');

  // Create: the secret shows once, with the warning and a copy button.
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();
  await page.getByLabel('Key name').fill('Warehouse sync');
  await page.getByLabel('Key name').press('Enter');
  const dialog = page.getByRole('dialog', { name: /Your new API key/ });
  await expect(dialog.getByText('It cannot be shown again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const secret = await dialog.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^sb_/);
  await shots(page, 'api-key-secret');
  await dialog.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Warehouse sync' })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByText(`${secret.slice(0, 9)}••••••••`)).toBeVisible();
  await expect(page.getByText('Never')).toBeVisible();
  await shots(page, 'api-keys-list');

  // The log tab, then a call with the key arrives without reloading.
  await page.getByRole('tab', { name: 'API log' }).click();
  await expect(page).toHaveURL(/\/account\/api\/apilog\/$/);
  await expect(page.getByText('No API calls yet')).toBeVisible();
  expect(await legacyCall(request, secret)).toEqual({ status: '1', code: null });
  await expect(page.getByRole('table', { name: 'API calls' }).getByRole('cell', { name: 'limits / retrieve' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('cell', { name: 'Warehouse sync' })).toBeVisible();
  await expect(page.getByText('1 call, newest first')).toBeVisible();

  // Filters live in the address.
  await page.getByLabel('Result').selectOption('error');
  await expect(page).toHaveURL(/[?&]status=error/);
  await expect(page.getByText('No call matches')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Result')).toHaveValue('error');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByRole('cell', { name: 'limits / retrieve' })).toBeVisible();
  await shots(page, 'api-log');

  // Rename, then revoke: the key stops working (error 100).
  await page.getByRole('tab', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Rename Warehouse sync' }).click();
  await page.getByLabel('Key name').fill('Warehouse sync (old)');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Renamed to “Warehouse sync (old)”.')).toBeVisible();
  await page.getByRole('button', { name: 'Revoke Warehouse sync (old)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Warehouse sync (old)”?' });
  await expect(confirm.getByText('error 100')).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('“Warehouse sync (old)” was revoked.')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  expect(await legacyCall(request, secret)).toEqual({ status: '0', code: '100' });

  // Allow-list: checked like the server does, and a warning before shutting out this browser's own address.
  await page.getByRole('tab', { name: 'IP allow-list' }).click();
  await expect(page).toHaveURL(/\/account\/api\/ipwhitelist\/$/);
  await expect(page.getByText('does not apply to signing in')).toBeVisible();
  const field = page.getByLabel('Allowed addresses');
  await field.fill('10.0.0.0/8\nnot-an-ip');
  await page.getByRole('button', { name: 'Save allow-list' }).click();
  await expect(page.getByText('Line 2: "not-an-ip" is not an IP address or CIDR range')).toBeVisible();
  await field.fill('10.0.0.0/8\n2001:db8::/32');
  await expect(page.getByText('This list does not include 127.0.0.1')).toBeVisible();
  await shots(page, 'api-allowlist');
  await page.getByRole('button', { name: 'Save allow-list' }).click();
  const warning = page.getByRole('dialog', { name: 'Your own address is not in the list' });
  await expect(warning).toBeVisible();
  await shots(page, 'api-allowlist-warning');
  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('Saved 2 entries.')).toBeVisible();
  await expect(field).toHaveValue('10.0.0.0/8\n2001:db8:0:0:0:0:0:0/32');
});
