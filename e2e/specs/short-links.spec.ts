import type { Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('short links: make one for a portal sign-in, open it in a fresh browser, see the visit, search, revoke', async ({ page, request, browser, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await createVerifiedOwner(request, uniqueEmail('short-links'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/links/?websiteToken=${token}`);
  await expect(page.getByRole('heading', { name: 'Links', exact: true })).toBeVisible();
  await expect(page.getByText('No short links yet')).toBeVisible();
  await shots(page, 'short-links-empty');

  // Another site is refused on the field; a page of ours is accepted and opens its detail page.
  await page.getByRole('button', { name: 'New short link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New short link' });
  await dialog.getByLabel('Address it opens').fill('https://evil.example/login');
  await dialog.getByRole('button', { name: 'Make short link' }).click();
  await expect(dialog.getByText(/Enter an address on .* not another site/)).toBeVisible();
  await dialog.getByLabel('Address it opens').fill(`${e2eEnv().baseUrl}/apidocs/databases`);
  await dialog.getByLabel('Label (optional)').fill('Poster at the main gate');
  await dialog.getByLabel('Address it opens').press('Enter');
  await expect(page).toHaveURL(/\/account\/links\/\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Poster at the main gate' })).toBeVisible();
  await expect(page.getByText('Nobody has opened this link yet.')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of http/ })).toBeVisible();
  const shortUrl = (await page.getByText(/\/l\/[0-9A-Za-z]{10}$/).textContent()) ?? '';
  expect(shortUrl).toMatch(/\/l\/[0-9A-Za-z]{10}$/);
  await page.getByRole('button', { name: 'Copy short address' }).click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

  // Someone else opens it: they land on the page it names.
  const visitor = await browser.newContext({ userAgent: 'GatePhone/1.0' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(shortUrl);
  await expect(visitorPage).toHaveURL(/\/apidocs\/databases$/);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Visits' }).getByRole('cell', { name: 'GatePhone/1.0' })).toBeVisible();
  await expect(page.getByText('1 visit.')).toBeVisible();
  await shots(page, 'short-link-detail');

  // The list: search and status live in the address.
  await page.getByRole('link', { name: 'All links' }).click();
  await expect(page.getByRole('heading', { name: 'Poster at the main gate' })).toBeVisible();
  await page.getByLabel('Search by label, code or address').fill('nothing like it');
  await expect(page.getByText('No short link matches')).toBeVisible();
  await expect(page).toHaveURL(/q=nothing/);
  await page.getByLabel('Search by label, code or address').fill('gate');
  await expect(page.getByRole('heading', { name: 'Poster at the main gate' })).toBeVisible();
  await shots(page, 'short-links-list');

  // Revoke, confirmed: the visitor's next opening says the link no longer works.
  await page.getByRole('button', { name: 'Revoke Poster at the main gate' }).click();
  await page.getByRole('dialog', { name: 'Revoke this short link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText(/is revoked: it now tells visitors/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Short links' }).getByText('Revoked', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByText('No short link matches')).toBeVisible();
  await visitorPage.goto(shortUrl);
  await expect(visitorPage).toHaveURL(/\/share-link-expired\?reason=revoked$/);
  await visitor.close();
});
