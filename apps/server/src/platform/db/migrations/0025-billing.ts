import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';

/**
 * Plans, limits and billing (issue 15, docs/ACCOUNT-BILLING.md). The plans themselves are the operator's (PLANS_FILE);
 * the database keeps which plan an account is on, its period, a scheduled change, its credit, its business details,
 * the month its scans went over the quota (so the owner is warned once) and its invoices (amounts in cents).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable('account_billing')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('period_start', ts, (c) => c.notNull())
    .addColumn('period_end', ts, (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('credit_cents', 'integer', notNullDefault(0))
    .addColumn('scheduled_plan_id', 'text')
    .addColumn('scheduled_period', 'text')
    .addColumn('quota_month', 'text')
    .addColumn('quota_exceeded_at', ts)
    .addColumn('business', 'text', notNullDefault('{}'))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await withIdColumn(dialect, db.schema.createTable('invoices'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paid_at', ts)
    .addColumn('business', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_account_idx').on('invoices').columns(['account_id', 'id']).execute();
}
