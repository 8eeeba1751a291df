import { businessDetails as businessSchema, formatMoney, type BusinessDetails, type Invoice } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { BillingRepo, InvoiceRow } from './billing.repo.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { PlanCatalogue } from './plan-catalogue.js';
import type { PaymentProvider } from './stripe-provider.js';

const emptyBusiness: BusinessDetails = { companyName: '', addressLine1: '', addressLine2: '', city: '', postalCode: '', country: '', taxId: '', billingEmail: '' };

/** The date part of an ISO time, as invoice lines show it. */
export function day(iso: string): string {
  return iso.slice(0, 10);
}

/** An invoice as the billing page lists it. */
export function toInvoice(r: InvoiceRow): Invoice {
  return { id: r.id, number: r.number, createdAt: r.created_at, description: r.description, amountCents: r.amount_cents, status: r.status as Invoice['status'], paidAt: r.paid_at };
}

/** The business details stored as JSON on the billing row (missing fields empty, unreadable text: all empty). */
export function businessOf(text: string): BusinessDetails {
  try {
    const parsed = businessSchema.safeParse({ ...emptyBusiness, ...(JSON.parse(text) as object) });
    return parsed.success ? parsed.data : emptyBusiness;
  } catch {
    return emptyBusiness;
  }
}

export type InvoiceDeps = { repo: BillingRepo; catalogue: PlanCatalogue; provider?: PaymentProvider | null | undefined; now: () => Date };

/** Our invoices: written with tax, listed, rendered as PDF, and settled by the operator's CLI (docs/ACCOUNT-BILLING.md). */
export class BillingInvoices {
  constructor(private readonly deps: InvoiceDeps) {}

  /** Writes one of our invoices, with the tax of the account's billing country added as a line (docs "Tax"). */
  async issue(accountId: number, input: { description: string; lines: { text: string; amountCents: number }[]; amountCents: number; status: 'open' | 'paid'; business: string }): Promise<InvoiceRow> {
    const business = businessOf(input.business);
    const rate = input.amountCents > 0 && business.country ? this.deps.catalogue.taxFor(business.country) : undefined;
    if (!rate) return this.deps.repo.insertInvoice(accountId, input);
    if (rate.exemptWithTaxId && business.taxId) return this.deps.repo.insertInvoice(accountId, { ...input, lines: [...input.lines, { text: `${rate.name}: reverse charge (tax id ${business.taxId})`, amountCents: 0 }] });
    const tax = Math.round((input.amountCents * rate.percent) / 100);
    return this.deps.repo.insertInvoice(accountId, { ...input, lines: [...input.lines, { text: `${rate.name} ${rate.percent}% (${business.country})`, amountCents: tax }], amountCents: input.amountCents + tax });
  }

  /** The account's invoices, in the repository's order. */
  async list(accountId: number): Promise<Invoice[]> {
    return (await this.deps.repo.listInvoices(accountId)).map(toInvoice);
  }

  /** One invoice of the account as a PDF file. */
  async pdf(accountId: number, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.deps.repo.invoice(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'There is no such invoice.');
    const owner = await this.deps.repo.owner(accountId);
    const pdf = await renderInvoicePdf({
      number: row.number,
      createdAt: row.created_at,
      status: row.status,
      paidAt: row.paid_at,
      description: row.description,
      lines: JSON.parse(row.lines) as { text: string; amountCents: number }[],
      amountCents: row.amount_cents,
      business: businessOf(row.business),
      company: owner?.company ?? '',
    });
    return { fileName: `${row.number}.pdf`, pdf };
  }

  /** The operator's CLI: marks an open invoice paid; false when it is not open. */
  async markPaid(number: string): Promise<{ found: boolean; changed: boolean; amount: string }> {
    const row = await this.deps.repo.invoiceByNumber(number);
    if (!row) return { found: false, changed: false, amount: '' };
    return { found: true, changed: await this.deps.repo.markPaid(row.account_id, row.id, this.deps.now().toISOString()), amount: formatMoney(row.amount_cents) };
  }

  /**
   * The operator's CLI: voids an open invoice (through Stripe for one Stripe issued), or refunds a paid one in full
   * (through Stripe for one Stripe charged; without a provider it records a refund the operator made).
   */
  async settle(number: string, action: 'void' | 'refund'): Promise<{ found: boolean; changed: boolean; amount: string; status: string }> {
    const row = await this.deps.repo.invoiceByNumber(number);
    if (!row) return { found: false, changed: false, amount: '', status: '' };
    const [from, to] = action === 'void' ? ['open', 'void'] : ['paid', 'refunded'];
    if (row.status !== from) return { found: true, changed: false, amount: formatMoney(row.amount_cents), status: row.status };
    if (row.provider_id) {
      if (!this.deps.provider) throw new AppError('CONFLICT', `Invoice ${number} was issued by Stripe, which is not configured on this process.`);
      await (action === 'void' ? this.deps.provider.voidInvoice(row.provider_id) : this.deps.provider.refundInvoice(row.provider_id));
    }
    const changed = await this.deps.repo.setStatus(row.account_id, row.id, from, to);
    return { found: true, changed, amount: formatMoney(row.amount_cents), status: changed ? to : row.status };
  }

  /** Every account's open invoices, for the operator. */
  async open(): Promise<{ number: string; accountId: number; company: string; createdAt: string; amount: string; description: string }[]> {
    return (await this.deps.repo.openInvoices()).map((r) => ({ number: r.number, accountId: r.account_id, company: r.company, createdAt: r.created_at, amount: formatMoney(r.amount_cents), description: r.description }));
  }
}
