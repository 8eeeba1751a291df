import { e2eEnv } from '../support/env.js';
import { PASSWORD, createVerifiedOwner, expect, screenshots, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

test('a deep link to a protected page goes to /signin?to=… and back after sign-in', async ({ page, request }) => {
  const email = uniqueEmail('deeplink');
  await createVerifiedOwner(request, email);
  await page.goto('/account/databases/?page=2&search=pallets');
  await expect(page).toHaveURL(/\/signin\?to=/);
  const to = new URL(page.url()).searchParams.get('to');
  expect(to).toBe('/account/databases/?page=2&search=pallets');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/databases\/\?page=2&search=pallets$/);
  await expect(page).toHaveTitle('Databases · Scanbase');
});

test('a team member without billing is sent to /unauthorized', async ({ page, request }) => {
  const { baseUrl } = e2eEnv();
  const ownerToken = await createVerifiedOwner(request, uniqueEmail('teamowner'), 'Northwind Depot');
  const memberEmail = uniqueEmail('member');
  const invite = await request.post(`${baseUrl}/api-v2/team/invite/`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { email: memberEmail, name: 'Max Member', role: 'admin', privileges: { user: true, webapp_login: true, billing: false } },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const link = await waitForLink(memberEmail, /http:\/\/127\.0\.0\.1:\d+\/user\/confirmemail\/[^\s"<]+\//);

  // Accept the invitation through the page the mail links to.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join your team on Scanbase' })).toBeVisible();
  await page.getByLabel('Your name').fill('Max Member');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/account\/firstlogin\/$/);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
  expect(await page.evaluate(() => localStorage.getItem('accountUserId'))).toMatch(/^\d+$/);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Databases' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  await page.goto('/account/billing/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await screenshots(page, 'unauthorized');

  // After a reload the role comes from the server (admin/retrieve), not only from the sign-in reply.
  await page.goto('/account/databases/');
  await expect(page).toHaveURL(/\/account\/databases\/$/);
  await page.goto('/account/changepassword/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Scanbase');
  await screenshots(page, 'not-found');
  await page.getByRole('link', { name: 'Go to Scanbase' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a malformed percent in the query is escaped and the page reloads', async ({ page }) => {
  await page.goto('/signin?to=/account/services/%&company=');
  await expect(page).toHaveURL(/to=\/account\/services\/%25&company=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
