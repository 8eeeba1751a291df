import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, screenshots, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * The integrations tabs (docs/INTEGRATIONS.md): a postback service validates a scan against a real HTTP server on loopback
 * and the postback tab shows the delivery; the Zapier tab shows the account's address, makes an API key, and a REST hook
 * subscribed through the API with that key appears on it. A Scanbase of its own allows internal addresses.
 */

async function call<T>(request: APIRequestContext, base: string, token: string | undefined, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${base}/api-v2/${path}/`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** axe at 1280 and 390 px, as the accessibility spec measures: no serious or critical violation. */
async function noSeriousViolations(page: Page): Promise<void> {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the postback tab lists a delivery, and the Zapier tab shows the address, the actions and searches, and a REST hook subscribed with an API key', async ({ page, request }) => {
  // Three pages, each screenshotted at three widths and checked by axe at two: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('<xml><message><status>1</status><text>Welcome at gate 3</text></message></xml>');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/postback`;

  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'integrations-data'), smtpUrl, { ALLOW_PRIVATE_URLS: 'true' }));
  try {
    const email = uniqueEmail('integrations');
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Gate Works', name: 'Ines Owner', email, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    const { token } = await call<{ token: string }>(request, server.url, undefined, 'auth/verify-email', { token: link.split('/activation/')[1]?.replace(/\/$/, '') });
    const service = await call<{ id: number }>(request, server.url, token, 'services/create', { variables: { service_name: 'Gate 3 tickets', validation_method: 'postback', postback_url: receiverUrl } });
    await call(request, server.url, token, 'appusers/create', { username: 'gate3', password: 'scan-Gate-2468', serviceIds: [service.id] });
    const app = await call<{ token: string }>(request, server.url, undefined, 'app/signin', { username: 'gate3', password: 'scan-Gate-2468', udid: `e2e-${randomUUID()}`, deviceName: 'Gate phone' });
    const scan = await call<{ scanId: number; status: number }>(request, server.url, app.token, 'app/scan', { serviceId: service.id, value: 'TICKET-0042', clientScanId: randomUUID() });
    expect(scan.status).toBe(1);

    // The postback tab: the service's target and the delivery, with the verdict.
    await page.goto(`${server.url}/account/integrations/postback/?websiteToken=${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Postback' })).toBeVisible();
    const target = page.getByTestId('postback-target');
    await expect(target.getByRole('heading', { name: 'Gate 3 tickets' })).toBeVisible();
    await expect(target).toContainText(receiverUrl);
    const row = target.getByRole('table', { name: 'Recent deliveries of Gate 3 tickets' }).getByRole('row').filter({ hasText: String(scan.scanId) });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('Valid: Welcome at gate 3');
    await expect(target.getByRole('link', { name: 'Open the service' })).toHaveAttribute('href', `/account/services/${service.id}/type/`);
    await screenshots(page, 'integrations-postback');
    await noSeriousViolations(page);

    // The Zapier tab: the account's own address, a new API key, and a REST hook subscribed with it.
    await page.goto(`${server.url}/account/integrations/zapier/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Zapier' })).toBeVisible();
    await expect(page.getByTestId('scanbase-address')).toHaveValue(server.url);
    await expect(page.getByRole('textbox', { name: 'Subscribe a REST hook', exact: true })).toHaveValue(`${server.url}/api-v2/hooks/subscribe/`);
    await expect(page.getByTestId('rest-hooks-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Create a key for Zapier' }).click();
    const secretDialog = page.getByRole('dialog', { name: /Your new API key/ });
    const key = await secretDialog.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(/^sb_/);
    await secretDialog.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Zapier');

    const hook = await call<{ id: number }>(request, server.url, key, 'hooks/subscribe', { targetUrl: 'https://hooks.zapier.com/hooks/standard/123/abc/', event: 'scan.created', source: 'zapier' });
    await page.reload();
    const listed = page.getByTestId('rest-hook');
    await expect(listed).toContainText('New scan');
    await expect(listed).toContainText('https://hooks.zapier.com/hooks/standard/123/abc/');
    // The actions and searches Zaps can use, with their routes.
    const operations = page.getByTestId('automation-operations');
    await expect(operations.getByRole('heading', { name: 'Actions', exact: true })).toBeVisible();
    await expect(operations.getByRole('heading', { name: 'Searches', exact: true })).toBeVisible();
    await expect(operations.getByRole('listitem')).toHaveCount(6);
    await expect(operations.getByTestId('operation-upsert_value')).toContainText('Add or update a database value');
    await expect(operations.getByTestId('operation-generate_barcode')).toContainText('/api-v2/barcode/generate/');
    await expect(operations.getByTestId('operation-find_scan')).toContainText('/api-v2/hooks/find-scan/');
    await screenshots(page, 'integrations-zapier');
    await noSeriousViolations(page);
    await listed.getByRole('button', { name: /Remove/ }).click();
    await expect(page.getByTestId('rest-hooks-empty')).toBeVisible();
    const left = await call<{ items: unknown[] }>(request, server.url, key, 'hooks/list', {});
    expect(left.items).toEqual([]);
    expect(hook.id).toBeGreaterThan(0);

    // The Make tab: the same address, its own steps, no hooks yet.
    await page.goto(`${server.url}/account/integrations/make/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Make' })).toBeVisible();
    await expect(page.getByTestId('scanbase-address')).toHaveValue(server.url);
    await expect(page.getByText('integrations/make/scanbase.make-app.json')).toBeVisible();
    await expect(page.getByTestId('automation-operations').getByRole('listitem')).toHaveCount(6);
    await expect(page.getByTestId('operation-create_app_user')).toContainText('Create an app user');
    await expect(page.getByTestId('rest-hooks-empty')).toBeVisible();
    await noSeriousViolations(page);
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
