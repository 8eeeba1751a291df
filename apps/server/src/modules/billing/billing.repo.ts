import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { DialectName } from '../../platform/db/database.js';
import { nowIso, utcQuarterSlotValue } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type BillingRow = {
  account_id: number;
  plan_id: string;
  period: string;
  period_start: string;
  period_end: string;
  price_cents: number;
  credit_cents: number;
  scheduled_plan_id: string | null;
  scheduled_period: string | null;
  quota_month: string | null;
  quota_exceeded_at: string | null;
  business: string;
  updated_at: string;
};

export type InvoiceRow = { id: number; account_id: number; number: string; created_at: string; description: string; lines: string; amount_cents: number; status: string; paid_at: string | null; business: string; provider_id: string | null };

const billingColumns = ['account_id', 'plan_id', 'period', 'period_start', 'period_end', 'price_cents', 'credit_cents', 'scheduled_plan_id', 'scheduled_period', 'quota_month', 'quota_exceeded_at', 'business', 'updated_at'] as const;
const invoiceColumns = ['id', 'account_id', 'number', 'created_at', 'description', 'lines', 'amount_cents', 'status', 'paid_at', 'business', 'provider_id'] as const;

export type BillingPatch = Partial<Pick<BillingRow, 'plan_id' | 'period' | 'period_start' | 'period_end' | 'price_cents' | 'credit_cents' | 'scheduled_plan_id' | 'scheduled_period' | 'business'>>;

/** SQL for plans, usage counts and invoices; every query is scoped to one account except the operator's invoice look-up by number. */
export class BillingRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async get(accountId: number): Promise<BillingRow | undefined> {
    return this.db.selectFrom('account_billing').select(billingColumns).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** Creates the row when there is none (two requests at once: the first wins); answers the stored row. */
  async ensure(row: Omit<BillingRow, 'credit_cents' | 'scheduled_plan_id' | 'scheduled_period' | 'quota_month' | 'quota_exceeded_at' | 'business' | 'updated_at'>): Promise<BillingRow> {
    await this.db
      .insertInto('account_billing')
      .values({ ...row, scheduled_plan_id: null, scheduled_period: null, quota_month: null, quota_exceeded_at: null, updated_at: nowIso() })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    return (await this.get(row.account_id))!;
  }

  async update(accountId: number, patch: BillingPatch): Promise<void> {
    await this.db.updateTable('account_billing').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).execute();
  }

  /** Moves the account to a new period, only if it is still in the one ending at `periodEnd`; false when another request moved it first. */
  async advance(accountId: number, periodEnd: string, patch: BillingPatch): Promise<boolean> {
    const r = await this.db.updateTable('account_billing').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).where('period_end', '=', periodEnd).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks the month as over quota; true only for the call that marked it (the owner is mailed once per month). */
  async flagQuota(accountId: number, month: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('account_billing')
      .set({ quota_month: month, quota_exceeded_at: at })
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('quota_month', 'is', null), eb('quota_month', '<>', month)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // Usage

  /** Scans whose scanned time falls in the UTC month starting at `monthStartMs` (or up to `untilMs`, a whole hour), from the account's quarter-hour counters. */
  async scansSince(accountId: number, monthStartMs: number, untilMs?: number): Promise<number> {
    let q = this.db
      .selectFrom('scan_counts_account_quarter_hourly')
      .select(sql<number>`coalesce(sum(valid + invalid + not_validated), 0)`.as('n'))
      .where('account_id', '=', accountId)
      .where('slot', '>=', utcQuarterSlotValue(this.dialect, monthStartMs));
    if (untilMs !== undefined) q = q.where('slot', '<', utcQuarterSlotValue(this.dialect, untilMs));
    const r = await q.executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async counts(accountId: number): Promise<{ services: number; appUsers: number; devices: number; databaseValues: number }> {
    const count = (q: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }) => q.executeTakeFirst().then((r) => Number(r?.n ?? 0));
    const [services, appUsers, devices, databaseValues] = await Promise.all([
      count(this.db.selectFrom('services').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('deleted_at', 'is', null)),
      // The owner's own scanner login is no app user of the plan.
      count(this.db.selectFrom('app_users').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('deleted_at', 'is', null).where('is_owner', '=', 0)),
      count(this.db.selectFrom('devices').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId)),
      count(this.db.selectFrom('db_values').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId)),
    ]);
    return { services, appUsers, devices, databaseValues };
  }

  async deviceKnown(accountId: number, udid: string): Promise<boolean> {
    return (await this.db.selectFrom('devices').select('id').where('account_id', '=', accountId).where('udid', '=', udid).executeTakeFirst()) !== undefined;
  }

  /** The owner's login (the first admin of the account) and the company name, for the quota mail and invoices. */
  async owner(accountId: number): Promise<{ email: string; name: string; company: string } | undefined> {
    return this.db
      .selectFrom('admins')
      .innerJoin('accounts', 'accounts.id', 'admins.account_id')
      .select(['admins.email as email', 'admins.name as name', 'accounts.company_name as company'])
      .where('admins.account_id', '=', accountId)
      .orderBy('admins.id')
      .limit(1)
      .executeTakeFirst();
  }

  // Invoices

  async insertInvoice(accountId: number, input: { description: string; lines: { text: string; amountCents: number }[]; amountCents: number; status: 'open' | 'paid'; business: string }): Promise<InvoiceRow> {
    const at = nowIso();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('invoices')
        .values({ account_id: accountId, number: `pending-${randomUUID()}`, created_at: at, description: input.description, lines: JSON.stringify(input.lines), amount_cents: input.amountCents, status: input.status, paid_at: input.status === 'paid' ? at : null, business: input.business })
        .returning('id')
        .executeTakeFirstOrThrow();
      const number = `SB-${at.slice(0, 4)}-${String(row.id).padStart(6, '0')}`;
      return trx.updateTable('invoices').set({ number }).where('id', '=', row.id).where('account_id', '=', accountId).returning(invoiceColumns).executeTakeFirstOrThrow();
    });
  }

  async listInvoices(accountId: number): Promise<InvoiceRow[]> {
    return this.db.selectFrom('invoices').select(invoiceColumns).where('account_id', '=', accountId).orderBy('id', 'desc').limit(500).execute();
  }

  async invoice(accountId: number, id: number): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').select(invoiceColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async openTotals(accountId: number): Promise<{ count: number; cents: number }> {
    const r = await this.db
      .selectFrom('invoices')
      .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')])
      .where('account_id', '=', accountId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return { count: Number(r?.n ?? 0), cents: Number(r?.cents ?? 0) };
  }

  /** The operator's CLI: an invoice by its number, across accounts. */
  async invoiceByNumber(number: string): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').select(invoiceColumns).where('number', '=', number).executeTakeFirst();
  }

  async markPaid(accountId: number, id: number, at: string): Promise<boolean> {
    const r = await this.db.updateTable('invoices').set({ status: 'paid', paid_at: at }).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Moves an invoice from one status to another (void: open → void; refund: paid → refunded); false when it was not in `from`. */
  async setStatus(accountId: number, id: number, from: string, to: string): Promise<boolean> {
    const r = await this.db.updateTable('invoices').set({ status: to }).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Open invoices of every account, oldest first (the operator's CLI). */
  async openInvoices(): Promise<(InvoiceRow & { company: string })[]> {
    return this.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .select([...invoiceColumns.map((c) => `invoices.${c}` as const), 'accounts.company_name as company'])
      .where('invoices.status', '=', 'open')
      .orderBy('invoices.id')
      .limit(1000)
      .execute();
  }
}
