import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { e2eEnv } from '../support/env.js';
import { expect, PASSWORD, screenshots, test } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * File storage end to end: Dropbox's authorization server is oauth2-mock-server on loopback (it approves the consent
 * page at once) and its upload API a loopback HTTP server. The owner connects Dropbox from the file-storage tab through
 * the consent page, lands on the return page, chooses it for task files, and "Test connection" writes a file that
 * arrives at the API; scan photos can go there too, and disconnecting revokes the token at Dropbox. A refusal at the
 * provider shows its words on the return page; a credentials form checks its fields.
 */

/** axe on the page as it is, at 1280 and 390 px: no serious or critical violation (as the accessibility sweep measures). */
async function noBlockingViolations(page: Page): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Received = { method: string; url: string; body: string };

async function providerApi(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/2/files/upload') {
        const arg = JSON.parse(String(req.headers['dropbox-api-arg'])) as { path: string };
        res.end(JSON.stringify({ path_display: arg.path, path_lower: arg.path.toLowerCase() }));
      } else res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

test('connect Dropbox through its consent page, use it for task files, test it; a refusal is explained', async ({ page, request }) => {
  test.setTimeout(120_000);
  const dropbox = new OAuth2Server();
  await dropbox.issuer.keys.generate('RS256');
  await dropbox.start(0, '127.0.0.1');
  const api = await providerApi();
  const { runDir, smtpUrl } = e2eEnv();
  const port = await freePort();
  const server = await startScanbase(
    serverEnv(port, join(runDir, 'file-storage-data'), smtpUrl, {
      ALLOW_PRIVATE_URLS: 'true',
      FILE_STORAGE_DROPBOX_CLIENT_ID: 'scanbase-e2e',
      FILE_STORAGE_DROPBOX_CLIENT_SECRET: 'e2e-secret',
      FILE_STORAGE_DROPBOX_ISSUER: dropbox.issuer.url!,
      FILE_STORAGE_DROPBOX_API_URL: api.url,
    }),
  );
  try {
    const owner = `fs-owner-${Date.now().toString(36)}@example.com`;
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Storage Co', name: 'Sam Owner', email: owner, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    await page.goto(await waitForLink(owner, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`)));
    await expect(page).toHaveURL(/\/account\//);

    // The integrations hub links the tab; Dropbox is set up on this server, Google Drive and OneDrive are not.
    await page.goto(`${server.url}/account/integrations/`);
    await page.getByRole('link', { name: 'Connect file storage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File storage' })).toBeVisible();
    await expect(page.getByText('No store is connected yet')).toBeVisible();
    await expect(page.getByText('Google Drive, OneDrive: not set up on this server yet')).toBeVisible();

    // The credentials form checks its fields before anything is sent.
    await page.getByRole('button', { name: 'Connect WebDAV' }).click();
    const form = page.getByRole('form', { name: 'Connect a WebDAV folder' });
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(form.getByText('Enter the WebDAV folder URL')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Through the consent page (approved at once by the loopback provider) back to the return page.
    await page.getByRole('button', { name: 'Connect Dropbox' }).click();
    await expect(page).toHaveURL(/\/account\/integrations\/file-storage\/dropbox\/return\/\?code=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connecting Dropbox' })).toBeVisible();
    await expect(page.getByText('Dropbox is connected.')).toBeVisible();
    await screenshots(page, 'file-storage-return');
    await noBlockingViolations(page);
    await page.getByRole('button', { name: 'Copy task files to Dropbox' }).click();
    await expect(page.getByText('Every task run’s file is now copied to Dropbox.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to file storage' }).click();

    const card = page.getByRole('region', { name: 'Dropbox' });
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText('Receives task files')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByText('The connection works.')).toBeVisible();
    await expect(card.getByText(/Wrote Dropbox: \/Scanbase\/scanbase-test-/)).toBeVisible();
    expect(api.received.find((r) => r.url === '/2/files/upload')?.body).toContain('Scanbase connection test');
    // The provider's name is the card's heading, not repeated beneath it.
    await expect(card.getByText('Dropbox', { exact: true })).toHaveCount(1);

    // Scan photos and signatures can go to the same store.
    const photos = page.getByRole('checkbox', { name: 'Also copy scan photos and signatures' });
    await expect(photos).not.toBeChecked();
    await photos.click();
    await expect(card.getByText('Receives task files and scan photos')).toBeVisible();
    await expect(photos).toBeChecked();
    await screenshots(page, 'file-storage');
    await noBlockingViolations(page);

    // Disconnecting asks Dropbox to revoke Scanbase's token, and says it did.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Dropbox is disconnected, and Dropbox confirmed that Scanbase’s access is revoked.')).toBeVisible();
    await expect(page.getByText('No store is connected yet')).toBeVisible();
    expect(api.received.some((r) => r.method === 'POST' && r.url === '/2/auth/token/revoke')).toBe(true);

    // The provider's refusal, as its return page shows it.
    await page.goto(`${server.url}/account/integrations/file-storage/dropbox/return/?error=access_denied&error_description=The+user+declined`);
    await expect(page.getByText('Dropbox did not allow the connection: The user declined')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await noBlockingViolations(page);
  } finally {
    await server.stop();
    await api.close();
    await dropbox.stop();
  }
});
