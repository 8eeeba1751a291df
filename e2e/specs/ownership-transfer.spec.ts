import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, PASSWORD, screenshots, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

async function call(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, data });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Invites a member through the API and accepts from the mailed link; answers their session token. */
async function addMember(request: APIRequestContext, ownerToken: string, email: string, name: string): Promise<string> {
  expect((await call(request, 'team/invite', { email, name, role: 'admin' }, ownerToken)).status).toBe(200);
  const link = await waitForLink(email, /\/user\/confirmemail\/admin\/[^\s"<]+\//);
  const secret = link.replace(/\/$/, '').split('/').pop() ?? '';
  const accepted = await call(request, 'auth/accept-invite', { token: secret, name, password: PASSWORD });
  expect(accepted.status).toBe(200);
  return accepted.body.token as string;
}

const TRANSFER_LINK = /http:\/\/127\.0\.0\.1:\d+\/account\/admins\/\?transfer=[\w-]+/;

test('ownership: the owner names a member, the member confirms from the mailed link, roles swap and both stay signed in (on every device); a cancelled link does nothing', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const ownerEmail = uniqueEmail('handover-owner');
  const ownerToken = await createVerifiedOwner(request, ownerEmail, 'Relay Depot');
  const memberEmail = uniqueEmail('handover-member');
  const memberToken = await addMember(request, ownerToken, memberEmail, 'Nia Next');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/admins/?websiteToken=${ownerToken}`);
  const table = page.getByRole('table', { name: 'Team members' });
  await table.getByRole('row', { name: /Nia Next/ }).getByRole('link', { name: 'Nia Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nia Next' });
  await dialog.getByRole('button', { name: 'Make Nia Next the owner' }).click();
  const ask = page.getByRole('dialog', { name: 'Make Nia Next the owner?' });
  await screenshots(page, 'team-transfer-ask');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(`We asked ${memberEmail} to confirm.`, { exact: false })).toBeVisible();
  await expect(page.getByText(/Ownership is being handed over to Nia Next/)).toBeVisible();
  await screenshots(page, 'team-transfer-pending');
  // Nothing changed yet.
  await expect(table.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('Owner');
  expect((await call(request, 'me/get', {}, memberToken)).body).toMatchObject({ role: 'admin' });

  // The member is also signed in on a second device (it remembers them as a member of the account).
  const tablet = await browser.newContext();
  const tabletPage = await tablet.newPage();
  await tabletPage.goto(`/account/admins/?websiteToken=${memberToken}`);
  await expect(tabletPage.getByRole('table', { name: 'Team members' })).toBeVisible();

  // The member opens the mailed link in their own browser, signed in, and confirms.
  const link = await waitForLink(memberEmail, TRANSFER_LINK);
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await memberPage.goto(`${link}&websiteToken=${memberToken}`);
  const confirm = memberPage.getByRole('dialog', { name: 'Become the owner of Relay Depot?' });
  await expect(confirm).toBeVisible();
  await screenshots(memberPage, 'team-transfer-confirm');
  await confirm.getByRole('button', { name: 'Become the owner' }).click();
  await expect(memberPage.getByText('You are now the owner of Relay Depot.')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/account\/admins\/$/);
  expect((await call(request, 'me/get', {}, memberToken)).body).toMatchObject({ role: 'owner', accountUserId: null });
  // The new owner may open the owner-only page in the same session.
  await memberPage.goto('/account/deleteaccount/');
  await expect(memberPage.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();

  // The second device stays signed in and is now the owner's too: the owner-only page opens there.
  await tabletPage.goto('/account/deleteaccount/');
  await expect(tabletPage.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();
  await expect(tabletPage).toHaveURL(/\/account\/deleteaccount\/$/);
  await tablet.close();

  // The old owner's session keeps working, now as an administrator; the list says who owns the account.
  await page.reload();
  await expect(table.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Owner');
  await expect(table.getByRole('row', { name: new RegExp(ownerEmail) })).toContainText('Administrator');
  expect((await call(request, 'me/get', {}, ownerToken)).body).toMatchObject({ role: 'admin' });
  await waitForLink(memberEmail, /You are now the owner of Relay Depot/);
  await waitForLink(ownerEmail, /is now the owner of Relay Depot/);

  // The new owner starts handing it back, then cancels: the link mailed to the old owner no longer works.
  const oldOwnerId = (((await call(request, 'me/get', {}, ownerToken)).body.accountUserId as number) ?? 0).toString();
  await memberPage.goto(`/account/admins/${oldOwnerId}/`);
  await memberPage.getByRole('button', { name: /^Make .* the owner$/ }).click();
  await memberPage.getByRole('button', { name: 'Send the request' }).click();
  await expect(memberPage.getByText(/Ownership is being handed over to/)).toBeVisible();
  const backLink = await waitForLink(ownerEmail, TRANSFER_LINK);
  await memberPage.getByRole('button', { name: 'Cancel the transfer' }).click();
  await expect(memberPage.getByText(/Ownership is being handed over to/)).toHaveCount(0);
  await page.goto(backLink);
  const refused = page.getByRole('dialog', { name: 'Become the owner of Relay Depot?' });
  await refused.getByRole('button', { name: 'Become the owner' }).click();
  await expect(refused.getByText(/invalid, was withdrawn or has expired/)).toBeVisible();
  expect((await call(request, 'me/get', {}, ownerToken)).body).toMatchObject({ role: 'admin' });
  await other.close();
});
