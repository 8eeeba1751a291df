import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { writeBarcodeVideo } from '../support/fake-camera.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The browser scanner (/scanner) against the real server: Chromium's fake camera reads a barcode drawn by
 * zxing-wasm; offline scans queue in IndexedDB and sync exactly once; the admin's live dashboard shows
 * scans arriving without a reload.
 */

const APP_PASSWORD = 'scan-Gate-2468';

type Setup = { adminToken: string; email: string; serviceId: number; username: string };

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** An account with a ticket database (one valid, one invalid value), a validating service and an app user on it. */
async function createScanningAccount(request: APIRequestContext, label: string): Promise<Setup> {
  const email = uniqueEmail(label);
  const adminToken = await createVerifiedOwner(request, email);
  const database = await v2<{ id: number }>(request, adminToken, 'databases/create', { name: 'Tickets' });
  await v2(request, adminToken, 'databases/add-value', { id: database.id, value: 'TICKET-0042', response: 'Welcome, Ada. Seat 14B.', validity: 1 });
  await v2(request, adminToken, 'databases/add-value', { id: database.id, value: 'TICKET-0099', response: 'Refunded ticket', validity: 0 });
  for (const n of [1, 2, 3]) await v2(request, adminToken, 'databases/add-value', { id: database.id, value: `OFF-${n}`, response: `Offline ${n}`, validity: 1 });
  const service = await v2<{ id: number }>(request, adminToken, 'services/create', { variables: { validation_method: 'database', service_name: 'Main gate', database_id: database.id } });
  const username = `gate-${Date.now().toString(36)}`;
  await v2(request, adminToken, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [service.id] });
  return { adminToken, email, serviceId: service.id, username };
}

type RecentScans = { items: { id: number; value: string; status: number; user: { name: string } | null }[]; counts: { last24Hours: number } };

function recent(request: APIRequestContext, setup: Setup): Promise<RecentScans> {
  return v2<RecentScans>(request, setup.adminToken, 'scans/recent', { limit: 50 });
}

/** Blocks and records every request leaving 127.0.0.1 (what the `offsite` fixture does for the default page). */
async function keepLocal(context: BrowserContext): Promise<string[]> {
  const offsite: string[] = [];
  await context.route('**/*', async (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') await route.continue();
    else {
      offsite.push(route.request().url());
      await route.abort('blockedbyclient');
    }
  });
  return offsite;
}

async function openDashboard(page: Page, email: string): Promise<void> {
  await page.goto('/signin?to=%2Faccount%2Fdashboard%2F');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Live dashboard' })).toBeVisible();
}

async function signInToScanner(page: Page, username: string): Promise<void> {
  await page.goto('/scanner');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await page.getByLabel('Device name').fill('Gate phone');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The scanner at phone and desktop width. */
async function scannerShots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
}

test('the camera reads a barcode, the result is right, and the dashboard shows it arrive', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const setup = await createScanningAccount(request, 'scanner-camera');
  await openDashboard(page, setup.email);
  await expect(page.getByText('No scans yet')).toBeVisible();

  // Chromium's fake camera plays a video made here from a QR code drawn by zxing-wasm.
  const video = testInfo.outputPath('ticket-0042.y4m');
  await writeBarcodeVideo(video, 'TICKET-0042');
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const offsite = await keepLocal(context);
    // One result at a time: continuous mode (on by default) would move on after a second.
    await context.addInitScript(() => window.localStorage.setItem('scanner.continuous', '0'));
    const scanner = await context.newPage();
    const wasm: string[] = [];
    scanner.on('request', (req) => {
      if (req.url().endsWith('.wasm')) wasm.push(req.url());
    });

    await signInToScanner(scanner, setup.username);
    // The only service opens by itself; the camera starts and reads the code.
    await expect(scanner.getByRole('heading', { name: 'Main gate' })).toBeVisible();
    const result = scanner.getByTestId('scan-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).toHaveAttribute('data-tone', 'valid');
    await expect(result.getByRole('heading', { name: 'Valid' })).toBeVisible();
    await expect(result.getByTestId('result-value')).toHaveText('TICKET-0042');
    await expect(result.getByTestId('result-text')).toHaveText('Welcome, Ada. Seat 14B.');
    await scannerShots(scanner, 'scanner-valid');
    // The reader's .wasm came from our server.
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((url) => url.startsWith(e2eEnv().baseUrl))).toBe(true);

    // The admin's dashboard shows it without a reload.
    const firstRow = page.getByRole('table', { name: 'Newest scans' }).getByRole('row', { name: /TICKET-0042/ });
    await expect(firstRow).toBeVisible();
    await expect(firstRow).toContainText('Valid');
    await expect(firstRow).toContainText('Main gate');
    await expect(firstRow).toContainText(setup.username);
    await expect(firstRow).toContainText('Gate phone');

    // A keyboard-wedge scanner: a fast burst of keys ending in Enter, anywhere on the page.
    await scanner.getByRole('button', { name: 'Scan next' }).click();
    await scanner.getByRole('button', { name: 'Stop camera' }).click();
    await scanner.locator('body').click({ position: { x: 5, y: 400 } });
    // The keys are dispatched in the page in one go, as a scanner sends them (a few ms apart): typing them one
    // by one over the DevTools protocol on a busy machine can leave gaps a person would make.
    await scanner.evaluate((code) => {
      for (const key of [...code.split(''), 'Enter']) document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, 'TICKET-0099');
    await expect(result).toHaveAttribute('data-tone', 'invalid');
    await expect(result.getByTestId('result-value')).toHaveText('TICKET-0099');
    await scannerShots(scanner, 'scanner-invalid');
    await expect(page.getByRole('table', { name: 'Newest scans' }).getByRole('row', { name: /TICKET-0099/ })).toContainText('Invalid');
    expect(offsite, 'scanner requests that left 127.0.0.1').toEqual([]);
    await context.close();
  } finally {
    await browser?.close();
  }
  await page.screenshot({ path: 'test-results/screenshots/dashboard-live-1440.png', fullPage: true });
});

test('offline: three scans wait on the device, then sync exactly once when the connection returns', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const setup = await createScanningAccount(request, 'scanner-offline');
  await openDashboard(page, setup.email);

  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  const offsite = await keepLocal(context);
  await context.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  const scanner = await context.newPage();
  await signInToScanner(scanner, setup.username);
  await expect(scanner.getByRole('heading', { name: 'Main gate' })).toBeVisible();
  const status = scanner.getByTestId('queue-status');
  const banner = scanner.getByTestId('queue-banner');

  await context.setOffline(true);
  await expect(banner).toContainText('Offline');
  for (const value of ['OFF-1', 'OFF-2', 'OFF-3']) {
    await scanner.getByLabel('Type a code').fill(value);
    await scanner.getByRole('button', { name: 'Submit', exact: true }).click();
    const result = scanner.getByTestId('scan-result');
    await expect(result.getByRole('heading', { name: 'Saved, will sync' })).toBeVisible();
    await expect(result).toHaveAttribute('data-tone', 'neutral');
    if (value === 'OFF-3') await scannerShots(scanner, 'scanner-offline-saved');
    await scanner.getByRole('button', { name: 'Scan next' }).click();
  }
  await expect(banner).toContainText('Offline · 3 waiting');
  await expect(status).toHaveAccessibleName('Offline · 3 waiting');
  await scannerShots(scanner, 'scanner-offline-waiting');
  // Nothing reached the server while offline.
  expect((await recent(request, setup)).items).toEqual([]);

  // Back online: the queue syncs by itself.
  await context.setOffline(false);
  await expect(scanner.getByText('3 saved scans were sent.')).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  await expect(status).toHaveAccessibleName('All sent');

  // The dashboard beside it shows the three arrive, without a reload.
  const table = page.getByRole('table', { name: 'Newest scans' });
  for (const value of ['OFF-1', 'OFF-2', 'OFF-3']) await expect(table.getByRole('row', { name: new RegExp(value) })).toContainText('Valid');
  await expect(page.getByTestId('count-last24Hours')).toHaveText('3');

  // Exactly three scans on the server, one per value, all by this app user.
  const stored = await recent(request, setup);
  expect(stored.items.map((item) => item.value).sort()).toEqual(['OFF-1', 'OFF-2', 'OFF-3']);
  expect(stored.items.every((item) => item.status === 1 && item.user?.name === setup.username)).toBe(true);

  // A reload brings nothing back to send, and signing out leaves the admin session alone.
  await scanner.reload();
  await expect(status).toHaveAccessibleName('All sent');
  await expect(banner).toHaveCount(0);
  expect((await recent(request, setup)).items).toHaveLength(3);
  await scanner.getByRole('button', { name: 'Scanner menu' }).click();
  await scanner.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(scanner.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Live dashboard' })).toBeVisible();
  expect(offsite, 'scanner requests that left 127.0.0.1').toEqual([]);
  await context.close();
});

test('the dashboard explains how to start, and the scanner is installable', async ({ page, request }) => {
  const email = uniqueEmail('scanner-empty');
  await createVerifiedOwner(request, email);
  await openDashboard(page, email);
  await expect(page.getByText('No scans yet')).toBeVisible();
  await expect(page.getByRole('link', { name: '/scanner' })).toHaveAttribute('href', '/scanner');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screenshots/dashboard-empty-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screenshots/dashboard-empty-1280.png', fullPage: true });

  await page.goto('/scanner');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/scanner.webmanifest');
  const manifest = (await (await request.get(`${e2eEnv().baseUrl}/scanner.webmanifest`)).json()) as { start_url: string; scope: string; icons: { sizes: string }[] };
  expect(manifest.start_url).toBe('/scanner');
  expect(manifest.scope).toBe('/scanner');
  expect(manifest.icons.map((icon) => icon.sizes)).toContain('512x512');
  // The service worker controls the scanner only (never the admin app or the API).
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${e2eEnv().baseUrl}/scanner`);
  // It keeps what the scanner needs offline (its page, the reader's .wasm, the pages its menu opens), not the admin app.
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  for (const needed of [/^\/assets\/ScannerPage-.+\.js$/, /^\/assets\/zxing_reader-.+\.wasm$/, /^\/assets\/MapViewPage-.+\.js$/, /^\/assets\/AppHelpPage-.+\.js$/, /^\/index\.html$/]) expect(cached.some((p) => needed.test(p)), String(needed)).toBe(true);
  expect(cached.filter((p) => /^\/assets\/(BillingPage|TeamPage|ServicesPage)-/.test(p))).toEqual([]);
  expect(cached.length).toBeLessThan(120);
  // Installed, it opens without a connection (the app shell comes from the service worker's cache)…
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.context().setOffline(false);
  // …while the admin pages stay outside its scope.
  await page.goto('/account/dashboard/');
  await expect(page.getByRole('heading', { name: 'Live dashboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});
