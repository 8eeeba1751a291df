import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * The postback tool (/account/postbacktool/): a test scan goes to a real HTTP server on loopback and the page shows the
 * request, the raw reply and how it was read. A second Scanbase is started that allows internal addresses (the shared
 * one refuses them, as a real install does), with its own owner.
 */

test('the postback tool posts a test scan to a server and shows the request, the reply and the verdict', async ({ page, request }) => {
  const received: URLSearchParams[] = [];
  let reply = '<xml><message><status>1</status><text>Welcome, guest</text></message></xml>';
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(reply);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/postback`;

  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'postback-tool-data'), smtpUrl, { ALLOW_PRIVATE_URLS: 'true' }));
  try {
    const email = uniqueEmail('postback-tool');
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Gate Co', name: 'Olive Owner', email, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    const verify = await request.post(`${server.url}/api-v2/auth/verify-email/`, { data: { token: link.split('/activation/')[1]?.replace(/\/$/, '') } });
    const { token } = (await verify.json()) as { token: string };

    await page.goto(`${server.url}/account/postbacktool/?websiteToken=${token}`);
    await expect(page.getByRole('heading', { name: 'Postback tool' })).toBeVisible();
    await page.getByLabel('URL of your server').fill(receiverUrl);
    await page.getByLabel('Barcode value (tid)').fill('GUEST-42');
    await page.getByRole('button', { name: 'Send test scan' }).click();

    await expect(page.getByText('Read as valid with a response in plain text.')).toBeVisible();
    expect(received.at(-1)?.get('tid')).toBe('GUEST-42');
    const sent = page.getByRole('table', { name: 'Fields sent' });
    await expect(sent.getByRole('row').filter({ hasText: 'tid' }).first()).toContainText('GUEST-42');
    await expect(page.getByLabel('Reply body')).toContainText('Welcome, guest');
    await expect(page.getByRole('table', { name: 'How the reply was read' })).toContainText('Welcome, guest');

    reply = '<html>Not a postback reply</html>';
    await page.getByRole('button', { name: 'Send test scan' }).click();
    await expect(page.getByRole('alert')).toContainText('The app would refuse this reply.');
    await expect(page.getByLabel('Reply body')).toContainText('Not a postback reply');
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
