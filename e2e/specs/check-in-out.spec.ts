import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, PASSWORD, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Check in/out (issue 13) end to end: an admin creates an instance through the wizard; a portal user (an app
 * user given portal access through the API) signs in to the portal in a second browser context; the browser
 * scanner at /scanner checks a badge in and out (Confirm mode: In or Out asked for each scan) and the portal's
 * roster changes without a reload; a movement by hand in the portal and a value's history.
 */

const APP_PASSWORD = 'door-Pass-2468';

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
}

test('wizard, browser scanner and live portal roster', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('checkinout');
  const admin = await createVerifiedOwner(request, email);
  const username = `door-${Date.now().toString(36)}`;
  const appUser = await v2<{ id: number }>(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });

  // The wizard: name, mode, the app user who scans; it lands on the Details tab.
  await page.goto('/signin?to=%2Faccount%2Fspecialized-services%2Fcreate%2Fcheck-in-out%2F');
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'New check in/out' })).toBeVisible();
  await shots(page, 'check-in-out-wizard');
  await page.getByRole('button', { name: 'Create check in/out' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await page.getByLabel('Name').fill('Main door');
  await page.getByRole('radio', { name: /Confirm/ }).check();
  await page.getByRole('checkbox', { name: username }).check();
  await page.getByRole('button', { name: 'Create check in/out' }).click();
  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/check-in-out\/details\/$/);
  const instanceId = Number(/specialized-services\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: 'Main door' })).toBeVisible();
  await expect(page.getByText('Nothing scanned yet')).toBeVisible();

  // Portal access, seeded through the API (the Users tab does the same).
  const detail = await v2<{ settings: Record<string, unknown> }>(request, admin, 'specialized/get', { id: instanceId });
  await v2(request, admin, 'specialized/update', { id: instanceId, settings: { ...detail.settings, portalUserIds: [appUser.id] } });

  // The portal in its own browser context: the guard sends the visitor to the portal's sign-in and back.
  const portalContext = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 1280, height: 800 } });
  const portal = await portalContext.newPage();
  await portal.goto(`/checkinout/?instance_id=${instanceId}`);
  await expect(portal).toHaveURL(/\/checkinout\/signin\//);
  await portal.getByLabel('Username').fill(username);
  // A wrong password is answered under the form, on the same page (not a reload that loses the message).
  await portal.getByLabel('Password', { exact: true }).fill('wrong-password');
  await portal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(portal.getByRole('alert')).toContainText('Invalid username or password');
  await expect(portal).toHaveURL(/\/checkinout\/signin\//);
  await portal.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await portal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(portal.getByRole('heading', { name: 'Main door' })).toBeVisible();
  await expect(portal.getByTestId('live-state')).toHaveText(/^Live/);
  await expect(portal.getByTestId('count-in')).toHaveText('0');

  // The browser scanner: Confirm mode asks In or Out before sending.
  const scannerContext = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await scannerContext.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await scannerContext.newPage();
  await scanner.goto('/scanner');
  await scanner.getByLabel('Username').fill(username);
  await scanner.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await scanner.getByLabel('Device name').fill('Door tablet');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByRole('heading', { name: 'Main door' })).toBeVisible();

  const scan = async (value: string, key: 'i' | 'o') => {
    await scanner.getByLabel('Type a code').fill(value);
    await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(scanner.getByRole('heading', { name: 'In or out?' })).toBeVisible();
    if (value === 'BADGE-7' && key === 'i') await shots(scanner, 'check-in-out-scanner-confirm');
    await scanner.keyboard.press(key);
    return scanner.getByTestId('scan-result');
  };

  const first = await scan('BADGE-7', 'i');
  await expect(first.getByRole('heading', { name: 'IN' })).toBeVisible();
  await expect(first).toHaveAttribute('data-moved', 'in');
  // The portal shows it arrive without a reload.
  await expect(portal.getByTestId('count-in')).toHaveText('1');
  await expect(portal.getByRole('row', { name: /BADGE-7/ })).toContainText('In');
  await expect(portal.getByRole('row', { name: /BADGE-7/ })).toContainText(username);
  await shots(portal, 'check-in-out-portal');
  await portal.setViewportSize({ width: 1280, height: 800 });

  await scanner.getByRole('button', { name: 'Scan next' }).click();
  const again = await scan('BADGE-7', 'i');
  await expect(again.getByRole('heading', { name: 'Not checked in' })).toBeVisible();
  await expect(again).toContainText(/Already in since \d\d:\d\d by /);
  await expect(again).toHaveAttribute('data-tone', 'invalid');

  await scanner.getByRole('button', { name: 'Scan next' }).click();
  const out = await scan('BADGE-7', 'o');
  await expect(out.getByRole('heading', { name: 'OUT' })).toBeVisible();
  await expect(portal.getByTestId('count-out')).toHaveText('1');
  await expect(portal.getByTestId('count-in')).toHaveText('0');

  // A movement by hand with a reason, in the portal.
  await portal.getByRole('textbox', { name: 'Value' }).fill('VISITOR-1');
  await portal.getByRole('textbox', { name: 'Reason' }).fill('Forgot badge');
  await portal.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(portal.getByText('VISITOR-1: Checked in.')).toBeVisible();
  await expect(portal.getByTestId('count-in')).toHaveText('1');

  // One value's history.
  await portal.getByRole('link', { name: 'BADGE-7' }).click();
  await expect(portal).toHaveURL(/\/checkinout\/valueresponse\/\?instance_id=\d+&value=BADGE-7/);
  const history = portal.getByRole('list', { name: 'Scans of this value, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Checked out');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Refused');
  await shots(portal, 'check-in-out-value');

  // The admin's details tab shows the roster too.
  await page.reload();
  await expect(page.getByTestId('count-in')).toHaveText('1');
  await expect(page.getByTestId('count-out')).toHaveText('1');
  await shots(page, 'check-in-out-details');

  await scannerContext.close();
  await portalContext.close();
});

test('team members reach the live roster through the portal’s company sign-in', async ({ page, request }) => {
  const email = uniqueEmail('checkinout-team');
  const admin = await createVerifiedOwner(request, email, 'Door Company');
  const instance = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'check-in-out', name: 'Staff entrance', settings: { mode: 'toggle' }, userIds: [] });
  const signedIn = await request.post(`${e2eEnv().baseUrl}/api-v2/auth/signin/`, { data: { email, password: PASSWORD } });
  const { user } = (await signedIn.json()) as { user: { accountId: number } };

  // From the portal's sign-in, a team member follows the company-login link; the instance goes along.
  await page.goto(`/checkinout/signin/?instance_id=${instance.id}`);
  await page.getByRole('link', { name: 'Sign in with your company login' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkinout/signin-company/\\?instance_id=${instance.id}$`));
  await expect(page.getByRole('heading', { name: 'Check in/out: team sign-in' })).toBeVisible();
  await shots(page, 'check-in-out-company-signin');

  // A wrong company ID is refused with a reason; the right one lands on the instance's live roster.
  await page.getByLabel('Company ID').fill(String(user.accountId + 100_000));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/checkinout\/signin-company\//);
  await page.getByLabel('Company ID').fill(String(user.accountId));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/specialized-services/${instance.id}/check-in-out/details/$`));
  await expect(page.getByRole('heading', { name: 'Staff entrance' })).toBeVisible();
  await expect(page.getByText('Nothing scanned yet')).toBeVisible();

  // "Scanner users sign in here" goes back to the app-user sign-in with the instance.
  await page.goto(`/checkinout/signin-company/?instance_id=${instance.id}`);
  await expect(page).toHaveURL(/\/checkinout\/signin-company\//);
  await page.getByRole('link', { name: 'Sign in with a scanner username instead' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkinout/signin/\\?instance_id=${instance.id}$`));
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('the questions tab adds a question asked at check-out only, and keeps it after a reload', async ({ page, request }) => {
  const email = uniqueEmail('checkinout-questions');
  const admin = await createVerifiedOwner(request, email);
  const instance = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'check-in-out', name: 'Tool crib', settings: {}, userIds: [] });
  await v2(request, admin, 'questions/create', { text: 'Condition on return', type: 'manual', answers: [] });

  await page.goto(`/signin?to=${encodeURIComponent(`/account/specialized-services/${instance.id}/check-in-out/questions/`)}`);
  await signInWithForm(page, email);
  await expect(page.getByText('No questions: people scan and move on.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Add a question' }).click();
  await page.getByRole('option', { name: /Condition on return/ }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const when = page.getByRole('combobox', { name: 'Movements that ask “Condition on return”' });
  await when.click();
  await page.getByRole('option', { name: 'Check-out only' }).click();
  await page.getByRole('button', { name: 'Save questions' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Questions of this service, in the order they are asked' })).toContainText('Condition on return');
  await expect(page.getByRole('combobox', { name: 'Movements that ask “Condition on return”' })).toHaveText('Check-out only');
});
