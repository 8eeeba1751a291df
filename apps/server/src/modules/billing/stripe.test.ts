import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { linkIn } from '../../test/smtp-catcher.js';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testPlans, writePlanFile } from './billing.test-helpers.js';

type Card = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };
type Invoice = { id: number; number: string; amountCents: number; status: string; paidAt: string | null; description: string };

// The test plans, with the Stripe prices an operator would put in the plan file.
const stripePlans = {
  ...testPlans,
  plans: testPlans.plans.map((p) => (p.id === 'pro' ? { ...p, stripePriceMonth: 'price_pro_month', stripePriceYear: 'price_pro_year' } : p.id === 'team' ? { ...p, stripePriceMonth: 'price_team_month' } : p)),
};

describe('Stripe as the payment provider (a loopback Stripe)', () => {
  let t: TestApp;
  let peer: StripePeer;
  beforeAll(async () => {
    peer = await startStripePeer();
    t = await createTestApp({ PLANS_FILE: writePlanFile(stripePlans), ...peer.env });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (payload: string, signature?: string) =>
    t.app.inject({ method: 'POST', url: '/api-v2/billing/stripe/webhook', payload, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });
  const cards = async (token: string) => ((await v2(t.app, 'billing/cards/list', {}, token)).body.items as Card[]).map((c) => `${c.brand} ${c.last4}${c.isDefault ? ' default' : ''}`);
  const invoices = async (token: string) => (await v2(t.app, 'billing/invoices/list', {}, token)).body.items as Invoice[];

  /** An owner whose Stripe customer exists (the card form was opened) and holds a card. */
  const withCard = async () => {
    const owner = await signUpVerified(t);
    const setup = await v2(t.app, 'billing/cards/setup', {}, owner.token);
    expect(setup.status).toBe(200);
    const customer = peer.customerOfAccount(owner.accountId)!;
    const card = peer.attachCard(customer.id);
    return { owner, customer, card };
  };

  it('adds a card through a SetupIntent (no card number reaches Scanbase), makes it default and removes it', async () => {
    const owner = await signUpVerified(t);
    const list = await v2(t.app, 'billing/cards/list', {}, owner.token);
    expect(list.body).toEqual({ paymentProvider: 'stripe', publishableKey: 'pk_test_scanbase_peer', items: [] });
    const overview = await v2(t.app, 'billing/overview', {}, owner.token);
    expect(overview.body).toMatchObject({ paymentProvider: 'stripe', paymentFailedAt: null });
    // Stripe Elements may load: Stripe.js from js.stripe.com, its card frames, calls to api.stripe.com.
    const csp = String(overview.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);

    const setup = await v2(t.app, 'billing/cards/setup', {}, owner.token);
    expect(setup.status).toBe(200);
    expect(setup.body.publishableKey).toBe('pk_test_scanbase_peer');
    expect(setup.body.clientSecret).toMatch(/^seti_.+_secret_/);
    // One Stripe customer per account, carrying the account id; a second card form reuses it.
    await v2(t.app, 'billing/cards/setup', {}, owner.token);
    const customer = peer.customerOfAccount(owner.accountId)!;
    expect(customer.email).toBe(owner.email);
    expect(peer.requests.filter((r) => r.path === '/v1/customers' && r.body.metadata && (r.body.metadata as Record<string, string>).accountId === String(owner.accountId))).toHaveLength(1);
    const intents = peer.requests.filter((r) => r.path === '/v1/setup_intents' && r.body.customer === customer.id);
    expect(intents).toHaveLength(2);
    expect(intents[0]!.body).toMatchObject({ usage: 'off_session' });

    // Stripe.js confirms the card in the browser; Stripe tells us with payment_method.attached.
    const first = peer.attachCard(customer.id, { brand: 'visa', last4: '4242' });
    const attached = peer.event('payment_method.attached', first);
    expect((await post(attached.payload, attached.signature)).statusCode).toBe(200);
    expect(await cards(owner.token)).toEqual(['visa 4242 default']);
    const second = peer.attachCard(customer.id, { brand: 'mastercard', last4: '4444' });
    const made = await v2(t.app, 'billing/cards/set-default', { paymentMethodId: second.id }, owner.token);
    expect(made.status).toBe(200);
    expect((made.body.items as Card[]).map((c) => `${c.last4}${c.isDefault ? ' default' : ''}`)).toEqual(['4242', '4444 default']);
    expect((await v2(t.app, 'billing/cards/remove', { paymentMethodId: first.id }, owner.token)).status).toBe(200);
    expect(await cards(owner.token)).toEqual(['mastercard 4444 default']);

    // Another account's card is no card of this one.
    const other = await withCard();
    expect((await v2(t.app, 'billing/cards/remove', { paymentMethodId: other.card.id }, owner.token)).status).toBe(404);
    expect((await v2(t.app, 'billing/cards/set-default', { paymentMethodId: other.card.id }, owner.token)).status).toBe(404);
    expect(await cards(other.owner.token)).toEqual(['visa 4242']);
  });

  it('a member without the billing privilege cannot touch cards', async () => {
    const owner = await signUpVerified(t);
    const email = uniqueEmail('admin');
    await v2(t.app, 'team/invite', { email, name: 'Admin', role: 'admin', privileges: { user: true, webapp_login: true, billing: false } }, owner.token);
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    const token = (await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Admin', password: 'member password 1' })).body.token as string;
    for (const [path, body] of [['billing/cards/list', {}], ['billing/cards/setup', {}], ['billing/cards/set-default', { paymentMethodId: 'pm_x' }], ['billing/cards/remove', { paymentMethodId: 'pm_x' }]] as const) {
      expect((await v2(t.app, path, body, token)).status, path).toBe(403);
    }
    expect(peer.customerOfAccount(owner.accountId)).toBeUndefined();
  });

  it('a plan change subscribes in Stripe (our proration is still shown first); Stripe’s invoices are mirrored from webhooks', async () => {
    const bare = await signUpVerified(t);
    const refused = await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, bare.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Add a card/);
    expect((await v2(t.app, 'plan/get', {}, bare.token)).body.plan).toMatchObject({ id: 'free' });

    const { owner, customer } = await withCard();
    const preview = await v2(t.app, 'plan/preview-change', { planId: 'pro', period: 'month' }, owner.token);
    expect(preview.body).toMatchObject({ kind: 'upgrade', amountDueCents: 2900 });
    const changed = await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, owner.token);
    expect(changed.status).toBe(200);
    expect(changed.body.invoice).toBeNull();
    expect(changed.body.plan).toMatchObject({ paymentProvider: 'stripe', plan: { id: 'pro' } });
    const sub = [...peer.subscriptions.values()].find((s) => s.customer === customer.id)!;
    expect((sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id).toBe('price_pro_month');
    expect(sub.metadata).toMatchObject({ accountId: String(owner.accountId), planId: 'pro' });
    // No invoice of ours: Stripe's arrives by webhook.
    expect(await invoices(owner.token)).toEqual([]);
    const opened = peer.invoice(customer.id, { number: 'STR-0001', amountCents: 2900, status: 'open', subscription: sub.id });
    const finalized = peer.event('invoice.finalized', opened);
    expect((await post(finalized.payload, finalized.signature)).statusCode).toBe(200);
    expect(await invoices(owner.token)).toMatchObject([{ number: 'STR-0001', amountCents: 2900, status: 'open', paidAt: null }]);
    const paid = peer.event('invoice.paid', { ...opened, status: 'paid', status_transitions: { paid_at: Math.floor(Date.now() / 1000) } });
    expect((await post(paid.payload, paid.signature)).statusCode).toBe(200);
    const [mirrored] = await invoices(owner.token);
    expect(mirrored).toMatchObject({ number: 'STR-0001', amountCents: 2900, status: 'paid' });
    expect(mirrored!.paidAt).not.toBeNull();
    // The PDF is still ours, with Stripe's number and lines.
    const pdf = await t.app.inject({ method: 'POST', url: '/api-v2/billing/invoices/pdf/', payload: { id: mirrored!.id }, headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.statusCode).toBe(200);

    // Up to Team now: the subscription item changes and Stripe prorates at once.
    expect((await v2(t.app, 'plan/change', { planId: 'team', period: 'month' }, owner.token)).status).toBe(200);
    expect((peer.subscriptions.get(sub.id)!.items as { data: { price: { id: string } }[] }).data[0]!.price.id).toBe('price_team_month');
    expect(peer.subscriptions.get(sub.id)!.last_proration_behavior).toBe('always_invoice');
    // Down to Pro at period end: the next invoice is at Pro's price, the plan here changes at the renewal.
    expect((await v2(t.app, 'plan/change', { planId: 'pro', period: 'month', timing: 'period_end' }, owner.token)).status).toBe(200);
    expect(peer.subscriptions.get(sub.id)!.last_proration_behavior).toBe('none');
    const updated = peer.event('customer.subscription.updated', peer.subscriptions.get(sub.id)!);
    await post(updated.payload, updated.signature);
    expect((await v2(t.app, 'plan/get', {}, owner.token)).body).toMatchObject({ plan: { id: 'team' }, scheduled: { planId: 'pro' } });
    // A plan without a Stripe price for the period cannot be bought.
    const noPrice = await v2(t.app, 'plan/change', { planId: 'team', period: 'year' }, owner.token);
    expect(noPrice.status).toBe(409);
    expect(noPrice.body.message).toMatch(/no Stripe price for yearly billing/);
  });

  it('a failed payment flags the account and mails the owner once; a paid invoice clears the flag', async () => {
    const { owner, customer } = await withCard();
    const failed = peer.event('invoice.payment_failed', peer.invoice(customer.id, { number: 'STR-0100', amountCents: 2900, status: 'open' }));
    expect((await post(failed.payload, failed.signature)).statusCode).toBe(200);
    const mail = await t.smtp.next(owner.email);
    expect(mail.subject).toBe('A payment for your Scanbase account failed');
    expect(mail.text).toContain('$29.00');
    expect(mail.text).toContain('http://scanbase.test/account/billing/creditcards/');
    expect((await v2(t.app, 'billing/overview', {}, owner.token)).body.paymentFailedAt).not.toBeNull();
    expect((await v2(t.app, 'plan/status', {}, owner.token)).body).toEqual({ quotaExceeded: false, message: 'The last payment for this account failed. Check the card under Billing, Credit cards.' });
    expect(await invoices(owner.token)).toMatchObject([{ number: 'STR-0100', status: 'open' }]);

    // The same event again (Stripe retries, or someone replays it): nothing changes and no second mail.
    const mailsBefore = t.smtp.messages.filter((m) => m.to === owner.email).length;
    const replay = await post(failed.payload, failed.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const paid = peer.event('invoice.paid', peer.invoice(customer.id, { number: 'STR-0100', amountCents: 2900, status: 'paid', id: (JSON.parse(failed.payload) as { data: { object: { id: string } } }).data.object.id }));
    await post(paid.payload, paid.signature);
    expect((await v2(t.app, 'billing/overview', {}, owner.token)).body.paymentFailedAt).toBeNull();
    expect(await invoices(owner.token)).toMatchObject([{ number: 'STR-0100', status: 'paid' }]);
    // A replayed failure of the now-paid invoice neither reopens it nor flags the account.
    await post(failed.payload, failed.signature);
    expect(await invoices(owner.token)).toMatchObject([{ number: 'STR-0100', status: 'paid' }]);
    expect((await v2(t.app, 'billing/overview', {}, owner.token)).body.paymentFailedAt).toBeNull();
    expect(t.smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(mailsBefore);
  });

  it('a badly signed or unsigned webhook changes nothing', async () => {
    const { owner, customer } = await withCard();
    const forged = peer.event('invoice.payment_failed', peer.invoice(customer.id, { number: 'STR-0200', amountCents: 9950, status: 'open' }), { secret: 'whsec_someone_else' });
    const bad = await post(forged.payload, forged.signature);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The Stripe signature does not match.' });
    // A genuine signature over another body does not carry a changed body.
    const genuine = peer.event('invoice.payment_failed', peer.invoice(customer.id, { number: 'STR-0201', amountCents: 100, status: 'open' }));
    expect((await post(genuine.payload.replace('STR-0201', 'STR-0202'), genuine.signature)).statusCode).toBe(400);
    expect((await post(genuine.payload)).statusCode).toBe(400);
    expect(await invoices(owner.token)).toEqual([]);
    expect((await v2(t.app, 'billing/overview', {}, owner.token)).body.paymentFailedAt).toBeNull();
    // The genuine event, once, does count: so the refusals above were about the signature.
    expect((await post(genuine.payload, genuine.signature)).statusCode).toBe(200);
    expect(await invoices(owner.token)).toMatchObject([{ number: 'STR-0201' }]);
  });

  it("the operator voids an open Stripe invoice and refunds a paid one, through Stripe", async () => {
    const { owner, customer } = await withCard();
    const open = peer.invoice(customer.id, { number: 'STR-0300', amountCents: 2900, status: 'open' });
    const paid = peer.invoice(customer.id, { number: 'STR-0301', amountCents: 9950, status: 'paid' });
    for (const inv of [open, paid]) {
      const e = peer.event(inv.status === 'paid' ? 'invoice.paid' : 'invoice.finalized', inv);
      await post(e.payload, e.signature);
    }
    expect(await t.container.billing.settleInvoice('STR-0300', 'refund')).toMatchObject({ found: true, changed: false, status: 'open' });
    expect(await t.container.billing.settleInvoice('STR-0300', 'void')).toEqual({ found: true, changed: true, amount: '$29.00', status: 'void' });
    expect(peer.requests.some((r) => r.path === `/v1/invoices/${open.id}/void`)).toBe(true);
    expect(await t.container.billing.settleInvoice('STR-0301', 'refund')).toEqual({ found: true, changed: true, amount: '$99.50', status: 'refunded' });
    expect(peer.refunds.filter((r) => r.payment_intent === `pi_for_${paid.id}`)).toHaveLength(1);
    // Stripe's own event for the void arrives later and changes nothing more; a second refund is refused.
    const voided = peer.event('invoice.voided', { ...open, status: 'void' });
    await post(voided.payload, voided.signature);
    expect(await t.container.billing.settleInvoice('STR-0301', 'refund')).toMatchObject({ changed: false, status: 'refunded' });
    expect(peer.refunds.filter((r) => r.payment_intent === `pi_for_${paid.id}`)).toHaveLength(1);
    const byNumber = Object.fromEntries((await invoices(owner.token)).map((i) => [i.number, i.status]));
    expect(byNumber).toEqual({ 'STR-0300': 'void', 'STR-0301': 'refunded' });
  });

  it('a subscription Stripe ends puts the account on the default plan', async () => {
    const { owner, customer } = await withCard();
    await v2(t.app, 'plan/change', { planId: 'pro', period: 'month' }, owner.token);
    const sub = [...peer.subscriptions.values()].find((s) => s.customer === customer.id)!;
    const deleted = peer.event('customer.subscription.deleted', { ...sub, status: 'canceled' });
    expect((await post(deleted.payload, deleted.signature)).statusCode).toBe(200);
    expect((await v2(t.app, 'plan/get', {}, owner.token)).body.plan).toMatchObject({ id: 'free' });
  });
});

describe('without Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLANS_FILE: writePlanFile(testPlans) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no cards, refuses the card form, and answers the webhook address 404', async () => {
    const owner = await signUpVerified(t);
    expect((await v2(t.app, 'billing/cards/list', {}, owner.token)).body).toEqual({ paymentProvider: null, publishableKey: null, items: [] });
    expect((await v2(t.app, 'billing/cards/setup', {}, owner.token)).status).toBe(409);
    expect(String((await v2(t.app, 'plan/get', {}, owner.token)).headers['content-security-policy'])).not.toContain('stripe.com');
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/billing/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(res.statusCode).toBe(404);
  });
});
