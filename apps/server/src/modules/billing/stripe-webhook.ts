import { plainRouteAccess } from '@scanbase/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { BillingRepo } from './billing.repo.js';
import type { PlanCatalogue } from './plan-catalogue.js';
import { priceOf } from './billing.service.js';
import { idOf } from './stripe-provider.js';
import type { MirroredInvoice, StripeRepo } from './stripe.repo.js';

/** Where Stripe posts events (declared in `plainRouteAccess`: public, proven by its signature). */
export const STRIPE_WEBHOOK_PATH = '/api-v2/billing/stripe/webhook';

type Deps = { stripe: Stripe; secret: string; repo: StripeRepo; billing: BillingRepo; catalogue: PlanCatalogue; mailer: Mailer; publicUrl: string; log?: FastifyBaseLogger };

const iso = (unix: number | null | undefined): string | null => (unix ? new Date(unix * 1000).toISOString() : null);

/** Stripe's invoice as we show it: Stripe's number, its lines, amount due in cents. */
function mirrorOf(inv: Stripe.Invoice): MirroredInvoice {
  const status = inv.status === 'paid' ? 'paid' : inv.status === 'void' || inv.status === 'uncollectible' ? 'void' : 'open';
  const lines = (inv.lines?.data ?? []).map((l) => ({ text: l.description ?? 'Subscription', amountCents: l.amount }));
  return {
    providerId: inv.id ?? '',
    number: inv.number ?? inv.id ?? '',
    createdAt: iso(inv.created) ?? new Date().toISOString(),
    description: inv.description ?? lines[0]?.text ?? 'Subscription',
    lines,
    amountCents: inv.amount_due,
    status,
    paidAt: status === 'paid' ? (iso(inv.status_transitions?.paid_at) ?? new Date().toISOString()) : null,
  };
}

/** The customer an event is about (a detached card names it only in previous_attributes). */
function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const before = event.data.previous_attributes as { customer?: string | null } | undefined;
  return idOf(object.customer) ?? before?.customer ?? null;
}

/** Verifies and handles Stripe's webhook events, each once (docs/ACCOUNT-BILLING.md "Stripe"). */
export class StripeWebhooks {
  constructor(private readonly deps: Deps) {}

  /**
   * One delivery: a bad signature throws (400, nothing changes); an event already handled answers `duplicate`; a
   * failure lets go of the event so Stripe's retry handles it.
   */
  async receive(rawBody: Buffer, signature: string): Promise<{ received: true; duplicate: boolean }> {
    const event = this.deps.stripe.webhooks.constructEvent(rawBody, signature, this.deps.secret);
    const customerId = customerOf(event);
    const account = customerId ? await this.deps.repo.byCustomer(customerId) : undefined;
    if (!(await this.deps.repo.claimEvent(event.id, event.type, account?.account_id ?? null))) return { received: true, duplicate: true };
    try {
      if (account) await this.handle(event, account.account_id);
    } catch (error) {
      await this.deps.repo.releaseEvent(event.id);
      throw error;
    }
    return { received: true, duplicate: false };
  }

  private async handle(event: Stripe.Event, accountId: number): Promise<void> {
    const { repo, billing } = this.deps;
    switch (event.type) {
      case 'invoice.finalized':
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.voided': {
        const row = await billing.get(accountId);
        await repo.mirrorInvoice(accountId, mirrorOf(event.data.object), row?.business ?? '{}');
        if (event.type === 'invoice.paid') await repo.update(accountId, { payment_failed_at: null });
        if (event.type === 'invoice.payment_failed') await this.paymentFailed(accountId, event.data.object);
        return;
      }
      case 'customer.subscription.updated':
        return this.subscriptionUpdated(accountId, event.data.object);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(accountId, event.data.object);
      case 'payment_method.attached': {
        // The first card becomes the one invoices are charged to.
        const customerId = customerOf(event)!;
        const customer = await this.deps.stripe.customers.retrieve(customerId);
        if (!('deleted' in customer && customer.deleted) && !customer.invoice_settings?.default_payment_method) {
          await this.deps.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: event.data.object.id } });
        }
        return;
      }
      default:
        // payment_method.detached and the rest: cards are listed from Stripe, nothing is kept here.
        return;
    }
  }

  private async paymentFailed(accountId: number, inv: Stripe.Invoice): Promise<void> {
    await this.deps.repo.update(accountId, { payment_failed_at: new Date().toISOString() });
    const owner = await this.deps.billing.owner(accountId);
    if (!owner) return;
    const amount = `$${(inv.amount_due / 100).toFixed(2)}`;
    await this.deps.mailer.send({
      to: owner.email,
      subject: 'A payment for your Scanbase account failed',
      text: `Hello ${owner.name || 'there'},\n\nThe payment of ${amount} for invoice ${inv.number ?? ''} of ${owner.company} failed. Stripe will try again; to avoid losing your plan, check or add a card:\n${this.deps.publicUrl}/account/billing/creditcards/\n`,
    });
  }

  /** Periods follow Stripe's; a plan changed in Stripe (not one we scheduled for the next period) applies here. */
  private async subscriptionUpdated(accountId: number, sub: Stripe.Subscription): Promise<void> {
    const { repo, billing, catalogue } = this.deps;
    await repo.update(accountId, { subscription_id: sub.id });
    const row = await billing.get(accountId);
    const item = sub.items?.data[0];
    if (!row || !item) return;
    const found = item.price ? catalogue.byStripePrice(item.price.id) : undefined;
    const start = iso(item.current_period_start);
    const end = iso(item.current_period_end);
    const scheduled = found && row.scheduled_plan_id === found.plan.id && (row.scheduled_period ?? row.period) === found.period;
    const patch = found && !scheduled && (found.plan.id !== row.plan_id || found.period !== row.period) ? { plan_id: found.plan.id, period: found.period, price_cents: priceOf(found.plan, found.period) } : {};
    if (start && end && !scheduled) await billing.update(accountId, { ...patch, period_start: start, period_end: end });
    else if (Object.keys(patch).length > 0) await billing.update(accountId, patch);
  }

  /** A subscription Stripe ended (cancelled, or unpaid after its retries) puts the account on the default plan. */
  private async subscriptionDeleted(accountId: number, sub: Stripe.Subscription): Promise<void> {
    const stored = await this.deps.repo.customer(accountId);
    if (stored?.subscription_id && stored.subscription_id !== sub.id) return;
    await this.deps.repo.update(accountId, { subscription_id: null });
    const plan = this.deps.catalogue.defaultPlan;
    await this.deps.billing.update(accountId, { plan_id: plan.id, price_cents: priceOf(plan, 'month'), period: 'month', scheduled_plan_id: null, scheduled_period: null });
  }
}

/** POST /api-v2/billing/stripe/webhook: the raw body is what Stripe signed, so this scope reads it unparsed. */
export function stripeWebhookRoute(app: FastifyInstance, webhooks: StripeWebhooks | null): void {
  if (!plainRouteAccess[`POST ${STRIPE_WEBHOOK_PATH}`]) throw new Error('The Stripe webhook has no entry in plainRouteAccess');
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      if (!webhooks) return reply.code(404).send({ error: 'NOT_FOUND', message: 'Stripe is not configured on this install.' });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: 'BAD_REQUEST', message: 'A signed Stripe event is expected.' });
      let result: { received: true; duplicate: boolean };
      try {
        result = await webhooks.receive(request.body, signature);
      } catch (error) {
        if ((error as { type?: string }).type === 'StripeSignatureVerificationError') return reply.code(400).send({ error: 'BAD_REQUEST', message: 'The Stripe signature does not match.' });
        throw error;
      }
      return reply.send(result);
    });
  });
}
