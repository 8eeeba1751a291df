import type { BillingPeriod, Card, Plan } from '@scanbase/contracts';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { lazyPackage } from '../../platform/lazy-package.js';
import type { BillingRepo } from './billing.repo.js';
import type { PlanCatalogue } from './plan-catalogue.js';
import type { StripeCustomerRow, StripeRepo } from './stripe.repo.js';

/** What billing asks of a payment provider; without one, the operator marks invoices paid (docs/ACCOUNT-BILLING.md). */
export type PaymentProvider = {
  readonly name: 'stripe';
  readonly publishableKey: string | null;
  cards(accountId: number): Promise<Card[]>;
  setupCard(accountId: number): Promise<{ clientSecret: string; publishableKey: string }>;
  setDefaultCard(accountId: number, paymentMethodId: string): Promise<void>;
  removeCard(accountId: number, paymentMethodId: string): Promise<void>;
  /** Puts the Stripe subscription on a plan: now (Stripe prorates and invoices at once) or from the next renewal. */
  subscribe(accountId: number, plan: Plan, period: BillingPeriod, timing: 'now' | 'period_end'): Promise<void>;
  paymentFailedAt(accountId: number): Promise<string | null>;
  /** Voids an open invoice the provider issued. */
  voidInvoice(providerInvoiceId: string): Promise<void>;
  /** Refunds in full what was paid for an invoice the provider issued. */
  refundInvoice(providerInvoiceId: string): Promise<void>;
};

/** The `stripe` package, loaded only on installs that configure Stripe. */
const stripePackage = lazyPackage<typeof Stripe>('stripe');

/** The official `stripe` client from STRIPE_* settings (host, port and protocol for a loopback peer or a proxy). */
export function stripeClient(config: NonNullable<Config['stripe']>): Stripe {
  const StripeClient = stripePackage();
  return new StripeClient(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Stripe's id of a field that may come expanded or as an id. */
export function idOf(v: string | { id: string } | null | undefined): string | null {
  return v == null ? null : typeof v === 'string' ? v : v.id;
}

/** Stripe through its official package: a customer per account, cards by SetupIntent in Stripe Elements, subscriptions. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;

  constructor(
    readonly stripe: Stripe,
    private readonly deps: { repo: StripeRepo; billing: BillingRepo; catalogue: PlanCatalogue; publishableKey: string },
  ) {
    this.publishableKey = deps.publishableKey || null;
  }

  /** The account's Stripe customer, created on first use with the account id in its metadata. */
  async customer(accountId: number): Promise<StripeCustomerRow> {
    const stored = await this.deps.repo.customer(accountId);
    if (stored) return stored;
    const owner = await this.deps.billing.owner(accountId);
    const created = await this.stripe.customers.create(
      { email: owner?.email, name: owner?.company || undefined, metadata: { accountId: String(accountId) } },
      // Two requests at once create one customer: Stripe answers the same one for the same key.
      { idempotencyKey: `scanbase-customer-${accountId}` },
    );
    return this.deps.repo.saveCustomer(accountId, created.id);
  }

  async cards(accountId: number): Promise<Card[]> {
    const stored = await this.deps.repo.customer(accountId);
    if (!stored) return [];
    const [customer, methods] = await Promise.all([this.stripe.customers.retrieve(stored.customer_id), this.stripe.customers.listPaymentMethods(stored.customer_id, { type: 'card', limit: 100 })]);
    const defaultId = 'deleted' in customer && customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
    return methods.data.map((pm) => ({ id: pm.id, brand: pm.card?.brand ?? 'card', last4: pm.card?.last4 ?? '', expMonth: pm.card?.exp_month ?? 0, expYear: pm.card?.exp_year ?? 0, isDefault: pm.id === defaultId }));
  }

  async setupCard(accountId: number): Promise<{ clientSecret: string; publishableKey: string }> {
    if (!this.publishableKey) throw new AppError('CONFLICT', 'Cards cannot be added here: the install has no Stripe publishable key (STRIPE_PUBLISHABLE_KEY).');
    const { customer_id } = await this.customer(accountId);
    const intent = await this.stripe.setupIntents.create({ customer: customer_id, usage: 'off_session', metadata: { accountId: String(accountId) } });
    if (!intent.client_secret) throw new AppError('CONFLICT', 'Stripe did not start the card form. Try again.');
    return { clientSecret: intent.client_secret, publishableKey: this.publishableKey };
  }

  /** A payment method of this account's customer, or 404: another account's card id changes nothing. */
  private async own(accountId: number, paymentMethodId: string): Promise<string> {
    const stored = await this.deps.repo.customer(accountId);
    const pm = stored ? await this.stripe.paymentMethods.retrieve(paymentMethodId).catch(() => null) : null;
    if (!stored || !pm || idOf(pm.customer) !== stored.customer_id) throw new AppError('NOT_FOUND', 'There is no such card on this account.');
    return stored.customer_id;
  }

  async setDefaultCard(accountId: number, paymentMethodId: string): Promise<void> {
    const customerId = await this.own(accountId, paymentMethodId);
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
  }

  async removeCard(accountId: number, paymentMethodId: string): Promise<void> {
    await this.own(accountId, paymentMethodId);
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async subscribe(accountId: number, plan: Plan, period: BillingPeriod, timing: 'now' | 'period_end'): Promise<void> {
    const stored = await this.customer(accountId);
    const paid = (period === 'month' ? plan.priceMonthCents : plan.priceYearCents) > 0;
    const current = stored.subscription_id ? await this.stripe.subscriptions.retrieve(stored.subscription_id).catch(() => null) : null;
    const live = current && current.status !== 'canceled' && current.status !== 'incomplete_expired' ? current : null;
    if (!paid) {
      // A free plan has no subscription: now ends it at once, at period end lets it run out.
      if (live && timing === 'now') await this.stripe.subscriptions.cancel(live.id, { prorate: true, invoice_now: true });
      else if (live) await this.stripe.subscriptions.update(live.id, { cancel_at_period_end: true });
      if (timing === 'now') await this.deps.repo.update(accountId, { subscription_id: null });
      return;
    }
    const price = this.deps.catalogue.stripePrice(plan.id, period);
    if (!price) throw new AppError('CONFLICT', `The ${plan.name} plan has no Stripe price for ${period === 'month' ? 'monthly' : 'yearly'} billing; whoever runs this install sets it in the plan file.`);
    if ((await this.cards(accountId)).length === 0) throw new AppError('CONFLICT', 'Add a card under Billing, Credit cards first.');
    const metadata = { accountId: String(accountId), planId: plan.id };
    if (!live) {
      const created = await this.stripe.subscriptions.create({ customer: stored.customer_id, items: [{ price }], metadata, payment_behavior: 'allow_incomplete' });
      await this.deps.repo.update(accountId, { subscription_id: created.id });
      return;
    }
    const item = live.items.data[0];
    await this.stripe.subscriptions.update(live.id, {
      items: [item ? { id: item.id, price } : { price }],
      metadata,
      cancel_at_period_end: false,
      // Now: Stripe prorates and invoices the difference at once. At period end: the new price from the next invoice.
      proration_behavior: timing === 'now' ? 'always_invoice' : 'none',
    });
  }

  async voidInvoice(providerInvoiceId: string): Promise<void> {
    await this.stripe.invoices.voidInvoice(providerInvoiceId);
  }

  async refundInvoice(providerInvoiceId: string): Promise<void> {
    const payments = await this.stripe.invoicePayments.list({ invoice: providerInvoiceId, limit: 10 });
    const paid = payments.data.find((p) => p.status === 'paid' && p.payment.type === 'payment_intent');
    const intent = idOf(paid?.payment.payment_intent);
    if (!intent) throw new AppError('CONFLICT', 'Stripe has no card payment for this invoice to refund.');
    await this.stripe.refunds.create({ payment_intent: intent, metadata: { invoice: providerInvoiceId } }, { idempotencyKey: `scanbase-refund-${providerInvoiceId}` });
  }

  async paymentFailedAt(accountId: number): Promise<string | null> {
    return (await this.deps.repo.customer(accountId))?.payment_failed_at ?? null;
  }
}
