import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { e2eEnv, repoRoot } from '../support/env.js';
import { createVerifiedOwner, expect, screenshots, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

function maintenance(state: 'on' | 'off'): void {
  const { port, dataDir, smtpUrl } = e2eEnv();
  execFileSync(process.execPath, ['apps/server/dist/cli.js', 'maintenance', state], { cwd: repoRoot, env: { ...process.env, ...serverEnv(port, dataDir, smtpUrl) }, stdio: 'pipe' });
}

test('maintenance mode sends signed-in people to /maintenance/', async ({ page, request }) => {
  const email = uniqueEmail('maint');
  const token = await createVerifiedOwner(request, email);
  await page.goto(`/account/services/?websiteToken=${token}`);
  await expect(page).toHaveURL(/\/account\/services\/$/);
  maintenance('on');
  try {
    // The CLI's switch reaches every process within 2 s; keep reloading until it has.
    await expect(async () => {
      await page.goto('/account/questions/');
      await expect(page).toHaveURL(/\/maintenance\/$/, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Scanbase is down for maintenance' })).toBeVisible();
    await screenshots(page, 'maintenance');
  } finally {
    maintenance('off');
  }
  await expect(async () => {
    await page.goto('/account/questions/');
    await expect(page).toHaveURL(/\/account\/questions\/$/, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
});

test('hitting the per-minute limit signs out and shows /limitreached/', async ({ page }) => {
  const { runDir, smtpUrl } = e2eEnv();
  // A second server with a sign-in limit of 2 per minute, so the shared server's limits stay untouched.
  const port = await freePort();
  const limited = await startScanbase(serverEnv(port, join(runDir, 'limited-data'), smtpUrl, { SIGNIN_LIMIT_PER_IP_PER_MINUTE: '2' }));
  try {
    await page.goto(`${limited.url}/signin`);
    // Limits count per clock minute: a minute boundary can fall between attempts, so with a limit of
    // 2 at most 4 attempts can pass and the 5th is always refused.
    // Wait for each attempt's answer rather than for the alert: the previous attempt's alert is still on
    // screen while the next one is in flight, and a refused attempt navigates away a moment later.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = page.waitForResponse((response) => response.url().includes('/auth/signin') && response.request().method() === 'POST');
      await signInWithForm(page, 'nobody@example.com', 'not-the-password');
      if ((await answer).status() === 429) break;
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await expect(page).toHaveURL(/\/limitreached\/$/);
    await expect(page.getByRole('heading', { name: 'Too many requests' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshots(page, 'limitreached');
  } finally {
    await limited.stop();
  }
});
