import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type StripeCustomerRow = { account_id: number; customer_id: string; subscription_id: string | null; payment_failed_at: string | null };

/** A Stripe invoice as we keep it (amounts in cents, lines as shown). */
export type MirroredInvoice = { providerId: string; number: string; createdAt: string; description: string; lines: { text: string; amountCents: number }[]; amountCents: number; status: 'open' | 'paid' | 'void'; paidAt: string | null };

const customerColumns = ['account_id', 'customer_id', 'subscription_id', 'payment_failed_at'] as const;

/** SQL of the Stripe side of billing: customers, handled webhook events, mirrored invoices; scoped to one account. */
export class StripeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async customer(accountId: number): Promise<StripeCustomerRow | undefined> {
    return this.db.selectFrom('stripe_customers').select(customerColumns).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** The account a Stripe customer belongs to (webhooks name the customer). */
  async byCustomer(customerId: string): Promise<StripeCustomerRow | undefined> {
    return this.db.selectFrom('stripe_customers').select(customerColumns).where('customer_id', '=', customerId).executeTakeFirst();
  }

  /** Keeps the first customer stored for an account (two requests at once: the first wins); answers the stored row. */
  async saveCustomer(accountId: number, customerId: string): Promise<StripeCustomerRow> {
    await this.db
      .insertInto('stripe_customers')
      .values({ account_id: accountId, customer_id: customerId, subscription_id: null, payment_failed_at: null, updated_at: nowIso() })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    return (await this.customer(accountId))!;
  }

  async update(accountId: number, patch: Partial<Pick<StripeCustomerRow, 'subscription_id' | 'payment_failed_at'>>): Promise<void> {
    await this.db.updateTable('stripe_customers').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).execute();
  }

  /** Claims a webhook event; false when it was handled before (a replay). */
  async claimEvent(eventId: string, type: string, accountId: number | null): Promise<boolean> {
    const r = await this.db
      .insertInto('stripe_events')
      .values({ event_id: eventId, type, account_id: accountId, received_at: nowIso() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Lets Stripe's retry of an event whose handling failed be handled again. */
  async releaseEvent(eventId: string): Promise<void> {
    await this.db.deleteFrom('stripe_events').where('event_id', '=', eventId).execute();
  }

  /** Inserts or updates the mirror of a Stripe invoice (by its Stripe id); a paid or void one is never made open again. */
  async mirrorInvoice(accountId: number, inv: MirroredInvoice, business: string): Promise<void> {
    const existing = await this.db.selectFrom('invoices').select(['id', 'status']).where('account_id', '=', accountId).where('provider_id', '=', inv.providerId).executeTakeFirst();
    if (!existing) {
      await this.db
        .insertInto('invoices')
        .values({ account_id: accountId, number: inv.number, created_at: inv.createdAt, description: inv.description, lines: JSON.stringify(inv.lines), amount_cents: inv.amountCents, status: inv.status, paid_at: inv.paidAt, business, provider_id: inv.providerId })
        .onConflict((oc) => oc.column('provider_id').doNothing())
        .execute();
      return;
    }
    // A late event never reopens a settled invoice, and a refund recorded here is not undone by a later invoice.paid.
    if ((existing.status !== 'open' && inv.status === 'open') || existing.status === 'refunded') return;
    await this.db
      .updateTable('invoices')
      .set({ number: inv.number, description: inv.description, lines: JSON.stringify(inv.lines), amount_cents: inv.amountCents, status: inv.status, paid_at: inv.paidAt })
      .where('account_id', '=', accountId)
      .where('id', '=', existing.id)
      .execute();
  }

  /** The Stripe id of one of the account's invoices (void and refund go through Stripe). */
  async invoiceProviderId(accountId: number, id: number): Promise<string | null | undefined> {
    const r = await this.db.selectFrom('invoices').select('provider_id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return r ? r.provider_id : undefined;
  }
}
