import { e2eEnv } from '../support/env.js';
import { PASSWORD, createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

const NEW_PASSWORD = 'amber lantern orchard 7';

test('your profile: sessions, name, password with a strength meter, and email through the mailed link', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { baseUrl } = e2eEnv();
  const email = uniqueEmail('profile');
  // Session one: the token from the activation link (another "device"). Session two: this browser.
  const otherToken = await createVerifiedOwner(request, email, 'Profile Works');
  await page.goto('/account/userprofile/');
  await expect(page).toHaveURL(/\/signin\?to=/);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/userprofile\/$/);
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();

  // Both sessions are listed; this one is marked and cannot be signed out from its own row.
  const rows = page.getByTestId('profile-session');
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ has: page.getByText('This device') });
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('data-current', 'true');
  await expect(current.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

  // Sign out the other one: its token now answers 401 on a V2 call.
  expect((await request.post(`${baseUrl}/api-v2/me/get/`, { headers: { Authorization: `Bearer ${otherToken}` }, data: {} })).status()).toBe(200);
  const other = rows.filter({ hasNot: page.getByText('This device') });
  await other.getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText(/was signed out\./)).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await request.post(`${baseUrl}/api-v2/me/get/`, { headers: { Authorization: `Bearer ${otherToken}` }, data: {} })).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  // "Sign out everywhere else" asks first (a third session from the API).
  const third = await request.post(`${baseUrl}/api-v2/auth/signin/`, { data: { email, password: PASSWORD } });
  const thirdToken = ((await third.json()) as { token: string }).token;
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  expect((await request.post(`${baseUrl}/api-v2/me/get/`, { headers: { Authorization: `Bearer ${thirdToken}` }, data: {} })).status()).toBe(401);

  // The name: saved, and shown in the app bar after a reload.
  await page.getByLabel('Name', { exact: true }).fill('Zed Quill');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  const menuButton = page.getByRole('button', { name: 'Account menu, ZQ' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await expect(page.getByRole('menu').getByText('Zed Quill')).toBeVisible();
  await page.keyboard.press('Escape');

  // The password, on its own page (from the profile), with the strength meter reacting to what is typed.
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/changepassword\/$/);
  await page.getByLabel('Current password').fill(PASSWORD);
  const meter = page.getByTestId('password-strength');
  await page.getByLabel('New password', { exact: true }).fill('password');
  await expect(meter).toHaveAttribute('data-score', '0');
  await expect(meter.getByText('Very weak')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(meter).toHaveAttribute('data-score', /[34]/);
  await page.getByLabel('New password again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  expect((await request.post(`${baseUrl}/api-v2/auth/signin/`, { data: { email, password: PASSWORD } })).status()).toBe(401);
  expect((await request.post(`${baseUrl}/api-v2/auth/signin/`, { data: { email, password: NEW_PASSWORD } })).status()).toBe(200);

  // The email: nothing changes until the link mailed to the new address is opened.
  const newEmail = uniqueEmail('moved');
  await page.goto('/account/userprofile/');
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('region', { name: 'Email' }).getByLabel('Current password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  const link = await waitForLink(newEmail, /http:\/\/127\.0\.0\.1:\d+\/account\/userprofile\/\?confirmEmail=[A-Za-z0-9_-]+/);
  await page.goto(link);
  await expect(page.getByText(`Your sign-in email is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
  await expect(page).toHaveURL(/\/account\/userprofile\/$/);
  expect((await request.post(`${baseUrl}/api-v2/auth/signin/`, { data: { email: newEmail, password: NEW_PASSWORD } })).status()).toBe(200);
});
