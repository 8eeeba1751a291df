import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

async function signIn(page: Page, email: string, to: string): Promise<void> {
  await page.goto(`/signin?to=${encodeURIComponent(to)}`);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, '\\$&')}(\\?.*)?$`));
}

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A V2 call with the owner's session token. */
async function v2(request: APIRequestContext, token: string, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** An MUI select by its label (its accessible name goes on with the value shown). */
function combobox(page: Page, label: string) {
  return page.getByRole('combobox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** Picks an option of an MUI select by the select's label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await combobox(page, label).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

const CSV = ['Ticket,Guest,Valid', 'T-001,Ann,1', 'T-002,Bob,1', 'T-003,Cy,0', ''].join('\n');

/** A database with three values from a CSV file, through the database screens. */
async function createDatabase(page: Page, name: string): Promise<void> {
  await page.goto('/account/databases/new/');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create database' }).click();
  await expect(page).toHaveURL(/\/account\/databases\/\d+\/manage\/$/);
  await page.getByLabel('File to import').setInputFiles({ name: 'tickets.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('3 values', { exact: true })).toBeVisible();
}

/** An app user with a password, through the user screens. */
async function createAppUser(page: Page, username: string): Promise<void> {
  await page.goto('/account/users/new/');
  await page.getByLabel('Username or email address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('scan-1234');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/account\/users\/\d+\/$/);
}

/** A question through the question screens; answers one per line for choices. */
async function createQuestion(page: Page, text: string, kind: string, answers?: string): Promise<void> {
  await page.goto('/account/questions/new/');
  await page.getByLabel('Question', { exact: true }).fill(text);
  if (kind !== 'Short text') await choose(page, 'Kind of answer', kind);
  if (answers) await page.getByLabel('Answers, one per line').fill(answers);
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/account\/questions\/\d+\/$/);
  await expect(page.getByRole('heading', { name: text })).toBeVisible();
}

test('a "validate against a database" service: create it with two questions and one user, then change it on every tab', async ({ page, request }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('services');
  const token = await createVerifiedOwner(request, email);
  await signIn(page, email, '/account/services/');
  await expect(page).toHaveTitle('Services · Scanbase');

  // A new account is told what to do first.
  await expect(page.getByRole('heading', { name: 'Set up your first scanning service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a database' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try the demo' })).toBeVisible();
  await shots(page, 'services-empty');

  // Questions: a choice with answers (checked before sending), and a free note.
  await page.goto('/account/questions/new/');
  await choose(page, 'Kind of answer', 'Single choice');
  await expect(page.getByText('Pick one answer from a list.')).toBeVisible();
  await page.getByLabel('Answers, one per line').fill('North gate');
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByText('Enter the question')).toBeVisible();
  await expect(page.getByText('Enter at least two answers, one per line')).toBeVisible();
  await page.getByLabel('Question', { exact: true }).fill('Which entrance?');
  await page.getByLabel('Answers, one per line').fill('North gate\nSouth gate');
  await shots(page, 'question-new');
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page).toHaveURL(/\/account\/questions\/\d+\/$/);
  const answers = page.getByRole('list', { name: 'Answers' });
  await expect(answers).toContainText('North gate');
  // Two answers are the minimum: deleting waits for a third one.
  await expect(page.getByRole('button', { name: 'Delete answer “North gate”' })).toBeDisabled();
  await page.getByLabel('New answer').fill('east gate');
  await page.getByRole('button', { name: 'Add answer' }).click();
  await expect(answers).toContainText('east gate');
  await page.getByLabel('New answer').fill('East Gate');
  await page.getByRole('button', { name: 'Add answer' }).click();
  await expect(page.getByText('“East Gate” is already an answer')).toBeVisible();
  await page.getByRole('button', { name: 'Delete answer “east gate”' }).click();
  await expect(answers).not.toContainText('east gate');
  await shots(page, 'question-edit');
  await createQuestion(page, 'Notes', 'Short text');

  // The list filters by type, in the address.
  await page.goto('/account/questions/');
  await expect(page.getByRole('table', { name: 'Questions' }).getByRole('row')).toHaveCount(3);
  await choose(page, 'Type', 'Single choice');
  await expect(page).toHaveURL(/searchType=option/);
  await expect(page.getByRole('table', { name: 'Questions' }).getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Questions' })).toContainText('Which entrance?');
  await expect(page.getByRole('table', { name: 'Questions' })).not.toContainText('Notes');
  await shots(page, 'questions-list');

  // The database (with a CSV import) and the person who scans.
  await createDatabase(page, 'Festival tickets');
  const username = `gate-${Date.now().toString(36)}`;
  await createAppUser(page, username);

  // New service: the type picker explains each type; the form says what the type needs.
  await page.goto('/account/services/');
  await page.getByRole('link', { name: 'New service' }).click();
  await expect(page).toHaveURL(/\/account\/services\/pre-create\/$/);
  await expect(page.getByText('Each scan is checked online against a list of values')).toBeVisible();
  await shots(page, 'services-pre-create');
  await page.getByRole('link', { name: /^Validate against a database/ }).click();
  await expect(page).toHaveURL(/\/account\/services\/new\/database$/);
  await page.getByRole('button', { name: 'Create and continue' }).click();
  await expect(page.getByText('Pick the database that holds the valid values')).toBeVisible();
  await page.getByLabel('Service name').fill('Gate A');
  await choose(page, 'Database', /Festival tickets \(3 values\)/);
  await expect(page.getByRole('radio', { name: /Mark it as a duplicate/ })).toBeChecked();
  await shots(page, 'service-new');
  await page.getByRole('button', { name: 'Create and continue' }).click();

  // Users: tick the app user.
  await expect(page).toHaveURL(/\/account\/services\/\d+\/users\/$/);
  const serviceId = Number(/services\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: 'Gate A' })).toBeVisible();
  await expect(page.getByText('Nobody can use this service yet.')).toBeVisible();
  await page.getByRole('checkbox', { name: username }).check();
  await expect(page.getByText('1 person can use this service.')).toBeVisible();
  await shots(page, 'service-users');
  await page.getByRole('button', { name: 'Save and continue to Questions' }).click();

  // Questions: add both, ask the note only for invalid scans and make it optional, put it first.
  await expect(page).toHaveURL(new RegExp(`/account/services/${serviceId}/questions/$`));
  await choose(page, 'Add a question', /Which entrance\?/);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await choose(page, 'Add a question', /Notes/);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Every question is already added.')).toBeVisible();
  const asked = page.getByRole('list', { name: /Questions of this service/ });
  const notes = asked.getByRole('listitem').filter({ hasText: 'Notes' });
  await choose(page, 'When to ask “Notes”', 'Only when the scan is invalid');
  await notes.getByRole('checkbox', { name: 'An answer is required' }).uncheck();
  await page.getByRole('button', { name: 'Move “Notes” up' }).click();
  await expect(asked.getByRole('listitem').first()).toContainText('1. Notes');
  await shots(page, 'service-questions');
  await page.getByRole('button', { name: 'Save and continue to Advanced' }).click();

  // Advanced: checked before sending, then saved.
  await expect(page).toHaveURL(new RegExp(`/account/services/${serviceId}/advanced/$`));
  await page.getByRole('switch', { name: /Always/ }).check();
  await page.getByLabel('From', { exact: true }).fill('2031-06-01');
  await page.getByLabel('Until').fill('2031-05-01');
  await page.getByLabel('Find (regular expression)').first().fill('^(0+');
  await page.getByLabel('Configuration (JSON)').fill('{beep: yes}');
  await page.getByRole('radio', { name: /Only the types I tick/ }).check();
  await page.getByRole('button', { name: 'Save and continue to Summary' }).click();
  await expect(page.getByText('The end is before the start')).toBeVisible();
  await expect(page.getByText('This is not a valid regular expression')).toBeVisible();
  await expect(page.getByText('This is not valid JSON; check quotes, commas and brackets')).toBeVisible();
  await expect(page.getByText('Tick at least one barcode type, or go back to the usual set')).toBeVisible();
  await expect(page.getByText('Not saved yet: fix the marked fields.')).toBeVisible();
  // A period that has already ended passes the form's checks; the server's refusal lands on the end date.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('Until').fill('2020-01-02');
  await page.getByLabel('Find (regular expression)').first().fill('^0+');
  await page.getByLabel('Configuration (JSON)').fill('{"beep": true}');
  await page.getByRole('radio', { name: /The usual set/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The stop date must be in the future.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2031-06-01');
  await page.getByLabel('Until').fill('2031-06-03');
  await page.getByRole('radio', { name: /Only the types I tick/ }).check();
  await page.getByLabel('Configuration (JSON)').fill('{"beep": true}');
  await page.getByRole('checkbox', { name: 'QR Code' }).check();
  await page.getByRole('checkbox', { name: 'Code 128', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Save the phone’s location with each scan' }).check();
  await shots(page, 'service-advanced');
  await page.getByRole('button', { name: 'Save and continue to Summary' }).click();

  // Summary: what was set, and what to do next.
  await expect(page).toHaveURL(new RegExp(`/account/services/${serviceId}/done/$`));
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Validate against a database');
  await expect(summary).toContainText('Festival tickets (3 values); a repeat scan is a duplicate (invalid)');
  await expect(summary).toContainText(username);
  await expect(summary).toContainText('Notes (Short text): only when the scan is invalid, optional');
  await expect(summary).toContainText('Which entrance? (Single choice): after each scan, before it is saved, required');
  await expect(summary).toContainText('Code 128, QR Code');
  await expect(summary).toContainText('2031');
  await expect(summary).toContainText('Saves the location with each scan');
  await expect(page.getByRole('link', { name: /Start scanning/ })).toHaveAttribute('href', '/scanner');
  await expect(page.getByRole('link', { name: /Watch the scans/ })).toHaveAttribute('href', `/account/scans/search/full/?service_ids=${serviceId}`);
  await shots(page, 'service-done');

  // Type tab: the server's refusal of a taken name shows on the name field; then a rename saves.
  await v2(request, token, 'services/create', { variables: { validation_method: 'record', service_name: 'Back door' } });
  await page.getByRole('tab', { name: 'Type' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/services/${serviceId}/type/$`));
  await expect(combobox(page, 'Database')).toHaveText(/Festival tickets/);
  await page.getByLabel('Service name').fill('back door');
  await page.getByRole('radio', { name: /Accept it again/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A service named "back door" already exists.')).toBeVisible();
  await page.getByLabel('Service name').fill('Gate A north');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gate A north' })).toBeVisible();
  await shots(page, 'service-type');

  // Every tab shows what was saved after a reload.
  await page.reload();
  await expect(page.getByRole('radio', { name: /Accept it again/ })).toBeChecked();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('checkbox', { name: username })).toBeChecked();
  await page.getByRole('tab', { name: 'Questions' }).click();
  await expect(asked.getByRole('listitem').first()).toContainText('1. Notes');
  await expect(combobox(page, 'When to ask “Notes”')).toHaveText('Only when the scan is invalid');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2031-06-01');
  await expect(page.getByRole('checkbox', { name: 'QR Code' })).toBeChecked();
  await expect(page.getByLabel('Configuration (JSON)')).toHaveValue('{"beep": true}');
  // Back to the usual barcode types.
  await page.getByRole('radio', { name: /The usual set/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('The usual set');

  // The list keeps search, type filter, sort and page in the address.
  await page.goto('/account/services/?search=gate&servicetype=database&sortby=name&sortdirection=desc');
  const table = page.getByRole('table', { name: 'Services' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Gate A north');
  await expect(table).toContainText('Database: Festival tickets');
  await expect(page.getByLabel('Search by name')).toHaveValue('gate');
  await page.goto('/account/services/');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/sortby=name&sortdirection=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText('Back door');
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/sortdirection=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText('Gate A north');
  await choose(page, 'Type', 'Record scans');
  await expect(page).toHaveURL(/servicetype=record/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(combobox(page, 'Type')).toHaveText('Record scans');
  await expect(table).toContainText('Back door');
  await shots(page, 'services-list');

  // Delete asks first and says the scans stay.
  await page.getByRole('button', { name: 'Delete Back door' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this service?' });
  await expect(dialog).toContainText('Its scans are kept');
  await dialog.getByRole('button', { name: 'Delete service' }).click();
  await expect(page.getByText('No services match')).toBeVisible();

  // A question a service asks cannot be deleted; the dialog names the service.
  await page.goto('/account/questions/');
  await page.getByRole('button', { name: 'Delete “Notes”' }).click();
  await expect(page.getByRole('dialog', { name: 'Still in use' })).toContainText('Gate A north');
});

test('the demo: one click from an empty account to a service to scan with', async ({ page, request }) => {
  const email = uniqueEmail('demo');
  await createVerifiedOwner(request, email);
  await signIn(page, email, '/account/services/');
  await page.getByRole('link', { name: 'Try the demo' }).click();
  await expect(page).toHaveURL(/\/account\/services\/create-demo\/$/);
  await expect(page.getByText('DEMO-0001 to DEMO-0025')).toBeVisible();
  await shots(page, 'service-demo');
  await page.getByRole('button', { name: 'Create the demo' }).click();
  await expect(page).toHaveURL(/\/account\/services\/\d+\/done\/$/);
  await expect(page.getByRole('heading', { name: 'Demo tickets check-in' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Demo tickets (25 values)');
  await expect(summary).toContainText('Which entrance? (Single choice)');
  await expect(page.getByRole('link', { name: /Let people use it/ })).toBeVisible();
});
