import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Attendance (issue 13): an administrator creates the service through its wizard (a pasted roster, a first session
 * today, a leader); a scan marks Ada; the leader signs in at /attendance/signin/ in a second browser context, sees
 * the register update live, marks Alan late by hand with a note, exports the register as CSV, and the test parses it.
 */

const APP_PASSWORD = 'lead-Class-2468';

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A CSV file (as the server writes it: BOM, CRLF, quotes) as rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test('an attendance service made with its wizard; a leader marks someone late by hand and exports the register', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await createVerifiedOwner(request, uniqueEmail('attendance'));
  const leader = `leader-${Date.now().toString(36)}`;
  const scanner = `door-${Date.now().toString(36)}`;
  await v2(request, adminToken, 'appusers/create', { username: leader, password: APP_PASSWORD });
  await v2(request, adminToken, 'appusers/create', { username: scanner, password: APP_PASSWORD });

  // The wizard.
  await page.goto(`/account/specialized-services/create/attendance/?websiteToken=${adminToken}`);
  await expect(page.getByRole('heading', { name: 'New attendance service' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Year 9 Maths');
  await page.getByLabel('People (one per line: code, name)').fill('S1001, Ada Lovelace\nS1002, Alan Turing\nS1003, Grace Hopper');
  await expect(page.getByText('3 people.', { exact: false })).toBeVisible();
  await page.getByLabel('Starts at').fill('00:00');
  await page.getByLabel('Ends at').fill('23:59');
  await page.getByLabel('Late after (minutes)').fill('600');
  await page.getByRole('checkbox', { name: `${leader} may lead` }).check();
  await page.getByRole('checkbox', { name: `${scanner} may scan` }).check();
  await page.getByRole('button', { name: 'Create attendance service' }).click();

  await expect(page).toHaveURL(/\/account\/specialized-services\/\d+\/attendance\/$/);
  await expect(page.getByRole('heading', { name: 'Year 9 Maths' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('00:00–23:59');
  const instanceId = Number(/specialized-services\/(\d+)\//.exec(page.url())?.[1]);
  await page.getByRole('tab', { name: 'Roster' }).click();
  await expect(page.getByText('3 people on the roster', { exact: false })).toBeVisible();

  // The leader signs in: /attendance/ sends them to the sign-in, which brings them back.
  const leaderContext = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  const portal = await leaderContext.newPage();
  await portal.goto('/attendance/');
  await expect(portal).toHaveURL(/\/attendance\/signin\/\?referenceState=AP\.sessions/);
  await portal.getByLabel('Username').fill(leader);
  await portal.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await portal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(portal).toHaveURL(/\/attendance\/$/);
  await portal.getByRole('link', { name: /Year 9 Maths · 00:00–23:59/ }).click();
  const register = portal.getByRole('table', { name: 'Register' });
  await expect(register).toContainText('Ada Lovelace');
  await expect(register.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('Not marked');

  // A scan at the door shows in the open register without a reload.
  const signIn = await v2<{ token: string }>(request, '', 'app/signin', { username: scanner, password: APP_PASSWORD, udid: `e2e-${Date.now()}`, deviceName: 'Door' });
  const scan = await v2<{ status: number; outcome: Record<string, string> }>(request, signIn.token, 'app/scan', { serviceId: instanceId, value: 'S1001', clientScanId: crypto.randomUUID() });
  // Present, or late when the test runs more than ten hours into the day (the late rule's limit is 600 minutes).
  const ada = scan.outcome.attendance_status ?? '';
  expect(['present', 'late']).toContain(ada);
  await expect(register.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText(ada === 'late' ? 'Late' : 'Present');

  // Alan is marked late by hand with a note.
  await portal.getByRole('button', { name: 'Mark Alan Turing' }).click();
  const dialog = portal.getByRole('dialog', { name: 'Mark Alan Turing' });
  await dialog.getByRole('radio', { name: 'Late' }).check();
  await dialog.getByLabel('Note (optional)').fill('Bus was late');
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toBeHidden();
  const alan = register.getByRole('row').filter({ hasText: 'Alan Turing' });
  await expect(alan).toContainText('Late');
  await expect(alan).toContainText('Bus was late');
  await expect(portal.getByText(ada === 'late' ? '0 present · 2 late · 0 excused · 0 absent · 1 not marked (of 3)' : '1 present · 1 late · 0 excused · 0 absent · 1 not marked (of 3)')).toBeVisible();

  // The register as CSV, parsed.
  const [download] = await Promise.all([portal.waitForEvent('download'), portal.getByRole('button', { name: 'Export the register as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^register-Year-9-Maths-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(rows[0]).toEqual(['Session', 'Date', 'Code', 'Name', 'Status', 'Marked at', 'Marked by', 'Note']);
  const alanRow = rows.find((r) => r[2] === 'S1002');
  expect(alanRow?.[3]).toBe('Alan Turing');
  expect(alanRow?.[4]).toBe('late');
  expect(alanRow?.[6]).toBe(leader);
  expect(alanRow?.[7]).toBe('Bus was late');
  expect(rows.find((r) => r[2] === 'S1001')?.[4]).toBe(ada);
  expect(rows.find((r) => r[2] === 'S1003')?.[4]).toBe('unmarked');

  // Closing: Grace, not marked, becomes absent.
  await portal.getByRole('button', { name: 'Close session' }).click();
  await portal.getByRole('dialog').getByRole('button', { name: 'Close session' }).click();
  await expect(register.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('Absent');
  await leaderContext.close();
});
