import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { createVerifiedOwner, expect, screenshots, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/** The first bytes of a download. */
async function head(download: Download, length = 5): Promise<string> {
  const path = await download.path();
  return readFileSync(path).subarray(0, length).toString('latin1');
}

async function signIn(page: Page, email: string, to: string): Promise<void> {
  await page.goto(`/signin?to=${encodeURIComponent(to)}`);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, '\\$&')}$`));
}

test('a generatebarcode task: create with run now, watch it progress live, download the PDF, see the run', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('tasks');
  await createVerifiedOwner(request, email);
  await signIn(page, email, '/account/tasks/scheduled/');
  await expect(page).toHaveTitle('Tasks: Scheduled · Scanbase');
  await expect(page.getByText('No scheduled tasks')).toBeVisible();

  // Pick the type: available types link to their form, the others are greyed with the reason.
  await page.getByRole('link', { name: 'New task' }).first().click();
  await expect(page).toHaveURL(/\/account\/tasks\/new\/$/);
  await expect(page.getByText('Download a database')).toBeVisible();
  await page.getByRole('link', { name: /Generate barcodes/ }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/generatebarcode\/create\/$/);

  // The form checks itself with the contract's schemas before sending anything.
  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page.getByText('Give the task a name')).toBeVisible();
  await expect(page.getByText('Enter at least one value, one per line')).toBeVisible();

  await page.getByLabel('Task name').fill('Nightly badges');
  await page.getByRole('radio', { name: 'A number range' }).check();
  await page.getByLabel('Prefix').fill('BADGE-');
  await page.getByLabel('From').fill('1');
  await page.getByLabel('To', { exact: true }).fill('3000');
  await page.getByLabel('Digits').fill('5');
  await expect(page.getByText('3,000 labels')).toBeVisible();
  // Daily at 06:00 with "run now" is the default for a new task.
  await expect(page.getByRole('combobox', { name: 'Runs' })).toHaveText('Every day');
  await expect(page.getByLabel('At', { exact: true })).toHaveValue('06:00');
  await expect(page.getByRole('checkbox', { name: /Also run it now/ })).toBeChecked();
  await page.getByLabel('Email when it succeeds').fill('ops@example.com');
  await screenshots(page, 'task-create');

  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/progress\/\d+\/$/);
  const bar = page.getByRole('progressbar', { name: 'Progress' });
  await expect(bar).toBeVisible();

  // Follow the bar until the run ends; it is fed by the websocket and the 2 s poll.
  const seen = new Set<number>();
  await expect(async () => {
    const now = await bar.getAttribute('aria-valuenow');
    if (now !== null) seen.add(Number(now));
    await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  expect([...seen].some((value) => value > 0 && value < 100), `bar values seen: ${[...seen].join(', ')}`).toBe(true);
  await expect(page.getByText('Label sheet ready (avery-l7160).')).toBeVisible();
  await expect(page.getByLabel('Run log')).toContainText('Wrote labels-avery-l7160.pdf');
  await screenshots(page, 'task-progress');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('labels-avery-l7160.pdf');
  expect(await head(download)).toBe('%PDF-');

  // The run is in the list of runs, and the task in the list of tasks with its schedule.
  await page.getByRole('link', { name: 'All runs' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/instance\/$/);
  const runs = page.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('row', { name: /Nightly badges/ })).toContainText('Succeeded');
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/scheduled\/$/);
  const row = page.getByRole('table', { name: 'Tasks' }).getByRole('row', { name: /Nightly badges/ });
  await expect(row).toContainText('Every day at 06:00');
  await expect(row).toContainText('Succeeded');
  await screenshots(page, 'tasks-list');

  // The task log filters by state through the address.
  await page.goto('/account/tasks/tasklog/?state=failed');
  await expect(page.getByText('No runs match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/tasklog\/$/);
  await expect(page.getByRole('table', { name: 'Runs' }).getByRole('row', { name: /Nightly badges/ })).toBeVisible();

  // Delete asks first.
  await page.goto('/account/tasks/scheduled/');
  await page.getByRole('button', { name: 'Delete Nightly badges' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this task?' });
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row', { name: /Nightly badges/ })).toBeVisible();
});

test('the label-sheet screen previews the first label and downloads the PDF', async ({ page, request }) => {
  const email = uniqueEmail('labels');
  await createVerifiedOwner(request, email);
  await signIn(page, email, '/account/barcodes/labels/');
  await expect(page).toHaveTitle('Barcode labels · Scanbase');
  await expect(page.getByText('Enter a value or a range to see the label.')).toBeVisible();

  await page.getByLabel('Values, one per line').fill('TICKET-0001\nTICKET-0002\nTICKET-0003');
  const preview = page.getByRole('img', { name: 'Barcode preview of TICKET-0001' });
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(page.getByText('3 labels')).toBeVisible();
  await screenshots(page, 'label-sheet');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('labels-avery-l7160.pdf');
  expect(await head(download)).toBe('%PDF-');

  // "Schedule as a task" carries the inputs over to the task form.
  await page.getByRole('button', { name: 'Schedule as a task' }).click();
  await expect(page).toHaveURL(/\/account\/tasks\/generatebarcode\/create\/\?prefill=labels$/);
  await expect(page.getByLabel('Values, one per line')).toHaveValue('TICKET-0001\nTICKET-0002\nTICKET-0003');
});
