import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eEnv, repoRoot } from '../support/env.js';
import { expect, PASSWORD, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';
import { freePort, serverEnv, startScanbase } from '../support/servers.js';

/*
 * Plans and billing (issue 15) on a Scanbase started with an operator's plan file (billing on, no payment provider):
 * usage against the Free plan's limits, plans compared monthly and yearly, an upgrade with the proration shown before
 * confirming, the invoice listed and downloaded as a PDF whose text is read, and a downgrade scheduled for the period end.
 */

const plans = {
  billingEnabled: true,
  defaultPlan: 'free',
  plans: [
    { id: 'free', name: 'Free', description: 'For a single gate.', priceMonth: 0, priceYear: 0, limits: { scansPerMonth: 1000, devices: 2, appUsers: 2, services: 2, databaseValues: 500, apiPerMinute: 60, apiPerDay: 1000 }, features: { api: false, postback: false, sso: false, branding: false, integrations: false } },
    { id: 'pro', name: 'Pro', description: 'For busy sites.', priceMonth: 29, priceYear: 290, limits: { services: 50 } },
  ],
};

async function call<T>(request: APIRequestContext, base: string, token: string | undefined, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${base}/api-v2/${path}/`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The text drawn in a PDF made by pdfkit: content streams inflated, the strings of each text operator decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ/g)) out.push([...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

/** Screenshots at 390 and 1280 px, each width also checked by axe (WCAG 2.x A/AA and best practices): no serious or critical violation. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect.soft(blocking, `axe on ${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('usage against the plan, monthly and yearly prices, an upgrade with proration, its invoice as a PDF, a scheduled downgrade', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { runDir, smtpUrl } = e2eEnv();
  const plansFile = join(runDir, 'billing-plans.json');
  writeFileSync(plansFile, JSON.stringify(plans));
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'billing-data'), smtpUrl, { PLANS_FILE: plansFile }));
  try {
    const email = uniqueEmail('billing');
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Harbour Gates', name: 'Bea Owner', email, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    const { token } = await call<{ token: string }>(request, server.url, undefined, 'auth/verify-email', { token: link.split('/activation/')[1]?.replace(/\/$/, '') });
    await call(request, server.url, token, 'services/create', { variables: { service_name: 'Front gate', validation_method: 'record' } });

    // My plan: Free, with usage against its limits.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/account/myplan/?websiteToken=${token}`);
    await expect(page.getByTestId('current-plan')).toHaveText('Free');
    await expect(page.getByTestId('usage-services')).toHaveText('1 of 2');
    await expect(page.getByRole('progressbar', { name: 'Services' })).toHaveAttribute('aria-valuenow', '50');
    await expect(page.getByTestId('usage-scansPerMonth')).toHaveText('0 of 1,000');
    // Past months: twelve rows, this month first.
    const history = page.getByRole('table', { name: 'Scans per month' });
    await expect(history.getByRole('row')).toHaveCount(13);
    await expect(history.getByRole('row').nth(1)).toContainText(new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }));
    await shots(page, 'billing-myplan');

    // Plans: monthly and yearly.
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(page.getByTestId('price-pro')).toHaveText('$29.00 / month');
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect(page.getByTestId('price-pro')).toHaveText('$290.00 / year');
    await shots(page, 'billing-plans');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(page.getByTestId('price-pro')).toHaveText('$29.00 / month');

    // Upgrade now: the cost is shown before confirming.
    await page.getByRole('link', { name: 'Upgrade: Pro, monthly' }).click();
    await expect(page).toHaveURL(/\/account\/change-plan-upgrade\/\?plan=pro&period=month/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade your plan' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Now' })).toBeChecked();
    const cost = page.getByRole('table', { name: 'Cost of the change' });
    await expect(cost.getByRole('row', { name: /Pro, monthly/ })).toContainText('$29.00');
    await expect(cost.getByRole('row', { name: /Unused time on Free/ })).toContainText('$0.00');
    await expect(cost.getByRole('row', { name: /Due now/ })).toContainText('$29.00');
    await shots(page, 'billing-change-plan');
    await page.getByRole('button', { name: 'Confirm and pay $29.00' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan changed' })).toBeVisible();
    await expect(page.getByText('Your account is on the Pro plan from now on.')).toBeVisible();
    const invoiceNumber = (await page.getByText(/^Invoice SB-/).textContent())!.match(/SB-\d{4}-\d{6}/)![0];

    // The invoice is listed and downloads as a PDF with the amount in it.
    await page.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/account\/billing\/invoices\/$/);
    const row = page.getByRole('row', { name: new RegExp(invoiceNumber) });
    await expect(row).toContainText('$29.00');
    await expect(row).toContainText('Open');
    await shots(page, 'billing-invoices');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download invoice ${invoiceNumber} as PDF` }).click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('$29.00');
    expect(text).toContain('Harbour Gates');

    // Overview and the cards tab without a payment provider.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('open-amount')).toHaveText('$29.00');
    await page.getByRole('tab', { name: 'Credit cards' }).click();
    await expect(page.getByText(/no card number ever reaches Scanbase/)).toBeVisible();
    await shots(page, 'billing-creditcards');

    // A downgrade scheduled for the end of the period.
    await page.goto(`${server.url}/account/plans/`);
    await page.getByRole('link', { name: 'At period end: Free, monthly' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a downgrade' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'At the end of the current period' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Cost of the change' }).getByRole('row', { name: /Due now/ })).toContainText('$0.00');
    await page.getByRole('button', { name: 'Schedule change' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My plan' })).toBeVisible();
    await expect(page.getByText(/this account moves to the Free plan \(monthly\)/)).toBeVisible();
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    await shots(page, 'billing-myplan-scheduled');
    await page.goto(`${server.url}/account/billing/business/`);
    await expect(page.getByLabel('Tax id (VAT, EIN, ...)')).toBeVisible();
    await shots(page, 'billing-business');
  } finally {
    await server.stop();
  }
});

/** The loopback Stripe of the server tests (apps/server/src/test/stripe-peer.ts), from the server build. */
type StripePeer = {
  env: Record<string, string>;
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  customerOfAccount(accountId: number): { id: string } | undefined;
  attachCard(customerId: string, card?: { brand?: string; last4?: string }): { id: string };
  event(type: string, object: { id: string }): { payload: string; signature: string };
  close(): Promise<void>;
};

test('with Stripe: cards in Stripe’s own form as far as loopback allows, listed, made default and removed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { startStripePeer } = (await import(join(repoRoot, 'apps/server/dist/test/stripe-peer.js'))) as { startStripePeer: () => Promise<StripePeer> };
  const peer = await startStripePeer();
  const { runDir, smtpUrl } = e2eEnv();
  const plansFile = join(runDir, 'billing-stripe-plans.json');
  writeFileSync(plansFile, JSON.stringify({ ...plans, plans: plans.plans.map((p) => (p.id === 'pro' ? { ...p, stripePriceMonth: 'price_pro_month' } : p)) }));
  const port = await freePort();
  const server = await startScanbase(serverEnv(port, join(runDir, 'billing-stripe-data'), smtpUrl, { PLANS_FILE: plansFile, ...peer.env }));
  // Stripe.js cannot be fetched on loopback: js.stripe.com is cut off, and every attempt is counted.
  const stripeJs: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    stripeJs.push(route.request().url());
    return route.abort();
  });
  try {
    const email = uniqueEmail('stripe');
    const signUp = await request.post(`${server.url}/api-v2/auth/signup/`, { data: { companyName: 'Quay Tickets', name: 'Cai Owner', email, password: PASSWORD } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await waitForLink(email, new RegExp(`http://127\\.0\\.0\\.1:${port}/activation/[^/\\s"<]+/`));
    const { token, user: { accountId } } = await call<{ token: string; user: { accountId: number } }>(request, server.url, undefined, 'auth/verify-email', { token: link.split('/activation/')[1]?.replace(/\/$/, '') });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/account/billing/?websiteToken=${token}`);
    await expect(page.getByText('Payments are handled by Stripe: invoices are charged to the default card.')).toBeVisible();
    await page.getByRole('tab', { name: 'Credit cards' }).click();
    await expect(page.getByText('No card yet. Add one to pay for a paid plan.')).toBeVisible();
    // Stripe.js is loaded only when a card is being added.
    expect(stripeJs).toEqual([]);

    // Add a card: Scanbase starts a SetupIntent for the account's Stripe customer and opens Stripe's form.
    await page.getByRole('button', { name: 'Add a card' }).click();
    await expect(page.getByTestId('stripe-unavailable')).toContainText('Stripe’s card form could not be loaded');
    expect(stripeJs.length).toBeGreaterThan(0);
    const customer = peer.customerOfAccount(accountId);
    expect(customer, 'a Stripe customer for the account').toBeDefined();
    expect(peer.requests.some((r) => r.path === '/v1/setup_intents' && r.body.customer === customer!.id)).toBe(true);
    await shots(page, 'billing-stripe-card-form');
    await page.getByRole('button', { name: 'Close' }).click();

    // What Stripe.js and Stripe would do next: the card is attached to the customer and Stripe signs an event.
    const webhook = async (type: string, object: { id: string }) => {
      const e = peer.event(type, object);
      const res = await request.post(`${server.url}/api-v2/billing/stripe/webhook`, { data: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await webhook('payment_method.attached', peer.attachCard(customer!.id, { brand: 'visa', last4: '4242' }));
    await webhook('payment_method.attached', peer.attachCard(customer!.id, { brand: 'mastercard', last4: '4444' }));
    await page.reload();
    const cards = page.getByRole('list', { name: 'Cards' });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(cards.getByRole('listitem').filter({ hasText: 'Visa ending in 4242' })).toContainText('Default');
    await shots(page, 'billing-stripe-cards');
    await page.getByRole('button', { name: 'Make default: Mastercard ending in 4444' }).click();
    await expect(cards.getByRole('listitem').filter({ hasText: 'Mastercard ending in 4444' })).toContainText('Default');
    await page.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).toContainText('Mastercard ending in 4444');
  } finally {
    await server.stop();
    await peer.close();
  }
});
