import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The scanner-side pages against the real server: /app/1.0/mapview/ (an app user's own scans on the map, the
 * scans still waiting on the device shown apart, offline from what was loaded) and /scanresponse/{scanId}/
 * (the response as the scanner showed it: HTML in a sandbox), refused to another app user.
 */

const APP_PASSWORD = 'scan-Map-2468';
const HTML_RESPONSE = '<html><body><h1>Welcome inside the sandbox</h1><p>Gate 3</p></body></html>';
// A grey 1×1 PNG for every map tile (MAP_TILE_URL points at loopback in tests).
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMEAYFL09IQAAAAAElFTkSuQmCC', 'base64');

type Setup = { email: string; maker: string; colleague: string };

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** An account with a ticket database (one value answers HTML), a GPS service and two app users on it. */
async function createAccount(request: APIRequestContext): Promise<Setup> {
  const email = uniqueEmail('scanner-pages');
  const token = await createVerifiedOwner(request, email);
  const database = await v2<{ id: number }>(request, token, 'databases/create', { name: 'Tickets' });
  await v2(request, token, 'databases/add-value', { id: database.id, value: 'TICKET-1', response: 'Row 4, seat 12', validity: 1 });
  await v2(request, token, 'databases/add-value', { id: database.id, value: 'HTML-1', response: HTML_RESPONSE, validity: 1 });
  await v2(request, token, 'databases/add-value', { id: database.id, value: 'OFF-1', response: 'Offline ticket', validity: 1 });
  const service = await v2<{ id: number }>(request, token, 'services/create', { variables: { validation_method: 'database', service_name: 'Main gate', database_id: database.id, enableGPS: 1 } });
  const stamp = Date.now().toString(36);
  const [maker, colleague] = [`maker-${stamp}`, `colleague-${stamp}`];
  for (const username of [maker, colleague]) await v2(request, token, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [service.id] });
  return { email, maker, colleague };
}

/** A phone-sized context that shares a location, answers map tiles itself and blocks anything leaving 127.0.0.1. */
async function phone(context: BrowserContext): Promise<string[]> {
  const offsite: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/test-tiles/')) await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    else if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') await route.continue();
    else {
      offsite.push(route.request().url());
      await route.abort('blockedbyclient');
    }
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('scanner.continuous', '0');
    window.localStorage.setItem('scanner.camera', '0');
  });
  return offsite;
}

async function signInToScanner(page: Page, username: string): Promise<void> {
  await page.goto('/scanner');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(APP_PASSWORD);
  await page.getByLabel('Device name').fill('Gate phone');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Main gate' })).toBeVisible();
}

/** Types a code and waits for the result; answers the result's scan id when the server stored it. */
async function scan(page: Page, value: string, title: string): Promise<number | null> {
  await page.getByLabel('Type a code').fill(value);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: title })).toBeVisible();
  const link = result.getByRole('link', { name: 'Open this response on its own page' });
  const id = (await link.count()) > 0 ? Number(/\/scanresponse\/(\d+)\//.exec((await link.getAttribute('href')) ?? '')?.[1]) : null;
  await page.getByRole('button', { name: 'Scan next' }).click();
  await expect(result).toHaveCount(0);
  return id;
}

async function openMap(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Scanner menu' }).click();
  await page.getByRole('menuitem', { name: 'My scans map' }).click();
  await expect(page).toHaveURL(/\/app\/1\.0\/mapview\/$/);
  await expect(page.getByRole('heading', { name: 'My scans map' })).toBeVisible();
}

/**
 * Screenshots at 390 and 1280 px, each checked with axe (no serious or critical violation, as accessibility.spec.ts
 * asks). Not while the context is offline: axe finishes its run in a new tab, which an offline context cannot open.
 */
async function shots(page: Page, name: string, axe = true): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    if (!axe) continue;
    // Legacy mode runs axe in the page's frames directly; its default finishes in a new tab, which hangs in this context.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect.soft(blocking, `axe on ${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('mapview shows my scans, the ones waiting offline apart, and scanresponse shows the sandboxed response to its maker only', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const setup = await createAccount(request);
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 }, permissions: ['geolocation'], geolocation: { latitude: 52.52, longitude: 13.405 } });
  const offsite = await phone(context);
  const scanner = await context.newPage();
  await signInToScanner(scanner, setup.maker);
  // The scanner takes the latest fix without waiting for one: it shows the fix its scans carry.
  const gps = scanner.getByTestId('gps-status');
  await expect(gps).toContainText('Location on: 52.5200, 13.4050');
  await shots(scanner, 'scanner-gps-status');
  await scan(scanner, 'TICKET-1', 'Valid');
  await context.setGeolocation({ latitude: 52.54, longitude: 13.44 });
  await expect(gps).toContainText('Location on: 52.5400, 13.4400');
  const htmlScan = await scan(scanner, 'HTML-1', 'Valid');
  expect(htmlScan).toBeGreaterThan(0);

  // The map of my own scans: today, the only service, both scans with their location.
  await openMap(scanner);
  const summary = scanner.getByTestId('mapview-summary');
  await expect(summary).toContainText('Today:');
  await expect(summary).toContainText('2 scans · 2 on the map');
  await expect(scanner.locator('.leaflet-marker-icon[title="TICKET-1 (Valid)"]')).toBeVisible();
  await expect(scanner.locator('.leaflet-marker-icon[title="HTML-1 (Valid)"]')).toBeVisible();
  await scanner.getByRole('button', { name: '7 days' }).click();
  await expect(scanner).toHaveURL(/period=7d/);
  await expect(summary).toContainText('The last 7 days:');
  await expect(summary).toContainText('2 scans · 2 on the map');
  await scanner.getByRole('button', { name: 'Today' }).click();
  await shots(scanner, 'mapview');

  // Offline: a scan waits on the device; the map shows it apart, beside the scans loaded before.
  await scanner.getByRole('link', { name: 'Back to the scanner' }).first().click();
  await expect(scanner.getByRole('heading', { name: 'Main gate' })).toBeVisible();
  await context.setOffline(true);
  await context.setGeolocation({ latitude: 52.5, longitude: 13.38 });
  await expect(scanner.getByTestId('queue-banner')).toContainText('Offline');
  await expect(gps).toContainText('Location on: 52.5000, 13.3800');
  await scan(scanner, 'OFF-1', 'Saved, will sync');
  await openMap(scanner);
  await expect(scanner.getByTestId('mapview-offline')).toContainText('You are offline.');
  await expect(scanner.getByTestId('mapview-waiting')).toContainText('1 waiting to sync');
  await expect(scanner.getByTestId('waiting-list')).toContainText('OFF-1');
  await expect(summary).toContainText('2 scans · 2 on the map');
  await expect(scanner.locator('.leaflet-marker-icon[title="OFF-1 (waiting to sync)"]')).toBeVisible();
  await shots(scanner, 'mapview-offline', false);

  // Back online: the waiting scan is sent and the map loads it from the server.
  await context.setOffline(false);
  await expect(summary).toContainText('3 scans · 3 on the map', { timeout: 45_000 });
  await expect(scanner.getByTestId('mapview-waiting')).toHaveCount(0);
  await expect(scanner.getByTestId('mapview-offline')).toHaveCount(0);

  // The HTML response, as the scanner showed it: in a sandbox without scripts.
  await scanner.goto(`/scanresponse/${htmlScan}/`);
  const shown = scanner.getByTestId('scan-response');
  await expect(shown.getByRole('heading', { name: 'Valid' })).toBeVisible();
  await expect(shown.getByTestId('response-value')).toHaveText('HTML-1');
  const frame = shown.locator('iframe[title="Response"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(scanner.frameLocator('iframe[title="Response"]').getByRole('heading', { name: 'Welcome inside the sandbox' })).toBeVisible();
  await expect(scanner.getByText('Main gate')).toBeVisible();
  await shots(scanner, 'scanresponse');
  expect(offsite, 'scanner requests that left 127.0.0.1').toEqual([]);
  await context.close();

  // Another app user of the same account is refused.
  const other = await browser.newContext({ baseURL: e2eEnv().baseUrl, viewport: { width: 390, height: 844 } });
  await phone(other);
  const colleague = await other.newPage();
  await signInToScanner(colleague, setup.colleague);
  await colleague.goto(`/scanresponse/${htmlScan}/`);
  await expect(colleague.getByRole('heading', { name: 'You cannot see this response' })).toBeVisible();
  await expect(colleague.locator('iframe')).toHaveCount(0);
  await shots(colleague, 'scanresponse-refused');
  await other.close();

  // An administrator of the account sees it too, and reaches it from the scan editor.
  await page.goto(`/signin?to=${encodeURIComponent(`/account/scans/edit/?scanId=${htmlScan}`)}`);
  await signInWithForm(page, setup.email);
  await page.getByRole('link', { name: 'View response as the scanner showed it' }).click();
  await expect(page).toHaveURL(new RegExp(`/scanresponse/${htmlScan}/$`));
  await expect(page.frameLocator('iframe[title="Response"]').getByRole('heading', { name: 'Welcome inside the sandbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in the scan editor' })).toBeVisible();
});

test('mapview without a scanner sign-in says how to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/1.0/mapview/');
  await expect(page.getByRole('heading', { name: 'Sign in to the scanner first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the scanner to sign in' })).toHaveAttribute('href', '/scanner');
  await page.goto('/scanresponse/1/');
  await expect(page.getByRole('heading', { name: 'Sign in to see this response' })).toBeVisible();
});
