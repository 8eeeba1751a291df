import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The CSV-to-database example (/apidocs/examples/csv2db.html): a static page of plain JavaScript calling the legacy
 * XML API with an account API key. It is checked as a developer would use it, and what it loaded is read back
 * through the legacy API itself.
 */

const PAGE = '/apidocs/examples/csv2db.html';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** An owner with an API key and two databases; answers the key and the id of "Tickets". */
async function seed(request: APIRequestContext): Promise<{ apiKey: string; databaseId: number }> {
  const owner = await createVerifiedOwner(request, uniqueEmail('csv2db'));
  const { secret } = await v2<{ secret: string }>(request, owner, 'apikeys/create', { name: 'CSV example' });
  await v2(request, owner, 'databases/create', { name: 'Staff badges' });
  const tickets = await v2<{ id: number }>(request, owner, 'databases/create', { name: 'Tickets' });
  return { apiKey: secret, databaseId: tickets.id };
}

type Stored = { value: string; response: string; validity: number };

/** Every value of a database, read with the legacy API's databases/showvalues. */
async function showValues(request: APIRequestContext, apiKey: string, databaseId: number): Promise<{ count: number; values: Stored[] }> {
  const response = await request.post(`${e2eEnv().baseUrl}/api/`, {
    form: { section: 'databases', action: 'showvalues', api_key: apiKey, database_id: String(databaseId), limit: '1000' },
  });
  const xml = await response.text();
  expect(xml, xml).toContain('<status>1</status>');
  const values = [...xml.matchAll(/<value validity="(\d)"><id>([\s\S]*?)<\/id><response>([\s\S]*?)<\/response><\/value>/g)].map((m) => ({
    value: m[2]!,
    response: m[3]!,
    validity: Number(m[1]),
  }));
  return { count: Number(/<count>(\d+)<\/count>/.exec(xml)?.[1]), values };
}

/**
 * 250 data rows under a header: T-0001 … T-0250, every 7th invalid, T-0010's response spans two lines (so records and
 * lines differ after it), row 120 has no value and row 200 repeats T-0050. Answers the file and what should be stored.
 */
function ticketsCsv(): { csv: string; expected: Map<string, Stored>; emptyLine: number; duplicateLine: number; firstLine: number } {
  const lines = ['Barcode,Guest,Valid'];
  const expected = new Map<string, Stored>();
  let emptyLine = 0;
  let duplicateLine = 0;
  let firstLine = 0;
  for (let n = 1; n <= 250; n += 1) {
    const line = lines.join('\n').split('\n').length + 1;
    if (n === 120) {
      emptyLine = line;
      lines.push(',Nobody,1');
      continue;
    }
    if (n === 200) {
      duplicateLine = line;
      lines.push('T-0050,Second guest,1');
      continue;
    }
    const value = `T-${String(n).padStart(4, '0')}`;
    const response = n === 10 ? 'Guest 10\nVIP: row 2' : `Guest ${n}`;
    const validity = n % 7 === 0 ? 0 : 1;
    if (n === 50) firstLine = line;
    lines.push(`${value},${n === 10 ? `"${response}"` : response},${validity}`);
    expected.set(value, { value, response, validity });
  }
  return { csv: `${lines.join('\n')}\n`, expected, emptyLine, duplicateLine, firstLine };
}

/** Full-page screenshots at a phone (390 px) and a desktop (1280 px) width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a CSV of 250 rows goes into a database in chunks, with the bad and the repeated row named by line', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { apiKey, databaseId } = await seed(request);
  const file = ticketsCsv();

  await page.goto(PAGE);
  await expect(page).toHaveTitle('Example: CSV to database · Scanbase');
  await expect(page.getByLabel('API address')).toHaveValue(`${e2eEnv().baseUrl}/api/`);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('API key', { exact: true }).press('Enter');
  await expect(page.getByText('2 databases loaded.')).toBeVisible();
  await page.getByLabel('Database', { exact: true }).selectOption({ label: `Tickets (id ${databaseId}, 0 values)` });

  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'tickets.csv', mimeType: 'text/csv', buffer: Buffer.from(file.csv) });
  await expect(page.getByRole('checkbox', { name: /first row holds column names/ })).toBeChecked();
  const preview = page.getByRole('table', { name: /First rows of tickets\.csv: 250 rows to send/ });
  await expect(preview.getByRole('row')).toHaveCount(6);
  await expect(preview.getByRole('cell', { name: 'T-0001' })).toBeVisible();
  await expect(page.getByLabel('Value column (required)')).toHaveValue('0');
  await expect(page.getByLabel('Value column (required)').locator('option:checked')).toHaveText('Column A · Barcode');
  await expect(page.getByLabel('Response column').locator('option:checked')).toHaveText('Column B · Guest');
  await expect(page.getByLabel('Validity column').locator('option:checked')).toHaveText('Column C · Valid');
  await shots(page, 'csv2db-ready');

  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Done: every row was handled.')).toBeVisible();
  await expect(page.getByLabel('Rows handled')).toHaveAttribute('value', '250');
  await expect(page.getByText('250 of 250 rows')).toBeVisible();
  await expect(page.locator('#count-added')).toHaveText('248');
  await expect(page.locator('#count-updated')).toHaveText('0');
  await expect(page.locator('#count-failed')).toHaveText('2');

  const errors = page.getByRole('table', { name: /2 rows were not loaded/ });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').filter({ hasText: 'The value is empty.' }).getByRole('cell').first()).toHaveText(String(file.emptyLine));
  await expect(errors.getByRole('row').filter({ hasText: `The same value as line ${file.firstLine}` }).getByRole('cell').first()).toHaveText(String(file.duplicateLine));
  // The two-line response on row 10 moves every later line by one: row 120 sits on line 122.
  expect(file.emptyLine).toBe(122);
  await shots(page, 'csv2db-done');

  // Exactly the good rows, with their responses and validity, read back through the legacy API.
  const stored = await showValues(request, apiKey, databaseId);
  expect(stored.count).toBe(248);
  expect(new Map(stored.values.map((v) => [v.value, v]))).toEqual(file.expected);

  // The same file again: nothing new, every good row updated.
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.locator('#count-updated')).toHaveText('248');
  await expect(page.getByText('Done: every row was handled.')).toBeVisible();
  await expect(page.locator('#count-added')).toHaveText('0');
  expect((await showValues(request, apiKey, databaseId)).count).toBe(248);
});

test('a wrong API key shows the API error 100; a new database is created; in-app links open the static page', async ({ page, request }) => {
  const { apiKey } = await seed(request);

  // Reached inside the app (router navigation, no reload): the app's page loads the static file.
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, PAGE);
  await expect(page.getByRole('heading', { name: 'Example: load a CSV file into a database' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAGE.replace(/\./g, '\\.')}$`));

  await page.getByLabel('API key', { exact: true }).fill('not-a-real-key');
  await page.getByRole('button', { name: 'Load databases' }).click();
  await expect(page.getByRole('alert')).toHaveText('The API answered error 100: API key is invalid.');
  await expect(page.getByLabel('API key', { exact: true })).toBeFocused();

  // The same key on upload stops before anything is sent.
  await page.getByRole('radio', { name: 'A database by its id' }).check();
  await page.getByLabel('Database id').fill('1');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from('A-1;First\nA-2;Second\n') });
  await expect(page.getByRole('table', { name: /2 rows to send, separated by semicolon/ })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText('The API answered error 100: API key is invalid.');
  await expect(page.getByText('The upload stopped.')).toBeVisible();

  // With the right key, into a new database.
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('Name of the new database').fill('Gate codes');
  await expect(page.getByRole('radio', { name: 'Create a new database' })).toBeChecked();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Done: every row was handled.')).toBeVisible();
  await expect(page.locator('#problem')).toBeEmpty();
  await expect(page.locator('#count-added')).toHaveText('2');
  await page.getByRole('button', { name: 'Load databases' }).click();
  await expect(page.getByLabel('Database', { exact: true }).locator('option', { hasText: /^Gate codes \(id \d+, 2 values\)$/ })).toHaveCount(1);
});

test('a value the API refuses inside a chunk is found by splitting the chunk, and named by its line', async ({ page, request }) => {
  const { apiKey, databaseId } = await seed(request);
  // The page's own checks catch what this server refuses, so the refusal is played by the network: any call that
  // carries R-017 answers the API's error 1028, as a server with a stricter rule would.
  const calls: number[] = [];
  await page.route('**/api/', async (route) => {
    const body = new URLSearchParams(route.request().postData() ?? '');
    if (body.get('action') !== 'upsertmultivalue') return route.continue();
    calls.push([...body.keys()].filter((k) => k.endsWith('[value]')).length);
    if ([...body.values()].includes('R-017')) {
      return route.fulfill({ contentType: 'text/xml', body: '<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>0</status><error code="1028">Values may not hold a 7 here.</error></xml>' });
    }
    return route.continue();
  });
  const csv = Array.from({ length: 40 }, (_, i) => `R-${String(i + 1).padStart(3, '0')},Row ${i + 1}`).join('\r\n');

  await page.goto(PAGE);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('radio', { name: 'A database by its id' }).check();
  await page.getByLabel('Database id').fill(String(databaseId));
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('checkbox', { name: /first row holds column names/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Done: every row was handled.')).toBeVisible();
  await expect(page.locator('#count-added')).toHaveText('39');
  await expect(page.locator('#count-failed')).toHaveText('1');
  const row = page.getByRole('table', { name: /1 row was not loaded/ }).getByRole('row').nth(1);
  await expect(row).toHaveText(['17', 'R-017', 'Refused by the API (error 1028): Values may not hold a 7 here.'].join(''));
  // The chunk of 40 is refused, then halved until R-017 is alone; each half without it is saved in one call.
  expect(calls).toEqual([40, 20, 10, 10, 5, 5, 3, 2, 1, 1, 1, 2, 20]);
  const stored = await showValues(request, apiKey, databaseId);
  expect(stored.count).toBe(39);
  expect(stored.values.some((v) => v.value === 'R-017')).toBe(false);
});

test('Stop ends the upload after the call in progress; the counts match what was saved', async ({ page, request }) => {
  const { apiKey, databaseId } = await seed(request);
  // The second upsert call is held until Stop has been pressed, so the moment of the press is certain.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let upserts = 0;
  await page.route('**/api/', async (route) => {
    if (new URLSearchParams(route.request().postData() ?? '').get('action') === 'upsertmultivalue') {
      upserts += 1;
      if (upserts === 2) await held;
    }
    return route.continue();
  });
  const csv = Array.from({ length: 300 }, (_, i) => `S-${i + 1}`).join('\n');

  await page.goto(PAGE);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('Database id').fill(String(databaseId));
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'stop.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).press('Enter');
  await expect(page.getByText('100 of 300 rows')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Stopping after the call in progress…')).toBeVisible();
  release();
  await expect(page.getByText(/^Stopped\. The rows sent before you pressed Stop are saved/)).toBeVisible();
  await expect(page.getByText('200 of 300 rows')).toBeVisible();
  await expect(page.locator('#count-added')).toHaveText('200');
  await expect(page.getByRole('button', { name: 'Upload' })).toBeEnabled();
  expect(upserts).toBe(2);
  expect((await showValues(request, apiKey, databaseId)).count).toBe(200);
});
