import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a "Download check-in/out" task: pick the instance, export the movements, download the CSV', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cio-tasks');
  const token = await createVerifiedOwner(request, email);
  const made = await request.post(`${e2eEnv().baseUrl}/api-v2/specialized/create/`, { headers: { Authorization: `Bearer ${token}` }, data: { type: 'check-in-out', name: 'Front desk', databaseId: null, settings: {}, userIds: [] } });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto(`/signin?to=${encodeURIComponent('/account/tasks/importcheckinoutscans/create/')}`);
  await signInWithForm(page, email);
  await expect(page.getByRole('combobox', { name: 'Check in/out service' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a CSV or XLSX file' })).toBeVisible();
  await shots(page, 'task-import-checkinout');

  await page.goto('/account/tasks/downloadcheckinout/create/');
  await page.getByLabel('Task name').fill('Front desk movements');
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page.getByText('Choose a check in/out service')).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Check in/out service' });
  await picker.click();
  await page.getByRole('option', { name: 'Front desk' }).click();
  await expect(picker).toHaveText('Front desk');
  await page.getByRole('radio', { name: /The movements of a period/ }).check();
  await page.getByRole('combobox', { name: 'Runs' }).click();
  await page.getByRole('option', { name: 'Only when I run it' }).click();
  await shots(page, 'task-download-checkinout');

  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/progress\/\d+\/$/);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('front-desk-movements.csv');
  const csv = readFileSync(await download.path()).toString('utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toMatch(/^Scan ID,Value,Direction,Result,Response,Checklist,Reason,User,Device,Capture,Time \(.+\)$/);
});
