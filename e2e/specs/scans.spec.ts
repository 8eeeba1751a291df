import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, screenshots, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The scans screens against the real server (issue 7): filter by service and dates (kept in the address),
 * the five views, editing a scan with its history, an export template, and an Excel export through a
 * background job whose file is parsed here.
 */

const APP_PASSWORD = 'scan-Gate-2468';
// A 96×64 PNG in four colours: the photo answer.
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAMAAADS6oI8AAAADFBMVEXTLy8ZdtIufTLtbAIDQ/vxAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAATklEQVR4nO3QsQnAQBDAsEt+/51/BHNFIIW0gMHzLL1LI1AsShYli5JFyaJkUbIoWZQs+sGiszRbAsmiZFGyKFmULEoWJYuSRcmi9PWiC9HbJAFoD0F0AAAAAElFTkSuQmCC';
// A grey 1×1 PNG served for every map tile (tiles come from MAP_TILE_URL, on loopback in tests).
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMEAYFL09IQAAAAAElFTkSuQmCC', 'base64');

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Setup = { email: string; mainGate: number };

/** An account with two services (one asks a seat and a photo), an app user, and five scans in October and November 2026. */
async function scansAccount(request: APIRequestContext): Promise<Setup> {
  const email = uniqueEmail('scans');
  const admin = await createVerifiedOwner(request, email);
  const seat = await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Seat', type: 'manual' });
  const photo = await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Ticket photo', type: 'dropboximage' });
  const mainGate = (await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'record', service_name: 'Main gate' } })).id;
  const backDoor = (await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'record', service_name: 'Back door' } })).id;
  await v2(request, admin, 'services/set-questions', { id: mainGate, questions: [{ id: seat.id, condition: 'shared_submit', required: false }, { id: photo.id, condition: 'shared_submit', required: false }] });
  const username = `gate-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [mainGate, backDoor] });
  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Gate phone' } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const app = ((await signIn.json()) as { token: string }).token;
  const scan = (serviceId: number, value: string, scannedAt: string, extra: { seat?: string; photo?: boolean; gps?: string } = {}) => {
    const answers = [];
    if (extra.seat) answers.push({ questionId: seat.id, values: [extra.seat] });
    if (extra.photo) answers.push({ questionId: photo.id, image: PHOTO });
    return v2(request, app, 'app/scan', { serviceId, value, clientScanId: randomUUID(), scannedAt, answers, properties: extra.gps ? { gps_location: extra.gps } : {} });
  };
  await scan(mainGate, 'TICKET-0900', '2026-10-01T09:00:00.000Z', { seat: 'Z9', gps: '48.853000,2.349000' });
  await scan(mainGate, 'TICKET-1001', '2026-11-02T09:00:00.000Z', { seat: 'A1', photo: true, gps: '48.858370,2.294481' });
  await scan(mainGate, 'TICKET-1002', '2026-11-03T10:30:00.000Z', { seat: 'B7', gps: '48.860611,2.337644' });
  await scan(mainGate, 'TICKET-1003', '2026-11-04T16:45:00.000Z', { seat: 'C3' });
  await scan(backDoor, 'DOOR-0001', '2026-11-02T12:00:00.000Z');
  return { email, mainGate };
}

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Scan views' }).getByRole('tab', { name }).click();
}

test('scans: filter by service and dates, five views, edit with history, a template, an Excel export', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const setup = await scansAccount(request);
  await page.route('**/test-tiles/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));

  await page.goto('/account/scans/search/full/');
  await signInWithForm(page, setup.email);
  await expect(page).toHaveURL(/\/account\/scans\/search\/full\/$/);
  const table = page.getByRole('table', { name: 'Scans' });
  await expect(table.getByText('DOOR-0001')).toBeVisible();
  await expect(table.getByText('TICKET-0900')).toBeVisible();

  // Filter by service, then by a custom date range: both land in the address.
  const filters = page.getByRole('search', { name: 'Filter scans' });
  await filters.getByRole('combobox', { name: 'Services' }).click();
  await page.getByRole('option', { name: 'Main gate' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`service_ids=${setup.mainGate}`));
  await expect(table.getByText('DOOR-0001')).toHaveCount(0);
  await filters.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom dates' }).click();
  await filters.getByLabel('From', { exact: true }).fill('2026-11-01');
  await filters.getByLabel('To', { exact: true }).fill('2026-11-30');
  await expect(page).toHaveURL(/start_date=2026-11-01/);
  await expect(page).toHaveURL(/end_date=2026-11-30/);
  await expect(table.getByText('TICKET-0900')).toHaveCount(0);
  for (const value of ['TICKET-1001', 'TICKET-1002', 'TICKET-1003']) await expect(table.getByText(value)).toBeVisible();
  await expect(page.getByText('1–3 of 3').first()).toBeVisible();
  const filteredUrl = page.url();

  // A reload keeps every filter.
  await page.reload();
  await expect(table.getByText('TICKET-1003')).toBeVisible();
  await expect(table.getByText('TICKET-0900')).toHaveCount(0);
  await screenshots(page, 'scans-full');

  // The four other views keep the filters.
  await openView(page, 'List');
  await expect(page).toHaveURL(/\/search\/list\/.*service_ids=/);
  await expect(page.getByText('TICKET-1002')).toBeVisible();
  await expect(page.getByText('TICKET-0900')).toHaveCount(0);
  await screenshots(page, 'scans-list');

  await openView(page, 'Map');
  await expect(page).toHaveURL(/\/search\/map\/.*start_date=2026-11-01/);
  await expect(page.getByText(/2 of 3 scans have a location/i)).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon, .leaflet-interactive').first()).toBeVisible();
  await screenshots(page, 'scans-map');

  await openView(page, 'Photos');
  const photos = page.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('img')).toHaveCount(1);
  await expect(photos.getByRole('img').first()).toHaveJSProperty('complete', true);
  await screenshots(page, 'scans-photo');

  await openView(page, 'Statistics');
  await expect(page).toHaveURL(/\/search\/statistics\//);
  await expect(page.locator('svg.MuiChartsSurface-root, .MuiChartsSurface-root').first()).toBeVisible();
  await screenshots(page, 'scans-statistics');

  // Edit a scan: the value changes and the history says so.
  await page.goto(filteredUrl);
  await table.getByRole('link', { name: 'TICKET-1002' }).click();
  await expect(page).toHaveURL(/\/account\/scans\/edit\/\?scanId=\d+/);
  const value = page.getByRole('textbox', { name: 'Value', exact: true });
  await expect(value).toHaveValue('TICKET-1002');
  await value.fill('TICKET-1002-B');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const history = page.getByRole('list', { name: 'Changes, newest first' });
  await expect(history.getByText('TICKET-1002-B')).toBeVisible();
  await screenshots(page, 'scans-edit');

  // An export template: the barcode (header renamed) and the seat question.
  await page.goto('/account/scans/templates/new/');
  await page.getByLabel('Template name').fill('Gate report');
  await page.getByRole('button', { name: 'Add column Barcode' }).click();
  await page.getByRole('button', { name: 'Add column Seat' }).click();
  const barcodeHeader = page.getByRole('textbox', { name: /^Header of column \d+ \(.*Barcode/ });
  await barcodeHeader.fill('Ticket');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/account\/scans\/templates\/$/);
  await expect(page.getByText('Gate report')).toBeVisible();

  // Export the filtered search to Excel through that template, as a job with progress; parse the file.
  await page.goto(filteredUrl);
  await expect(table.getByText('TICKET-1002-B')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export scans' });
  await dialog.getByRole('radio', { name: /Excel/ }).check();
  await dialog.getByRole('combobox', { name: 'Columns' }).click();
  await page.getByRole('option', { name: 'Template: Gate report' }).click();
  await dialog.getByRole('button', { name: 'Export 3 scans' }).click();
  const downloadButton = dialog.getByRole('button', { name: 'Download' });
  await expect(downloadButton).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = testInfo.outputPath('scans.xlsx');
  await download.saveAs(file);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => (typeof cell === 'string' || typeof cell === 'number' ? String(cell) : cell === null || cell === undefined ? '' : JSON.stringify(cell)))));
  const [header, ...body] = rows;
  expect(header).toContain('Ticket');
  expect(header).toContain('Seat');
  expect(header).not.toContain('Barcode');
  expect(body).toHaveLength(3);
  const ticket = header!.indexOf('Ticket');
  const seat = header!.indexOf('Seat');
  expect(body.map((row) => row[ticket]).sort()).toEqual(['TICKET-1001', 'TICKET-1002-B', 'TICKET-1003']);
  expect(body.find((row) => row[ticket] === 'TICKET-1001')?.[seat]).toBe('A1');
});

test('a value search past 10,000 matches reads "10,000+" and Count all gives the exact total', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('bulk');
  const admin = await createVerifiedOwner(request, email);
  const serviceId = (await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'record', service_name: 'Warehouse' } })).id;
  const username = `dock-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [serviceId] });
  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Dock scanner' } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const app = ((await signIn.json()) as { token: string }).token;
  // 10,250 pallet labels, uploaded as a scanner would after a shift offline (1,000 per request), and one other scan.
  const total = 10_250;
  for (let from = 0; from < total; from += 1_000) {
    const scans = Array.from({ length: Math.min(1_000, total - from) }, (_, i) => ({
      serviceId, value: `PALLET-${String(from + i).padStart(6, '0')}`, clientScanId: randomUUID(), scannedAt: new Date(Date.UTC(2026, 10, 20, 8) + (from + i) * 1_000).toISOString(),
    }));
    await v2(request, app, 'app/upload', { scans });
  }
  await v2(request, app, 'app/scan', { serviceId, value: 'CRATE-0001', clientScanId: randomUUID() });

  await page.goto('/signin?to=%2Faccount%2Fscans%2Fsearch%2Ffull%2F%3Fvalue%3DPALLET');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/scans\/search\/full\/\?value=PALLET/);
  // Counting stops at 10,000: the total reads as a floor, and one click asks for the exact count.
  // (The label shows above the table and again in its pagination.)
  await expect(page.getByText('1–50 of 10,000+')).toHaveCount(2);
  await expect(page.getByText('10,000+ scans · All time')).toBeVisible();
  await page.getByRole('button', { name: 'Count all' }).click();
  await expect(page.getByText('1–50 of 10,250')).toHaveCount(2);
  await expect(page.getByText('10,250 scans · All time')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Count all' })).toHaveCount(0);
  // Without a text filter the counters answer at once, exactly.
  await page.goto('/account/scans/search/full/');
  await expect(page.getByText(`1–50 of ${(total + 1).toLocaleString('en-US')}`)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Count all' })).toHaveCount(0);
});
