import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

async function signIn(page: Page, email: string, to: string): Promise<void> {
  await page.goto(`/signin?to=${encodeURIComponent(to)}`);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, '\\$&')}(\\?.*)?$`));
}

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A V2 call with the owner's session token (setting up what the screens under test need). */
async function v2(request: APIRequestContext, token: string, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

const CSV = ['Barcode,Guest name,Valid', 'T-001,Ann,1', 'T-002,Bob,1', ',Nobody,1', 'T-004,Dan,0', 'T-005,Eve,1', ''].join('\n');

test('a database: create, import a CSV through the mapping with a bad row, search, autofill, clear, delete refused while used', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('databases');
  const token = await createVerifiedOwner(request, email);
  await signIn(page, email, '/account/databases/');
  await expect(page).toHaveTitle('Databases · Scanbase');
  await expect(page.getByText('No databases yet')).toBeVisible();
  await shots(page, 'databases-empty');

  // New database: case sensitivity is explained and fixed once created.
  await page.getByRole('link', { name: 'Create your first database' }).click();
  await expect(page).toHaveURL(/\/account\/databases\/new\/$/);
  await expect(page.getByText('this cannot be changed once the database is created')).toBeVisible();
  await page.getByRole('button', { name: 'Create database' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await page.getByLabel('Name').fill('Conference tickets');
  await expect(page.getByRole('radio', { name: /Ignore upper and lower case/ })).toBeChecked();
  await shots(page, 'database-new');
  await page.getByRole('button', { name: 'Create database' }).click();

  // Import: choose the file, check the guessed mapping on the preview, start, follow it live, read the report.
  await expect(page).toHaveURL(/\/account\/databases\/\d+\/manage\/$/);
  const databaseId = Number(/databases\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: 'Conference tickets' })).toBeVisible();
  await page.getByLabel('File to import').setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /first row holds column names/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Value (required)' })).toHaveText('Column A · Barcode');
  await expect(page.getByRole('combobox', { name: 'Response' })).toHaveText('Column B · Guest name');
  await expect(page.getByRole('combobox', { name: 'Valid / invalid' })).toHaveText('Column C · Valid');
  const preview = page.getByRole('table', { name: 'First rows of the file' });
  await expect(preview.getByRole('row').nth(4)).toContainText('Empty value: this row will be rejected');
  await expect(page.getByRole('radio', { name: /Skip it, import the rest/ })).toBeChecked();
  await shots(page, 'database-import-mapping');

  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/manage\/\?job=\d+$/);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  const figures = page.getByRole('group', { name: 'Import figures' });
  await expect(figures).toContainText('Rows read5');
  await expect(figures).toContainText('Imported4');
  await expect(figures).toContainText('Rejected1');
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row').nth(1)).toContainText('4');
  await expect(rejected.getByRole('row').nth(1)).toContainText('Empty value');
  await expect(page.getByText('4 values', { exact: true })).toBeVisible();
  await shots(page, 'database-import-report');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all rejected rows (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await download.path(), 'utf8')).toContain('4,empty value');

  // Search: a substring of the value, case ignored; edit a response in place.
  await page.getByRole('link', { name: 'See the values' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/databases/${databaseId}/search/$`));
  await expect(page.getByText('4 values', { exact: true }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search values' }).fill('t-00');
  await expect(page).toHaveURL(/search=t-00/);
  await expect(page.getByText('4 matches')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search values' }).fill('002');
  await expect(page.getByText('1 match', { exact: true })).toBeVisible();
  const values = page.getByRole('table', { name: 'Values' });
  await expect(values.getByRole('row')).toHaveCount(2);
  await expect(values).toContainText('Bob');
  await page.getByRole('button', { name: 'Edit T-002' }).click();
  await page.getByLabel('Response').fill('Bob, VIP: welcome USER_NAME');
  await page.getByLabel('Response').press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(values).toContainText('Bob, VIP: welcome USER_NAME');
  await shots(page, 'database-search');

  // Add one value by hand; the form stays for the next one.
  await page.getByRole('tab', { name: 'Add value' }).click();
  await expect(page.getByText('SCAN_VALUE').first()).toBeVisible();
  await page.getByLabel('Value', { exact: true }).fill('T-002');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByRole('alert')).toContainText(/exists|already/i);
  await page.getByLabel('Value', { exact: true }).fill('T-006');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByText('“T-006” was added.', { exact: false })).toBeVisible();
  await shots(page, 'database-addvalue');
  await expect(page.getByText('5 values', { exact: true })).toBeVisible();

  // Autofill 10 numbered values.
  await page.getByRole('tab', { name: 'Autofill' }).click();
  await page.getByLabel('How many').fill('10');
  await page.getByLabel('Prefix (optional)').fill('AUTO-');
  await page.getByRole('textbox', { name: 'Digits' }).fill('4');
  await expect(page.getByText('AUTO-0001  AUTO-0002  …  AUTO-0010')).toBeVisible();
  await shots(page, 'database-autofill');
  await page.getByRole('button', { name: 'Generate values' }).click();
  await expect(page.getByText('10 values added.')).toBeVisible();
  await expect(page.getByText('15 values', { exact: true })).toBeVisible();

  // Records: filter by result.
  await page.getByRole('tab', { name: 'Records' }).click();
  await page.getByRole('button', { name: 'Invalid' }).click();
  await expect(page).toHaveURL(/validity=0/);
  await expect(page.getByRole('table', { name: 'Values' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Values' })).toContainText('T-004');
  await shots(page, 'database-records');

  // Download as CSV runs the database's download task and opens its progress page, which offers the file.
  await page.getByRole('button', { name: 'Download as CSV' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/progress\/\d+\/$/);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect(readFileSync(await (await csvDownload).path(), 'utf8')).toContain('AUTO-0010');
  await page.goBack();
  await expect(page).toHaveURL(/\/record\/\?validity=0$/);

  // Clear asks first, naming the database and the count.
  await page.getByRole('tab', { name: 'Clear' }).click();
  await page.getByRole('button', { name: 'Clear database' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear “Conference tickets”?' });
  await expect(dialog).toContainText('All 15 values of “Conference tickets” will be removed.');
  await shots(page, 'database-clear-confirm');
  await dialog.getByRole('button', { name: 'Remove 15 values' }).click();
  await expect(page.getByText('15 values removed.')).toBeVisible();
  await expect(page.getByText('0 values', { exact: true })).toBeVisible();

  // Delete is refused while a service uses the database; the server's message is shown.
  await v2(request, token, 'services/create', { variables: { validation_method: 'database', service_name: 'Gate check', database_id: databaseId } });
  await page.reload();
  await expect(page.getByText('Used by “Gate check”')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this database?' });
  await confirm.getByRole('button', { name: 'Delete database' }).click();
  await expect(confirm).toContainText('It is still used by “Gate check”');
  await expect(confirm.getByRole('alert')).toContainText(/used by service/i);
  await shots(page, 'database-delete-refused');
  await confirm.getByRole('button', { name: 'Keep' }).click();

  // The list keeps its search and sort in the address.
  await page.goto('/account/databases/?search=conf&sortby=name&sortdirection=desc');
  await expect(page.getByRole('table', { name: 'Databases' }).getByRole('row', { name: /Conference tickets/ })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search databases by name' })).toHaveValue('conf');
  await shots(page, 'databases-list');
});

test('app users and devices: create a user, give them a service, reset the password, rename their device', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('appusers');
  const token = await createVerifiedOwner(request, email);
  await v2(request, token, 'services/create', { variables: { validation_method: 'record', service_name: 'Front gate' } });
  await signIn(page, email, '/account/users/');
  await expect(page).toHaveTitle('Users · Scanbase');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Account owner');
  await shots(page, 'users-list');

  // New user: an email address gets an invitation instead of a password.
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/account\/users\/new\/$/);
  const username = `gate-${Date.now().toString(36)}`;
  await page.getByLabel('Username or email address').fill('ann@example.com');
  await expect(page.getByText('We will email an invitation to this address.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create and send invitation' })).toBeVisible();
  await page.getByLabel('Username or email address').fill(username);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Use at least 4 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('scan-1234');
  await page.getByLabel('Device limit (optional)').fill('2');
  await shots(page, 'user-new');
  await page.getByRole('button', { name: 'Create user' }).click();

  // The user's page: give them the service and save.
  await expect(page).toHaveURL(/\/account\/users\/\d+\/$/);
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  const front = page.getByRole('checkbox', { name: /Front gate/ });
  await expect(front).not.toBeChecked();
  await front.check();
  await page.getByRole('button', { name: 'Save services' }).click();
  await expect(page.getByText('Services saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Front gate/ })).toBeChecked();
  await expect(page.getByLabel('Device limit')).toHaveValue('2');
  await shots(page, 'user-edit');

  // Reset the password, then sign in on a device with it (this registers the device).
  await page.getByRole('button', { name: 'Reset password' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await reset.getByLabel('New password').fill('new-pass-5678');
  await reset.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('New password saved.')).toBeVisible();
  await v2(request, '', 'app/signin', { username, password: 'new-pass-5678', udid: 'e2e-udid-0001', deviceName: 'Pixel 7' });

  // Devices: rename inline (Enter saves).
  await page.goto('/account/devices/');
  await expect(page).toHaveTitle('Devices · Scanbase');
  const devices = page.getByRole('table', { name: 'Devices' });
  await expect(devices.getByRole('row', { name: /Pixel 7/ })).toContainText(username);
  await page.getByRole('button', { name: 'Rename Pixel 7' }).click();
  await page.getByLabel('Device name').fill('Gate 2 scanner');
  await page.getByLabel('Device name').press('Enter');
  await expect(devices.getByRole('row', { name: /Gate 2 scanner/ })).toBeVisible();
  await shots(page, 'devices');

  // Delete says the scans are kept.
  await page.goto('/account/users/');
  await page.getByRole('link', { name: username }).click();
  await page.getByRole('button', { name: 'Delete user' }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${username}?` });
  await expect(remove).toContainText('Their scans are kept');
  await remove.getByRole('button', { name: 'Delete user' }).click();
  await expect(page).toHaveURL(/\/account\/users\/(\?.*)?$/);
  await expect(page.getByRole('link', { name: username })).toHaveCount(0);
});
