import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, screenshots, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * Webhooks on /account/integrations/: a subscription is made in the page against a real HTTP receiver on loopback, a scan
 * is sent through the scanner API, the receiver checks the Standard Webhooks signature, and the page's delivery log shows
 * the delivery with its request and reply. A second Scanbase is started that allows internal addresses (the shared one
 * refuses them, as a real install does).
 */

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** Checks a `webhook-signature` header the way the specification says: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
function signatureValid(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

async function call<T>(request: APIRequestContext, base: string, token: string | undefined, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${base}/api-v2/${path}/`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a webhook made in the page receives a signed scan.created, and the delivery log shows it', async ({ page, request }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'webhooks-data'), smtpUrl, { ALLOW_PRIVATE_URLS: 'true' }));
  try {
    const email = uniqueEmail('webhooks');
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Hook Co', name: 'Hana Owner', email, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    const { token } = await call<{ token: string }>(request, server.url, undefined, 'auth/verify-email', { token: link.split('/activation/')[1]?.replace(/\/$/, '') });
    const service = await call<{ id: number }>(request, server.url, token, 'services/create', { variables: { service_name: 'Front gate', validation_method: 'record' } });
    await call(request, server.url, token, 'appusers/create', { username: 'gatekeeper', password: 'scan-Gate-2468', serviceIds: [service.id] });

    await page.goto(`${server.url}/account/integrations/?websiteToken=${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the postback tool' })).toBeVisible();
    await screenshots(page, 'integrations-empty');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('Enter the URL that receives the events')).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByLabel('Description').fill('Gate ERP');
    await expect(dialog.getByRole('checkbox', { name: /scan\.created/ })).toBeChecked();
    await dialog.getByRole('checkbox', { name: /database_value\.created/ }).check();
    await screenshots(page, 'integrations-dialog');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have copied the secret' }).click();
    const card = page.getByTestId('webhook-card');
    await expect(card).toContainText(receiverUrl);
    await expect(card).toContainText('Active');
    await expect(page.getByText(secret)).toHaveCount(0);

    // A scan through the scanner API reaches the receiver, signed.
    const app = await call<{ token: string }>(request, server.url, undefined, 'app/signin', { username: 'gatekeeper', password: 'scan-Gate-2468', udid: `e2e-${randomUUID()}`, deviceName: 'Gate phone' });
    await call(request, server.url, app.token, 'app/scan', { serviceId: service.id, value: 'HOOK-0042', clientScanId: randomUUID() });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const first = received[0]!;
    expect(signatureValid(secret, first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'scan.created', data: { value: 'HOOK-0042', serviceId: service.id } });

    // The delivery log shows it; its details show the request and the reply.
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByRole('row').filter({ hasText: 'scan.created' })).toContainText('Delivered', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(log.getByRole('row').filter({ hasText: 'scan.created' })).toContainText('HTTP 200');
    await screenshots(page, 'integrations-log');
    await log.getByRole('row').filter({ hasText: 'scan.created' }).getByRole('button', { name: /Details/ }).click();
    const details = page.getByRole('dialog', { name: /Delivery #/ });
    await expect(details.getByLabel('Request body')).toContainText('HOOK-0042');
    await expect(details.getByLabel('Response body (first 10 KB)')).toContainText('"received":true');
    await screenshots(page, 'integrations-delivery');
    await details.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(/is queued to be sent again/)).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);

    // A test event is sent at once and opens its details.
    await card.getByRole('button', { name: 'Send test event' }).click();
    const ping = page.getByRole('dialog', { name: /Delivery #/ });
    await expect(ping).toContainText('webhook.ping');
    await ping.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(/Test event delivered to/)).toBeVisible();

    // Pause, then delete with confirmation.
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card).toContainText('Paused');
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
