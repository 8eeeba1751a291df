import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The user portal and the task portal (issue 14, docs/PORTALS.md) end to end. An admin (through the API) shares a
 * service and a task with an app user; in a fresh browser context that user signs in to the user portal, sees
 * their scans and the shared service's, looks values up in its database, then signs in to the task portal and
 * downloads the result of a shared run. What is not shared (a service, a task) is not shown.
 */

const APP_PASSWORD = 'portal-Pass-2468';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function appSignIn(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Phone' } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

test('a portal user sees shared scans, looks up the database and downloads a shared task result', async ({ request, browser }) => {
  test.setTimeout(120_000);
  const admin = await createVerifiedOwner(request, uniqueEmail('portals'));
  const database = await v2<{ id: number }>(request, admin, 'databases/create', { name: 'Parcels' });
  for (const [value, response, validity] of [['PARCEL-100', 'Shelf A3', 1], ['PARCEL-200', 'Shelf B1', 1], ['PARCEL-999', 'Lost', 0]] as const) {
    await v2(request, admin, 'databases/add-value', { id: database.id, value, response, validity });
  }
  const own = await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'record', service_name: 'My rounds' } });
  const shared = await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'database', service_name: 'Warehouse in', database_id: database.id } });
  const hidden = await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'database', service_name: 'Payroll gate', database_id: database.id } });
  const stamp = Date.now().toString(36);
  const viewer = { username: `viewer-${stamp}`, ...(await v2<{ id: number }>(request, admin, 'appusers/create', { username: `viewer-${stamp}`, password: APP_PASSWORD, serviceIds: [own.id] })) };
  const colleague = `colleague-${stamp}`;
  await v2(request, admin, 'appusers/create', { username: colleague, password: APP_PASSWORD, serviceIds: [shared.id, hidden.id] });
  const viewerToken = await appSignIn(request, viewer.username);
  const colleagueToken = await appSignIn(request, colleague);
  await v2(request, viewerToken, 'app/scan', { serviceId: own.id, value: 'ROUND-7', clientScanId: randomUUID() });
  await v2(request, colleagueToken, 'app/scan', { serviceId: shared.id, value: 'PARCEL-100', clientScanId: randomUUID() });
  await v2(request, colleagueToken, 'app/scan', { serviceId: hidden.id, value: 'SALARY-1', clientScanId: randomUUID() });

  const labels = await v2<{ task: { id: number }; jobId: number }>(request, admin, 'tasks/create', { type: 'generatebarcode', name: 'Shelf labels', runNow: true, inputs: { values: ['S-1', 'S-2'], symbology: 'code128' } });
  await v2(request, admin, 'tasks/create', { type: 'generatebarcode', name: 'Private badges', runNow: true, inputs: { values: ['P-1'], symbology: 'code128' } });
  await expect.poll(async () => (await v2<{ state: string }>(request, admin, 'jobs/get', { id: labels.jobId })).state, { timeout: 30_000 }).toBe('succeeded');

  // The admin shares one service and one task (the Portal access section of the app user's page does the same).
  await v2(request, admin, 'portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: true, serviceIds: [shared.id], taskIds: [labels.task.id] });

  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();

  // User portal: the guard sends a visitor to its sign-in, which passes the query on.
  await page.goto('/share/preview/scans/?limit=10');
  await expect(page).toHaveURL(/\/share\/preview\/login\/\?limit=10$/);
  await page.getByLabel('Username').fill(viewer.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await page.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/share\/preview\/scans\/\?limit=10$/);
  await expect(page.getByRole('heading', { name: 'Scans', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ROUND-7' })).toBeVisible();
  await expect(page.getByText('1 scan', { exact: true })).toBeVisible();
  await shots(page, 'portals-user-scans');

  // The shared service's scans; the unshared one is not offered.
  await page.getByLabel('Show').click();
  await expect(page.getByRole('option', { name: 'Payroll gate' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Warehouse in' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${shared.id}`));
  await expect(page.getByRole('heading', { name: 'PARCEL-100' })).toBeVisible();
  await expect(page.getByText('SALARY-1')).toHaveCount(0);
  await page.getByLabel('Value or response').fill('nothing-like-this');
  await page.getByLabel('Value or response').press('Enter');
  await expect(page.getByText('Nothing matches')).toBeVisible();

  // Database lookup in the shared service's database.
  await page.getByRole('link', { name: 'Database lookup' }).click();
  await expect(page.getByRole('heading', { name: 'Database lookup' })).toBeVisible();
  await expect(page.getByText('Parcels: 3 values')).toBeVisible();
  await page.getByLabel('Value', { exact: true }).fill('parcel-2');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/value=parcel-2/);
  await expect(page.getByRole('cell', { name: 'PARCEL-200' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'PARCEL-100' })).toHaveCount(0);
  await expect(page.getByText('Parcels: 1 value')).toBeVisible();
  await shots(page, 'portals-user-db');

  // Task portal: its own sign-in, the shared task's run with its file; the private task is not listed.
  await page.goto('/task-portal/tasks/');
  await expect(page).toHaveURL(/\/task-portal\/login\/$/);
  await page.getByLabel('Username').fill(viewer.username);
  await page.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/task-portal\/tasks\/$/);
  const run = page.getByRole('listitem', { name: `Run ${labels.jobId} of Shelf labels` });
  await expect(run).toBeVisible();
  await expect(run.getByText('Succeeded')).toBeVisible();
  await expect(page.getByText('Private badges')).toHaveCount(0);
  await shots(page, 'portals-task-runs');
  const [download] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Download / }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Access taken away: the next page load sends the user back to the sign-in with a stable code.
  await v2(request, admin, 'portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared.id], taskIds: [] });
  await page.reload();
  await expect(page).toHaveURL(/\/task-portal\/login\/\?errCode=FORBIDDEN$/);
  await expect(page.getByRole('alert')).toContainText('no access to the task portal');
  await context.close();
});
