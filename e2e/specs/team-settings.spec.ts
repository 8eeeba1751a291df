import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, PASSWORD, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The status of a V2 call made with a session token. */
async function v2Status(request: APIRequestContext, token: string, path: string, data: unknown = {}): Promise<number> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { headers: { Authorization: `Bearer ${token}` }, data });
  return response.status();
}

const INVITE_LINK = /http:\/\/127\.0\.0\.1:\d+\/user\/confirmemail\/admin\/[^\s"<]+\//;

test('the team: invite by email, resend, accept in another browser, change privileges, remove and the session ends', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail('teamowner');
  const token = await createVerifiedOwner(request, ownerEmail, 'Harbour Freight');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/admins/?websiteToken=${token}`);
  await expect(page).toHaveTitle('Administrators · Scanbase');
  const table = page.getByRole('table', { name: 'Team members' });
  await expect(table.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('Owner');
  await expect(page.getByText('The account owner cannot be removed or given another role.')).toBeVisible();
  await expect(page.getByText('Nobody else yet')).toBeVisible();
  await shots(page, 'team-empty');

  // Invite: the address is checked on the field first, then the invitation goes out.
  await page.getByRole('link', { name: 'Invite an administrator' }).first().click();
  await expect(page).toHaveURL(/\/account\/admins\/create\/$/);
  const invite = page.getByRole('dialog', { name: 'Invite an administrator' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Enter the email address to invite.')).toBeVisible();
  await expect(invite.getByLabel('Email address')).toBeFocused();
  const memberEmail = uniqueEmail('admin');
  await invite.getByLabel('Email address').fill(memberEmail);
  await invite.getByLabel('Name (optional)').fill('Max Member');
  await expect(invite.getByRole('checkbox', { name: /^Settings/ })).toBeChecked();
  await expect(invite.getByRole('checkbox', { name: /^Billing/ })).not.toBeChecked();
  await shots(page, 'team-invite');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page).toHaveURL(/\/account\/admins\/$/);
  await expect(page.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  const row = table.getByRole('row', { name: /Max Member/ });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Administrator');
  await expect(row).toContainText('Profile, Settings');
  const firstLink = await waitForLink(memberEmail, INVITE_LINK);

  // Send it again: a new link; the earlier one stops working.
  await row.getByRole('link', { name: 'Max Member' }).click();
  await expect(page).toHaveURL(/\/account\/admins\/\d+\/$/);
  const memberId = Number(/admins\/(\d+)\//.exec(page.url())?.[1]);
  const dialog = page.getByRole('dialog', { name: 'Max Member' });
  await dialog.getByRole('button', { name: 'Send invitation again' }).click();
  await expect(dialog.getByText(`A new invitation was sent to ${memberEmail}.`)).toBeVisible();
  await shots(page, 'team-invited-member');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/account\/admins\/$/);
  let link = firstLink;
  await expect.poll(async () => (link = await waitForLink(memberEmail, INVITE_LINK))).not.toBe(firstLink);

  // Accept in a second browser: the member is signed in and becomes active.
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await memberPage.goto(link);
  await expect(memberPage.getByRole('heading', { name: 'Join your team on Scanbase' })).toBeVisible();
  await memberPage.getByLabel('Your name').fill('Max Member');
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Join the team' }).click();
  await expect(memberPage).toHaveURL(/\/account\/firstlogin\/$/);
  const memberToken = (await memberPage.evaluate(() => localStorage.getItem('token'))) ?? '';
  expect(memberToken).not.toBe('');
  expect(await v2Status(request, memberToken, 'settings/get')).toBe(200);
  // The member sees the team too, with their own row locked.
  await memberPage.goto('/account/admins/');
  await memberPage.keyboard.press('Escape');
  await expect(memberPage.getByText('You cannot change your own role or privileges, nor remove yourself.').first()).toBeVisible();
  await memberPage.goto(`/account/admins/${memberId}/`);
  await expect(memberPage.getByText('You cannot change your own role or privileges. Ask the owner or another administrator.')).toBeVisible();
  await expect(memberPage.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');

  await page.reload();
  await expect(row).toContainText('Active');

  // Change privileges by keyboard-friendly checkboxes: no more Settings, Billing instead; applies at once.
  await row.getByRole('link', { name: 'Max Member' }).click();
  await dialog.getByRole('checkbox', { name: /^Settings/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /^Billing/ }).check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved: Max Member now has the role and privileges you chose.')).toBeVisible();
  await expect(row).toContainText('Profile, Billing');
  expect(await v2Status(request, memberToken, 'settings/get')).toBe(403);

  // Remove, with confirmation: the member's session ends at once.
  await row.getByRole('link', { name: 'Max Member' }).click();
  await dialog.getByRole('button', { name: 'Remove Max Member' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Max Member?' });
  await expect(confirm.getByRole('button', { name: 'Keep' })).toBeFocused();
  await shots(page, 'team-remove');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Max Member was removed from the team and signed out.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Max Member/ })).toHaveCount(0);
  expect(await v2Status(request, memberToken, 'me/get')).toBe(401);
  await other.close();

  // A member that is gone: the address says so.
  await page.goto(`/account/admins/${memberId}/`);
  await expect(page.getByRole('dialog', { name: 'Not on the team' })).toBeVisible();
});

test('settings: how times are shown, the time zone and the admin email are kept after a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await createVerifiedOwner(request, uniqueEmail('settings'), 'Quay Stores');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/settings/?websiteToken=${token}`);
  await expect(page).toHaveTitle('Settings · Scanbase');
  await expect(page.getByRole('radio', { name: /Each scan’s own time zone \(default\)/ })).toBeChecked();
  await expect(page.getByLabel('Company name')).toHaveValue('Quay Stores');
  await shots(page, 'settings');

  await page.getByRole('radio', { name: /The viewer’s time zone/ }).check();
  await page.getByRole('combobox', { name: 'Account time zone' }).fill('Europe/Par');
  await page.getByRole('option', { name: 'Europe/Paris', exact: true }).click();
  await page.getByLabel('Administrative email (optional)').fill('not-an-address');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter a valid email address, like name@example.com, or leave it empty.')).toBeVisible();
  await expect(page.getByLabel('Administrative email (optional)')).toBeFocused();
  await page.getByLabel('Administrative email (optional)').fill('ops@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('radio', { name: /The viewer’s time zone/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Account time zone' })).toHaveValue('Europe/Paris');
  await expect(page.getByLabel('Administrative email (optional)')).toHaveValue('ops@example.com');
  const saved = await request.post(`${e2eEnv().baseUrl}/api-v2/settings/get/`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(await saved.json()).toMatchObject({ timezoneBehavior: 3, adminEmail: 'ops@example.com', timezone: 'Europe/Paris' });
});
