import type { Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

/*
 * The scanner's public help pages (features/scanner-help), on a phone-sized screen: /app/1.0/more/apphelp with
 * its deep links, the live keyboard-wedge test of /app/1.0/more/sd-pro, and /aayor/ with the scanner's QR code.
 */

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Types `code` into the test box as a scanner does: every key dispatched in the page in one go, a few ms apart at
 * most. Playwright's keyboard.type sends each key over the DevTools protocol, which on a busy machine leaves gaps
 * of 100 ms and more between keys (45 ms on average measured here with delay 5): a slow scanner, rightly judged so.
 */
async function scanInPage(page: Page, code: string, suffix: 'Enter' | null): Promise<void> {
  await page.getByLabel('Scan a code here').evaluate(
    (input: HTMLInputElement, [text, end]) => {
      for (const key of text) {
        input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        // The prototype's setter with the input as receiver: React sees the change as a typed one.
        Reflect.set(HTMLInputElement.prototype, 'value', input.value + key, input);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
      }
      if (end) input.dispatchEvent(new KeyboardEvent('keydown', { key: end, bubbles: true, cancelable: true }));
    },
    [code, suffix] as const,
  );
}

test('apphelp: the heading, and a deep link opens its section with the focus on it', async ({ page }) => {
  await page.goto('/app/1.0/more/apphelp#camera');
  await expect(page.getByRole('heading', { level: 1, name: 'Scanner app help' })).toBeVisible();
  const camera = page.getByRole('button', { name: 'Scanning with the camera' });
  await expect(camera).toHaveAttribute('aria-expanded', 'true');
  await expect(camera).toBeFocused();
  await expect(page.getByRole('region', { name: 'Scanning with the camera' }).getByRole('heading', { name: '1D barcodes and 2D codes' })).toBeVisible();
  // Other sections stay closed.
  await expect(page.getByRole('button', { name: 'Signing in' })).toHaveAttribute('aria-expanded', 'false');

  // A contents link opens its section; Enter on a section header toggles it.
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'What the colours mean' }).click();
  await expect(page).toHaveURL(/#results$/);
  const results = page.getByRole('button', { name: 'What the colours mean' });
  await expect(results).toHaveAttribute('aria-expanded', 'true');
  await expect(results).toBeFocused();
  await expect(page.getByRole('region', { name: 'What the colours mean' }).getByText('Invalid: duplicate')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(results).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('link', { name: 'Back to the scanner' }).click();
  await expect(page).toHaveURL(/\/scanner$/);
  await expect(page.getByRole('heading', { name: 'Sign in to scan' })).toBeVisible();
  // The scanner's sign-in screen links back to the help.
  await page.getByRole('link', { name: 'Help with the scanner' }).click();
  await expect(page).toHaveURL(/\/app\/1\.0\/more\/apphelp#sign-in$/);
  await expect(page.getByRole('button', { name: 'Signing in' })).toHaveAttribute('aria-expanded', 'true');
});

test('sd-pro: a fast burst with Enter reads as a scanner, slow typing as typed by hand, clear empties the list', async ({ page }) => {
  await page.goto('/app/1.0/more/sd-pro');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a hardware scanner' })).toBeVisible();
  const box = page.getByLabel('Scan a code here');
  await expect(box).toBeFocused();
  await expect(page.getByTestId('wedge-empty')).toBeVisible();

  await scanInPage(page, 'TICKET-0042', 'Enter');
  const readings = page.getByTestId('wedge-reading');
  await expect(readings).toHaveCount(1);
  const scanned = readings.first();
  await expect(scanned).toHaveAttribute('data-kind', 'scanner');
  await expect(scanned.getByTestId('wedge-verdict')).toHaveText('Scanner, with Enter suffix');
  await expect(scanned.getByTestId('wedge-value')).toHaveText('TICKET-0042');
  await expect(scanned.getByTestId('wedge-suffix')).toHaveText('Enter suffix');
  await expect(scanned.getByText('11 characters')).toBeVisible();
  await expect(box).toHaveValue('');

  // Typed for real, slowly: a person.
  await page.keyboard.type('HELLO', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(readings).toHaveCount(2);
  const typed = readings.first();
  await expect(typed).toHaveAttribute('data-kind', 'typed');
  await expect(typed.getByTestId('wedge-verdict')).toHaveText('Typed by hand');
  await expect(typed.getByTestId('wedge-value')).toHaveText('HELLO');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(readings).toHaveCount(0);
  await expect(page.getByTestId('wedge-empty')).toBeVisible();
  await expect(box).toBeFocused();
});

test('sd-pro: a fast burst without Enter asks for the suffix', async ({ page }) => {
  await page.goto('/app/1.0/more/sd-pro');
  await expect(page.getByLabel('Scan a code here')).toBeFocused();
  await scanInPage(page, '4006381333931', null);
  const reading = page.getByTestId('wedge-reading').first();
  await expect(reading).toHaveAttribute('data-kind', 'no-suffix');
  await expect(reading.getByTestId('wedge-verdict')).toHaveText('Scanner, but no Enter suffix: configure it');
  await expect(reading.getByTestId('wedge-suffix')).toHaveText('No suffix');
});

test('aayor: the QR code names the scanner address and the big button opens the scanner', async ({ page }) => {
  await page.goto('/aayor/');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan with Scanbase' })).toBeVisible();
  const address = `${e2eEnv().baseUrl}/scanner`;
  await expect(page.getByRole('img', { name: `QR code of ${address}` })).toBeVisible();
  await expect(page.getByTestId('scanner-address')).toHaveText(address);
  await expect(page.getByRole('link', { name: 'Scanner app help' })).toHaveAttribute('href', '/app/1.0/more/apphelp');
  await page.getByRole('link', { name: 'Open the scanner on this phone' }).click();
  await expect(page).toHaveURL(/\/scanner$/);
  await expect(page.getByRole('heading', { name: 'Sign in to scan' })).toBeVisible();
});

test('an app user invited by email sets a scanner password from the mail and can sign in to the scanner', async ({ page, request }) => {
  const { baseUrl } = e2eEnv();
  const ownerToken = await createVerifiedOwner(request, uniqueEmail('invite-owner'));
  const appUserEmail = uniqueEmail('invited-scanner');
  const created = await request.post(`${baseUrl}/api-v2/appusers/create/`, { headers: { authorization: `Bearer ${ownerToken}` }, data: { username: appUserEmail } });
  expect(created.ok(), await created.text()).toBe(true);
  const link = await waitForLink(appUserEmail, /http:\/\/127\.0\.0\.1:\d+\/user\/confirmemail\/appuser\/[^\s"<]+\//);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Set your scanner password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('gate');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('heading', { name: 'You are ready to scan' })).toBeVisible();
  await expect(page.getByText(appUserEmail)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the scanner' })).toHaveAttribute('href', '/scanner');

  const signIn = await request.post(`${baseUrl}/api-v2/app/signin/`, { data: { username: appUserEmail, password: 'gate', udid: 'e2e-invited-phone' } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
});
