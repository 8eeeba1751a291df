import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { timestampType } from '../dialect.js';

/**
 * Stripe as the payment provider (issue 15, docs/ACCOUNT-BILLING.md "Stripe"): the Stripe customer and subscription of
 * an account and when its last payment failed; the ids of webhook events already handled (a replay changes nothing);
 * and, on invoices, the Stripe invoice an invoice mirrors. No card data is stored: cards live in Stripe.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable('stripe_customers')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text')
    .addColumn('payment_failed_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('received_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('invoices').addColumn('provider_id', 'text').execute();
  await db.schema.createIndex('invoices_provider_idx').on('invoices').column('provider_id').unique().execute();
}
