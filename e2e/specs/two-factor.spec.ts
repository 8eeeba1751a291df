import { Secret, TOTP } from 'otpauth';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/** The code an authenticator app shows for this key, `steps` time steps from now (a used step is not accepted twice). */
function codeFor(key: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });
}

test('two-factor sign-in: set up on the profile, then sign in with password and code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('twofactor');
  await createVerifiedOwner(request, email, 'Two Factor Works');
  await page.goto('/account/userprofile/');
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();

  // Set up: the key as text beside the QR code, confirmed by a code computed from it.
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Only your password protects your login.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = ((await dialog.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const codeInput = dialog.getByLabel('Code from your authenticator app');
  await expect(codeInput).toBeFocused();
  await codeInput.fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText(/This code is not right/)).toBeVisible();
  await codeInput.fill(codeFor(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toBe('scanbase-recovery-codes.txt');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('two-factor-status')).toContainText('10 recovery codes left');

  // Sign out, and back in: the password is not enough any more.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  const signInCode = page.getByLabel('Code from your authenticator app');
  await expect(signInCode).toBeFocused();
  // A pasted code with a space in it counts; the next time step, as the set-up used this one.
  const next = codeFor(key, 1);
  await signInCode.fill(`${next.slice(0, 3)} ${next.slice(3)}`);
  await expect(signInCode).toHaveValue(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account\/services\/$/);
  await page.goto('/account/userprofile/');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true })).toBeVisible();
});
