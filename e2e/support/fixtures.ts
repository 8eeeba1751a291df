import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eEnv } from './env.js';
import { waitForLink } from './mail.js';

/** Every test: any request that leaves 127.0.0.1/localhost is aborted and recorded, and the test fails if one was made. */
export const test = base.extend<{ offsite: string[] }>({
  offsite: [
    async ({ page }, use) => {
      const offsite: string[] = [];
      await page.route('**/*', async (route) => {
        const { hostname } = new URL(route.request().url());
        if (hostname === '127.0.0.1' || hostname === 'localhost') await route.continue();
        else {
          offsite.push(route.request().url());
          await route.abort('blockedbyclient');
        }
      });
      await use(offsite);
      expect(offsite, 'requests that left 127.0.0.1').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
/** A unique email address for this run. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-42';

/** Signs up an account through the API and activates it with the mailed link; returns the session token. */
export async function createVerifiedOwner(request: APIRequestContext, email: string, company = 'Acme Logistics'): Promise<string> {
  const { baseUrl } = e2eEnv();
  const signUp = await request.post(`${baseUrl}/api-v2/auth/signup/`, { data: { companyName: company, name: 'Olive Owner', email, password: PASSWORD } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = await waitForLink(email, /http:\/\/127\.0\.0\.1:\d+\/activation\/[^/\s"<]+\//);
  const token = link.split('/activation/')[1]?.replace(/\/$/, '') ?? '';
  const verify = await request.post(`${baseUrl}/api-v2/auth/verify-email/`, { data: { token } });
  expect(verify.ok(), await verify.text()).toBe(true);
  return ((await verify.json()) as { token: string }).token;
}

/** Fills and submits the sign-in form. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Saves a screenshot at the three widths the issue asks for (360, 960, 1440 px). */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [360, 960, 1440]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
