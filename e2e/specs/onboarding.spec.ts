import { PASSWORD, createVerifiedOwner, expect, screenshots, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

/** A route without its page yet (and without parameters), read from the web app's route table at run time, the app layout's first. */
async function plannedRoute(): Promise<string | undefined> {
  type Entry = { path: string; layout: string; page?: unknown; forward?: unknown };
  const table = (await import(new URL('../../apps/web/src/app/route-table.ts', import.meta.url).href)) as { routeTable: readonly Entry[] };
  const planned = table.routeTable.filter((def) => def.page === undefined && def.forward === undefined && !def.path.includes('{'));
  return (planned.find((def) => def.layout === 'app') ?? planned[0])?.path;
}

test('sign up, verify by the emailed link, tour, navigate, sign out, sign in', async ({ page }) => {
  const email = uniqueEmail('owner');

  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page).toHaveTitle('Sign in · Scanbase');
  await screenshots(page, 'signin');
  await page.getByRole('link', { name: 'Create an account' }).click();

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your company name')).toBeVisible();
  await page.getByLabel('Company name').fill('Acme Logistics');
  await page.getByLabel('Your name').fill('Olive Owner');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await screenshots(page, 'registration');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByText(email)).toBeVisible();

  // Signing in before verifying is refused and lands on the same page.
  await page.goto('/signin');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/verify-email/);

  const link = await waitForLink(email, /http:\/\/127\.0\.0\.1:\d+\/activation\/[^/\s"<]+\//);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/firstlogin\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();

  // The tour starts by itself on the first visit.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Welcome to Scanbase')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await screenshots(page, 'tour');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Services' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog.getByText('Welcome to Scanbase')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: 'Services' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: 'Databases' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('heading', { name: 'Services' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Taken again on request: Skip tour, then all the way to Finish.
  await page.getByRole('button', { name: 'Take the tour' }).click();
  await dialog.getByRole('button', { name: 'Skip tour' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Take the tour' }).click();
  for (let step = 0; step < 5; step += 1) await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toHaveCount(0);
  await screenshots(page, 'firstlogin');

  // Navigate with the drawer.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Databases' }).click();
  await expect(page).toHaveURL(/\/account\/databases\/$/);
  await expect(page).toHaveTitle('Databases · Scanbase');
  await expect(page.getByText('No databases yet')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Databases' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await nav.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/account\/integrations\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/account\/billing\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // A screen a later issue builds says so: any route the web app's route table still marks planned (none once all are built).
  const planned = await plannedRoute();
  if (planned) {
    // In a tab of its own: a planned public page has no shell, and this one stays where it is.
    const tab = await page.context().newPage();
    await tab.goto(planned);
    await expect(tab.getByText('This screen is not available yet')).toBeVisible();
    await tab.close();
  }
  await screenshots(page, 'shell');

  // Sign out from the account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A wrong password shows the server's message; the right one signs in.
  await signInWithForm(page, email, 'wrong-password-1');
  await expect(page.getByRole('alert')).toBeVisible();
  await screenshots(page, 'signin-error');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/services\/$/);
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('owner');
});

test('the drawer becomes a menu on a phone', async ({ page, request }) => {
  const email = uniqueEmail('phone');
  const token = await createVerifiedOwner(request, email);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/account/scans/search/full/?websiteToken=${token}`);
  await expect(page).toHaveURL(/\/account\/scans\/search\/full\/$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await screenshots(page, 'drawer-open');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/account\/users\/\?page=1&limit=50$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});
