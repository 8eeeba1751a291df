import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary, createApiKey, legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { linkIn } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { serverEntry } from '../../test/server-entry.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { pdfText, testPlans, writePlanFile } from './billing.test-helpers.js';

type Usage = { key: string; used: number; limit: number };
type MyPlan = { billingEnabled: boolean; plan: { id: string; name: string; priceMonthCents: number }; period: string; periodStart: string; periodEnd: string; creditCents: number; scheduled: { planId: string; period: string } | null; usage: Usage[]; quotaExceededAt: string | null };

const usageOf = (plan: MyPlan, key: string) => plan.usage.find((u) => u.key === key)!;

describe('a new install: one unlimited plan, billing off', () => {
  let t: TestApp;
  let owner: { token: string; accountId: number };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the unlimited plan with usage against every limit, and refuses plan changes', async () => {
    await v2(t.app, 'services/create', { variables: { service_name: 'Gate', validation_method: 'record' } }, owner.token);
    const res = await v2(t.app, 'plan/get', {}, owner.token);
    expect(res.status).toBe(200);
    const plan = res.body as unknown as MyPlan;
    expect(plan).toMatchObject({ billingEnabled: false, plan: { id: 'unlimited', name: 'Unlimited', priceMonthCents: 0 }, period: 'month', scheduled: null, quotaExceededAt: null });
    expect(plan.usage.map((u) => u.key)).toEqual(['scansPerMonth', 'devices', 'appUsers', 'services', 'databaseValues', 'apiPerMinute', 'apiPerDay']);
    expect(usageOf(plan, 'services')).toMatchObject({ used: 1, limit: -1 });
    // Without a plan limit the install's API defaults apply (API_LIMIT_PER_MINUTE / _PER_DAY).
    expect(usageOf(plan, 'apiPerMinute').limit).toBe(600);
    const plans = await v2(t.app, 'plans/list', {}, owner.token);
    expect((plans.body.plans as { id: string }[]).map((p) => p.id)).toEqual(['unlimited']);
    const change = await v2(t.app, 'plan/change', { planId: 'unlimited', period: 'year' }, owner.token);
    expect(change.status).toBe(409);
    expect(change.body.message).toMatch(/Billing is switched off/);
  });
});

describe('plans from PLANS_FILE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLANS_FILE: writePlanFile(testPlans) });
  });
  afterAll(async () => {
    await t.close();
  });

  const setPeriod = async (accountId: number, start: Date, end: Date) => {
    await t.container.db.kysely.updateTable('account_billing').set({ period_start: start.toISOString(), period_end: end.toISOString() }).where('account_id', '=', accountId).execute();
  };

  it('holds the counted limits at their edges and refuses features the plan leaves out', async () => {
    const a = await scanAccount(t);
    await a.must('services/create', { variables: { service_name: 'One', validation_method: 'record' } });
    await a.must('services/create', { variables: { service_name: 'Two', validation_method: 'record' } });
    const third = await a.admin('services/create', { variables: { service_name: 'Three', validation_method: 'record' } });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ error: 'FORBIDDEN', details: { planLimit: 'services', limit: 2, used: 2 } });
    expect(third.body.message).toMatch(/Free plan allows 2 services/);
    // A specialized service is a service: its wizard counts against the same limit.
    const special = await a.admin('specialized/create', { type: 'logistics', name: 'Deliveries' });
    expect(special.status).toBe(403);
    expect(special.body).toMatchObject({ error: 'FORBIDDEN', details: { planLimit: 'services', limit: 2, used: 2 } });

    const db = (await a.must('databases/create', { name: 'Tickets' })).id as number;
    await a.must('databases/add-value', { id: db, value: 'A', response: '', validity: 1 });
    await a.must('databases/add-value', { id: db, value: 'B', response: '', validity: 1 });
    expect((await a.admin('databases/add-value', { id: db, value: 'C', response: '', validity: 1 })).status).toBe(403);

    const user = await a.appUser([]);
    expect((await a.admin('appusers/create', { username: `u${randomUUID().slice(0, 8)}`, password: 'scan-pass-1', serviceIds: [] })).status).toBe(403);

    // Devices: the first signs in, a second new one is refused, the known one still signs in.
    await scannerSignIn(t, user, 'gate-phone-1');
    await expect(scannerSignIn(t, user, 'gate-phone-2')).rejects.toThrow(/403.*plan allows 1 devices/);
    await scannerSignIn(t, user, 'gate-phone-1');

    for (const [path, body] of [['branding/update', { appName: 'Mine' }], ['apikeys/create', { name: 'k' }], ['webhooks/create', { url: 'https://example.com/hook', events: ['scan.created'] }], ['hooks/subscribe', { targetUrl: 'https://example.com/zap', event: 'scan.created' }]] as const) {
      const res = await a.admin(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.details, path).toHaveProperty('planFeature');
    }
    const postback = await a.admin('services/update', { id: 1, variables: { postback_url: 'https://example.com/pb' } });
    expect(postback.body.details).toEqual({ planFeature: 'postback' });

    const plan = (await a.must('plan/get', {})) as unknown as MyPlan;
    expect(plan.plan.id).toBe('free');
    expect([usageOf(plan, 'services'), usageOf(plan, 'databaseValues'), usageOf(plan, 'appUsers'), usageOf(plan, 'devices')].map((u) => [u.used, u.limit])).toEqual([[2, 2], [2, 2], [1, 1], [1, 1]]);
    expect(usageOf(plan, 'apiPerMinute').limit).toBe(5);
  });

  it('stores every scan over the monthly quota, flags the account and mails the owner once', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const user = await a.appUser([service]);
    const scanner = await scannerSignIn(t, user);
    const stored: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await scanner.scan(service, `TICKET-${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      stored.push(res.body.scanId as number);
    }
    const mail = await t.smtp.next(a.owner.email);
    expect(mail.subject).toBe('Your Scanbase account is over its monthly scan quota');
    expect(mail.text).toMatch(/your plan includes 3/);
    expect(mail.text).toContain('http://scanbase.test/account/plans/');
    // Every scan was kept.
    expect(new Set(stored).size).toBe(5);
    const list = await a.must('scans/search', { limit: 50 });
    expect((list.items as unknown[]).length).toBe(5);
    // Checked again (another process, a later scan): still one mail.
    await t.container.billing.afterScan(a.owner.accountId);
    await scanner.scan(service, 'TICKET-6');
    await t.container.billing.afterScan(a.owner.accountId);
    expect(t.smtp.messages.filter((m) => m.to.includes(a.owner.email.toLowerCase()) && m.subject.includes('quota'))).toHaveLength(1);
    const plan = (await a.must('plan/get', {})) as unknown as MyPlan;
    expect(plan.quotaExceededAt).not.toBeNull();
    expect(usageOf(plan, 'scansPerMonth')).toMatchObject({ used: 6, limit: 3 });
    const status = await a.must('plan/status', {});
    expect(status.quotaExceeded).toBe(true);
    expect(status.message).toMatch(/over its plan's 3 scans this month/);

    // Past months on My plan: a scan made two months ago counts in its own month, not in this one.
    const now = new Date();
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
    expect((await scanner.scan(service, 'OLD-1', { scannedAt: month(2).toISOString() })).status).toBe(200);
    const history = ((await a.must('plan/get', {})) as unknown as { scanHistory: { month: string; scans: number }[] }).scanHistory;
    expect(history).toHaveLength(12);
    expect(history[0]!.month).toBe(month(11).toISOString().slice(0, 7));
    expect(history.at(-1)).toEqual({ month: month(0).toISOString().slice(0, 7), scans: 6 });
    expect(history.at(-3)).toEqual({ month: month(2).toISOString().slice(0, 7), scans: 1 });
    expect(history.reduce((n, h) => n + h.scans, 0)).toBe(7);
  });

  it('upgrades now with an invoice, prorates a change mid-period, and renders the invoice PDF', async () => {
    const owner = await signUpVerified(t);
    const call = (path: string, body: unknown) => v2(t.app, path, body, owner.token);
    const preview = await call('plan/preview-change', { planId: 'pro', period: 'month' });
    expect(preview.body).toMatchObject({ kind: 'upgrade', timing: 'now', fromPlan: 'Free', toPlan: 'Pro', newPriceCents: 2900, unusedCreditCents: 0, amountDueCents: 2900, overLimits: [] });
    const changed = await call('plan/change', { planId: 'pro', period: 'month' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.invoice).toMatchObject({ amountCents: 2900, status: 'open', description: 'Change to the Pro plan (monthly)' });
    expect((changed.body.plan as MyPlan).plan.id).toBe('pro');

    // Half of a 30-day period left, less a minute: $14.50 of unused time comes off the yearly price, and 14 whole days
    // are left (with exactly half left, the answer depended on whether a millisecond passed before the server's clock).
    const end = Date.now() + 15 * 86_400_000 - 60_000;
    await setPeriod(owner.accountId, new Date(end - 30 * 86_400_000), new Date(end));
    const yearly = await call('plan/preview-change', { planId: 'pro', period: 'year' });
    expect(yearly.body).toMatchObject({ kind: 'downgrade', newPriceCents: 29000, unusedCreditCents: 1450, amountDueCents: 27550, daysLeft: 14 });
    const done = await call('plan/change', { planId: 'pro', period: 'year', timing: 'now' });
    expect(done.body.invoice).toMatchObject({ amountCents: 27550, status: 'open' });

    const invoices = (await call('billing/invoices/list', {})).body.items as { id: number; number: string; amountCents: number }[];
    expect(invoices.map((i) => i.amountCents)).toEqual([27550, 2900]);
    expect(invoices[0]!.number).toMatch(/^SB-\d{4}-\d{6}$/);

    await call('billing/business/update', { companyName: 'Acme <Gates> & Co', addressLine1: '1 Main St', addressLine2: '', city: 'Springfield', postalCode: '12345', country: 'US', taxId: 'US-123', billingEmail: 'ap@acme.test' });
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/billing/invoices/pdf/', payload: { id: invoices[0]!.id }, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoices[0]!.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('$275.50');
    expect(text).toContain('-$14.50');
    expect(text).toContain('$290.00');
    expect(text).toContain(invoices[0]!.number);
    // The business details of the time of the invoice: this one was issued before they were entered.
    expect(text).not.toContain('US-123');

    const overview = await call('billing/overview', {});
    expect(overview.body).toMatchObject({ planName: 'Pro', period: 'year', priceCents: 29000, openInvoices: 2, openAmountCents: 30450, business: { taxId: 'US-123' } });
    // Another account cannot read it.
    const other = await signUpVerified(t);
    expect((await v2(t.app, 'billing/invoices/pdf', { id: invoices[0]!.id }, other.token)).status).toBe(404);
  });

  it('schedules a downgrade for the end of the period, applies it then, and renews with an invoice', async () => {
    const owner = await signUpVerified(t);
    const call = (path: string, body: unknown) => v2(t.app, path, body, owner.token);
    await call('plan/change', { planId: 'team', period: 'month' });
    const scheduled = await call('plan/change', { planId: 'pro', period: 'month', timing: 'period_end' });
    expect(scheduled.body.invoice).toBeNull();
    const plan = scheduled.body.plan as MyPlan;
    expect(plan.plan.id).toBe('team');
    expect(plan.scheduled).toMatchObject({ planId: 'pro', period: 'month' });
    // The period ends: the next one is on Pro and billed at its price.
    const start = new Date(Date.now() - 31 * 86_400_000);
    await setPeriod(owner.accountId, start, new Date(Date.now() - 60_000));
    const after = (await call('plan/get', {})).body as unknown as MyPlan;
    expect(after).toMatchObject({ plan: { id: 'pro' }, scheduled: null });
    expect(new Date(after.periodEnd).getTime()).toBeGreaterThan(Date.now());
    const invoices = (await call('billing/invoices/list', {})).body.items as { amountCents: number; description: string }[];
    expect(invoices[0]!.amountCents).toBe(2900);
    expect(invoices[0]!.description).toMatch(/^Pro plan renewal/);
    expect(invoices[1]).toMatchObject({ amountCents: 9950 });
  });

  it('refuses a change down while usage is over the new limits, and a change to the plan already held', async () => {
    const a = await scanAccount(t);
    await a.must('plan/change', { planId: 'pro', period: 'month' });
    for (const name of ['One', 'Two', 'Three']) await a.must('services/create', { variables: { service_name: name, validation_method: 'record' } });
    const preview = await a.admin('plan/preview-change', { planId: 'free', period: 'month', timing: 'period_end' });
    expect(preview.body.overLimits).toEqual([{ key: 'services', label: 'Services', used: 3, limit: 2 }]);
    const refused = await a.admin('plan/change', { planId: 'free', period: 'month' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/services 3 of 2/);
    expect((await a.admin('plan/change', { planId: 'pro', period: 'month' })).status).toBe(409);
    expect((await a.admin('plan/change', { planId: 'gold', period: 'month' })).status).toBe(404);
  });

  it('only the owner and members with the billing privilege see or change billing', async () => {
    const owner = await signUpVerified(t);
    const member = async (role: string, billing: boolean) => {
      const email = uniqueEmail(role);
      const invited = await v2(t.app, 'team/invite', { email, name: role, role, privileges: { user: true, webapp_login: true, billing } }, owner.token);
      expect(invited.status).toBe(200);
      const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
      const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: role, password: 'member password 1' });
      return accepted.body.token as string;
    };
    const adminNoBilling = await member('admin', false);
    const billingAdmin = await member('billing_admin', true);
    const billingAdminWithout = await member('billing_admin', false);
    const billingRoutes: [string, unknown][] = [
      ['billing/overview', {}],
      ['billing/business/update', { companyName: 'X', addressLine1: '', addressLine2: '', city: '', postalCode: '', country: '', taxId: '', billingEmail: '' }],
      ['billing/invoices/list', {}],
      ['billing/invoices/pdf', { id: 1 }],
      ['plan/preview-change', { planId: 'pro', period: 'month' }],
      ['plan/change', { planId: 'pro', period: 'month', timing: 'period_end' }],
      ['plan/cancel-scheduled', {}],
      ['billing/cards/list', {}],
    ];
    for (const [path, body] of billingRoutes) {
      for (const token of [adminNoBilling, billingAdminWithout]) expect((await v2(t.app, path, body, token)).status, path).toBe(403);
      for (const token of [billingAdmin, owner.token]) expect([200, 404], path).toContain((await v2(t.app, path, body, token)).status);
    }
    // Plan and usage are for every admin.
    for (const path of ['plan/get', 'plans/list', 'plan/status']) expect((await v2(t.app, path, {}, adminNoBilling)).status, path).toBe(200);
    expect((await v2(t.app, 'plan/get', {})).status).toBe(401);
  });

  it("the operator's CLI checks a plan file and marks an invoice paid", async () => {
    const run = async (args: string[]) => {
      const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database.kind === 'postgres' ? t.config.database.url : '', SMTP_URL: t.config.smtpUrl, PLANS_FILE: t.config.plansFile, LOG_LEVEL: 'warn' };
      try {
        const r = await promisify(execFile)(process.execPath, [...serverEntry('cli'), ...args], { env, cwd: path.join(import.meta.dirname, '..', '..', '..') });
        return { out: r.stdout, code: 0 };
      } catch (error) {
        const e = error as { stdout: string; stderr: string; code: number };
        return { out: e.stdout + e.stderr, code: e.code };
      }
    };
    const bad = writePlanFile({ plans: [{ id: 'basic', name: 'Basic', priceMonth: 9.999, priceYear: 99 }] });
    const checked = await run(['plans:check', bad]);
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(/plans\.0\.priceMonth: At most two decimals/);

    const owner = await signUpVerified(t);
    const changed = await v2(t.app, 'plan/change', { planId: 'team', period: 'month' }, owner.token);
    const number = (changed.body.invoice as { number: string }).number;
    const paid = await run(['invoice:paid', number]);
    expect(paid.out).toBe(`Invoice ${number} ($99.50) is marked paid.\n`);
    const listed = (await v2(t.app, 'billing/invoices/list', {}, owner.token)).body.items as { status: string; paidAt: string | null }[];
    expect(listed[0]).toMatchObject({ status: 'paid' });
    expect(listed[0]!.paidAt).not.toBeNull();
    expect((await t.container.billing.markPaid(number)).changed).toBe(false);
    // Without a payment provider the operator records a refund they made; an invoice already paid cannot be voided.
    expect((await run(['invoice:void', number])).out).toBe(`Invoice ${number} is paid, not open; nothing changed.\n`);
    expect((await run(['invoice:refund', number])).out).toBe(`Invoice ${number} ($99.50) is refunded.\n`);
    expect(((await v2(t.app, 'billing/invoices/list', {}, owner.token)).body.items as { status: string }[])[0]).toMatchObject({ status: 'refunded' });
  }, 240_000);

  it('legacy API: the plan sets the per-minute limit (111) and the counted limits answer code 10 with the reason', async () => {
    const owner = await signUpVerified(t);
    await t.container.billing.assignPlan(owner.accountId, 'team', 'month');
    const key = await createApiKey(t, owner.token);
    const create = () => legacy(t.app, { api_key: key, section: 'users', action: 'create', username: `u${randomUUID().slice(0, 8)}`, password: 'scan-pass-1' });
    await awayFromWindowBoundary();
    for (let i = 0; i < 3; i++) {
      const r = await create();
      expect(r.status, r.raw).toBe('1');
    }
    const full = await create();
    expect(full.errorCode).toBe('10');
    expect(full.raw).toMatch(/Team plan allows 3 app users/);
    expect((await create()).errorCode).toBe('111');
    expect(await t.container.billing.apiPlan((await signUpVerified(t)).accountId)).toEqual({ perMinute: 5, perDay: 100, api: false });
  });
});

describe('tax from the plan file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLANS_FILE: writePlanFile({ ...testPlans, taxRates: [{ country: 'Germany', name: 'VAT', percent: 19, exemptWithTaxId: true }] }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds the billing country’s tax to our invoices, or a reverse-charge line for an account with a tax id', async () => {
    const business = { companyName: 'Hafen GmbH', addressLine1: 'Kai 1', addressLine2: '', city: 'Hamburg', postalCode: '20457', country: 'germany', taxId: '', billingEmail: '' };
    const taxed = await signUpVerified(t);
    await v2(t.app, 'billing/business/update', business, taxed.token);
    const invoice = (await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, taxed.token)).body.invoice as { id: number; amountCents: number };
    expect(invoice.amountCents).toBe(3451);
    const pdf = await t.app.inject({ method: 'POST', url: '/api-v2/billing/invoices/pdf/', payload: { id: invoice.id }, headers: { authorization: `Bearer ${taxed.token}` } });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('VAT 19% (germany)');
    expect(text).toContain('$5.51');
    expect(text).toContain('$34.51');

    const exempt = await signUpVerified(t);
    await v2(t.app, 'billing/business/update', { ...business, taxId: 'DE123456789' }, exempt.token);
    const plain = (await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, exempt.token)).body.invoice as { id: number; amountCents: number };
    expect(plain.amountCents).toBe(2900);
    const exemptPdf = await t.app.inject({ method: 'POST', url: '/api-v2/billing/invoices/pdf/', payload: { id: plain.id }, headers: { authorization: `Bearer ${exempt.token}` } });
    expect(pdfText(exemptPdf.rawPayload)).toContain('VAT: reverse charge (tax id DE123456789)');

    // Another country: no tax line.
    const elsewhere = await signUpVerified(t);
    await v2(t.app, 'billing/business/update', { ...business, country: 'France' }, elsewhere.token);
    expect(((await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, elsewhere.token)).body.invoice as { amountCents: number }).amountCents).toBe(2900);
  });
});
