import {
  periodEnd as nextPeriodEnd,
  planFeatureLabels,
  planLimitKeys,
  planLimitLabels,
  prorate,
  type BillingOverview,
  type BillingPeriod,
  type BusinessDetails,
  type CardList,
  type ChangePreview,
  type ChangeTiming,
  type Invoice,
  type MyPlan,
  type Plan,
  type PlanFeature,
  type PlanLimitKey,
  type PlanStatus,
  type UsageRow,
} from '@scanbase/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { BillingInvoices, businessOf, day, toInvoice } from './billing-invoices.js';
import type { BillingRepo, BillingRow } from './billing.repo.js';
import type { PlanCatalogue } from './plan-catalogue.js';
import type { PaymentProvider } from './stripe-provider.js';

/** The limits counted from rows the account holds (a new one is refused at the limit). */
export type CountedLimit = 'services' | 'appUsers' | 'devices' | 'databaseValues';

type ApiUsage = { minute: { used: number; limit: number }; day: { used: number; limit: number } };

export type BillingDeps = {
  repo: BillingRepo;
  catalogue: PlanCatalogue;
  mailer: Mailer;
  publicUrl: string;
  /** Calls used and the effective limits (api-access). */
  apiUsage: (accountId: number) => Promise<ApiUsage>;
  log?: FastifyBaseLogger | undefined;
  now?: () => Date;
  /** Stripe when configured; null: invoices are ours, marked paid by the operator. */
  provider?: PaymentProvider | null;
};

// The quota check after each scan reads the plan at most every 5 s per account (the ingest path stays cheap).
const QUOTA_CACHE_MS = 5000;
// An account idle for years is brought forward at most this many periods at once (one invoice each).
const MAX_ROLLOVERS = 36;

export function priceOf(plan: Plan, period: BillingPeriod): number {
  return period === 'month' ? plan.priceMonthCents : plan.priceYearCents;
}

function monthKey(d: Date): string {
  return d.toISOString().slice(0, 7);
}

function monthStartMs(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Plans, usage against limits, plan changes with proration, invoices, and the monthly scan quota (docs/ACCOUNT-BILLING.md). */
export class BillingService {
  private readonly quotaCache = new Map<number, { limit: number; month: string | null; at: number }>();
  private readonly now: () => Date;
  private readonly invoiceBook: BillingInvoices;

  constructor(private readonly deps: BillingDeps) {
    this.now = deps.now ?? (() => new Date());
    this.invoiceBook = new BillingInvoices({ repo: deps.repo, catalogue: deps.catalogue, provider: deps.provider, now: this.now });
  }

  get catalogue(): PlanCatalogue {
    return this.deps.catalogue;
  }

  /** The account's billing row, created on first use (default plan, monthly) and brought up to date: periods that ended renew, scheduled changes apply. */
  private async state(accountId: number): Promise<BillingRow> {
    const { repo, catalogue } = this.deps;
    let row = await repo.get(accountId);
    if (!row) {
      const start = this.now();
      const plan = catalogue.defaultPlan;
      row = await repo.ensure({ account_id: accountId, plan_id: plan.id, period: 'month', period_start: start.toISOString(), period_end: nextPeriodEnd(start, 'month').toISOString(), price_cents: priceOf(plan, 'month') });
    }
    for (let i = 0; i < MAX_ROLLOVERS && new Date(row.period_end) <= this.now(); i++) row = await this.renew(row);
    return row;
  }

  /** One period ended: the next starts where it ended, on the scheduled plan if any; billed when billing is on. */
  private async renew(row: BillingRow): Promise<BillingRow> {
    const { repo, catalogue } = this.deps;
    const plan = catalogue.get(row.scheduled_plan_id ?? row.plan_id);
    const period = (row.scheduled_period ?? row.period) as BillingPeriod;
    const start = new Date(row.period_end);
    const end = nextPeriodEnd(start, period);
    const price = priceOf(plan, period);
    const due = Math.max(0, price - row.credit_cents);
    const credit = Math.max(0, row.credit_cents - price);
    const advanced = await repo.advance(row.account_id, row.period_end, { plan_id: plan.id, period, period_start: start.toISOString(), period_end: end.toISOString(), price_cents: price, credit_cents: credit, scheduled_plan_id: null, scheduled_period: null });
    // With a payment provider the renewal invoice is the provider's (mirrored by its webhooks).
    if (advanced && catalogue.billingEnabled && price > 0 && !this.deps.provider) {
      const lines = [{ text: `${plan.name} plan, ${period === 'month' ? 'monthly' : 'yearly'}: ${day(start.toISOString())} to ${day(end.toISOString())}`, amountCents: price }];
      if (price - due > 0) lines.push({ text: 'Credit applied', amountCents: -(price - due) });
      await this.invoiceBook.issue(row.account_id, { description: `${plan.name} plan renewal (${day(start.toISOString())} to ${day(end.toISOString())})`, lines, amountCents: due, status: due === 0 ? 'paid' : 'open', business: row.business });
    }
    return (await repo.get(row.account_id))!;
  }

  private async usage(accountId: number, plan: Plan): Promise<UsageRow[]> {
    const [counts, scans, api] = await Promise.all([this.deps.repo.counts(accountId), this.deps.repo.scansSince(accountId, monthStartMs(this.now())), this.deps.apiUsage(accountId)]);
    const used: Record<PlanLimitKey, number> = { scansPerMonth: scans, devices: counts.devices, appUsers: counts.appUsers, services: counts.services, databaseValues: counts.databaseValues, apiPerMinute: api.minute.used, apiPerDay: api.day.used };
    const limit = (key: PlanLimitKey): number => (key === 'apiPerMinute' ? api.minute.limit : key === 'apiPerDay' ? api.day.limit : (plan.limits[key] ?? -1));
    return planLimitKeys.map((key) => ({ key, label: planLimitLabels[key], used: used[key], limit: limit(key) }));
  }

  private async myPlanOf(accountId: number, row: BillingRow): Promise<MyPlan> {
    const { catalogue } = this.deps;
    const plan = catalogue.get(row.plan_id);
    const scheduledPlan = row.scheduled_plan_id ? catalogue.get(row.scheduled_plan_id) : null;
    return {
      billingEnabled: catalogue.billingEnabled,
      paymentProvider: this.deps.provider?.name ?? null,
      plan,
      period: row.period as BillingPeriod,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      creditCents: row.credit_cents,
      scheduled: scheduledPlan ? { planId: scheduledPlan.id, planName: scheduledPlan.name, period: (row.scheduled_period ?? row.period) as BillingPeriod, at: row.period_end } : null,
      usage: await this.usage(accountId, plan),
      scanHistory: await this.scanHistory(accountId),
      quotaExceededAt: row.quota_month === monthKey(this.now()) ? row.quota_exceeded_at : null,
    };
  }

  /** Scans per UTC month for the last 12 months, from the hourly counters (12 range sums, oldest first). */
  private async scanHistory(accountId: number): Promise<{ month: string; scans: number }[]> {
    const now = this.now();
    const months = Array.from({ length: 12 }, (_, i) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    const counts = await Promise.all(months.map((start, i) => this.deps.repo.scansSince(accountId, start, months[i + 1])));
    return months.map((start, i) => ({ month: new Date(start).toISOString().slice(0, 7), scans: counts[i]! }));
  }

  async myPlan(accountId: number): Promise<MyPlan> {
    return this.myPlanOf(accountId, await this.state(accountId));
  }

  async status(accountId: number): Promise<PlanStatus> {
    const row = await this.state(accountId);
    if (row.quota_month !== monthKey(this.now())) {
      const failed = await this.deps.provider?.paymentFailedAt(accountId);
      return { quotaExceeded: false, message: failed ? 'The last payment for this account failed. Check the card under Billing, Credit cards.' : null };
    }
    const plan = this.deps.catalogue.get(row.plan_id);
    return { quotaExceeded: true, message: `This account went over its plan's ${plan.limits.scansPerMonth} scans this month. Scans are still stored; change plan to stay within your limits.` };
  }

  async plans(accountId: number): Promise<{ billingEnabled: boolean; currentPlanId: string; currentPeriod: BillingPeriod; plans: Plan[] }> {
    const row = await this.state(accountId);
    return { billingEnabled: this.deps.catalogue.billingEnabled, currentPlanId: this.deps.catalogue.get(row.plan_id).id, currentPeriod: row.period as BillingPeriod, plans: this.deps.catalogue.plans };
  }

  private async planned(accountId: number, input: { planId: string; period: BillingPeriod; timing: ChangeTiming }): Promise<{ row: BillingRow; target: Plan; preview: ChangePreview }> {
    const { catalogue } = this.deps;
    if (!catalogue.has(input.planId)) throw new AppError('NOT_FOUND', `There is no plan ${input.planId}.`);
    const row = await this.state(accountId);
    const current = catalogue.get(row.plan_id);
    const target = catalogue.get(input.planId);
    const newPrice = priceOf(target, input.period);
    const perMonth = (price: number, period: BillingPeriod) => (period === 'year' ? price / 12 : price);
    const was = perMonth(priceOf(current, row.period as BillingPeriod), row.period as BillingPeriod);
    const will = perMonth(newPrice, input.period);
    const kind = will > was ? 'upgrade' : will < was ? 'downgrade' : 'same';
    const at = this.now();
    const p = input.timing === 'now' ? prorate({ currentPriceCents: row.price_cents, periodStart: new Date(row.period_start), periodEnd: new Date(row.period_end), newPriceCents: newPrice, creditCents: row.credit_cents, at }) : { unusedCreditCents: 0, daysLeft: 0, amountDueCents: 0, creditAfterCents: row.credit_cents };
    const counted: PlanLimitKey[] = ['services', 'appUsers', 'devices', 'databaseValues'];
    const usage = await this.usage(accountId, target);
    const overLimits = usage.filter((u) => counted.includes(u.key) && u.limit >= 0 && u.used > u.limit);
    const preview: ChangePreview = {
      kind,
      fromPlan: current.name,
      toPlan: target.name,
      period: input.period,
      timing: input.timing,
      effectiveAt: input.timing === 'now' ? at.toISOString() : row.period_end,
      newPriceCents: newPrice,
      unusedCreditCents: p.unusedCreditCents,
      creditCents: input.timing === 'now' ? row.credit_cents : 0,
      daysLeft: p.daysLeft,
      amountDueCents: catalogue.billingEnabled ? p.amountDueCents : 0,
      overLimits,
    };
    return { row, target, preview };
  }

  async preview(accountId: number, input: { planId: string; period: BillingPeriod; timing: ChangeTiming }): Promise<ChangePreview> {
    return (await this.planned(accountId, input)).preview;
  }

  async change(accountId: number, input: { planId: string; period: BillingPeriod; timing: ChangeTiming }): Promise<{ plan: MyPlan; invoice: Invoice | null }> {
    const { repo, catalogue } = this.deps;
    if (!catalogue.billingEnabled) throw new AppError('CONFLICT', 'Billing is switched off on this install: plans are assigned by whoever runs it.');
    const { row, target, preview } = await this.planned(accountId, input);
    if (row.plan_id === target.id && row.period === input.period) throw new AppError('CONFLICT', `You are already on the ${target.name} plan, billed ${input.period === 'month' ? 'monthly' : 'yearly'}.`);
    if (preview.overLimits.length > 0) {
      const what = preview.overLimits.map((u) => `${u.label.toLowerCase()} ${u.used} of ${u.limit}`).join(', ');
      throw new AppError('CONFLICT', `Your account uses more than the ${target.name} plan allows (${what}). Remove some first.`, { overLimits: preview.overLimits });
    }
    const provider = this.deps.provider;
    // Stripe first: it may refuse (no card, no price), and then nothing changes here.
    if (provider && catalogue.billingEnabled) await provider.subscribe(accountId, target, input.period, input.timing);
    if (input.timing === 'period_end') {
      await repo.update(accountId, { scheduled_plan_id: target.id, scheduled_period: input.period });
      return { plan: await this.myPlan(accountId), invoice: null };
    }
    const at = this.now();
    const end = nextPeriodEnd(at, input.period);
    const p = prorate({ currentPriceCents: row.price_cents, periodStart: new Date(row.period_start), periodEnd: new Date(row.period_end), newPriceCents: preview.newPriceCents, creditCents: row.credit_cents, at });
    const moved = await repo.advance(accountId, row.period_end, { plan_id: target.id, period: input.period, period_start: at.toISOString(), period_end: end.toISOString(), price_cents: preview.newPriceCents, credit_cents: p.creditAfterCents, scheduled_plan_id: null, scheduled_period: null });
    if (!moved) throw new AppError('CONFLICT', 'The plan changed meanwhile. Reload the page and try again.');
    let invoice: Invoice | null = null;
    // With a provider, Stripe prorates and invoices the change itself; its invoice arrives by webhook.
    if (!provider && (preview.newPriceCents > 0 || p.amountDueCents > 0)) {
      const lines = [{ text: `${target.name} plan, ${input.period === 'month' ? 'monthly' : 'yearly'}: ${day(at.toISOString())} to ${day(end.toISOString())}`, amountCents: preview.newPriceCents }];
      if (p.unusedCreditCents > 0) lines.push({ text: `Unused time on the ${preview.fromPlan} plan (${p.daysLeft} days)`, amountCents: -Math.min(p.unusedCreditCents, preview.newPriceCents) });
      const earlier = Math.min(row.credit_cents, Math.max(0, preview.newPriceCents - p.unusedCreditCents));
      if (earlier > 0) lines.push({ text: 'Credit from earlier changes', amountCents: -earlier });
      const stored = await this.invoiceBook.issue(accountId, { description: `Change to the ${target.name} plan (${input.period === 'month' ? 'monthly' : 'yearly'})`, lines, amountCents: p.amountDueCents, status: p.amountDueCents === 0 ? 'paid' : 'open', business: row.business });
      invoice = toInvoice(stored);
    }
    this.quotaCache.delete(accountId);
    return { plan: await this.myPlan(accountId), invoice };
  }

  async cancelScheduled(accountId: number): Promise<MyPlan> {
    const row = await this.state(accountId);
    // The subscription was moved to the scheduled price for the next invoice: move it back.
    if (row.scheduled_plan_id && this.deps.provider && this.deps.catalogue.billingEnabled) await this.deps.provider.subscribe(accountId, this.deps.catalogue.get(row.plan_id), row.period as BillingPeriod, 'period_end');
    await this.deps.repo.update(accountId, { scheduled_plan_id: null, scheduled_period: null });
    return this.myPlan(accountId);
  }

  /** The operator's CLI: put an account on a plan now, without an invoice (billing on or off). */
  async assignPlan(accountId: number, planId: string, period: BillingPeriod): Promise<Plan> {
    if (!this.deps.catalogue.has(planId)) throw new AppError('NOT_FOUND', `There is no plan ${planId} in the plan file.`);
    await this.state(accountId);
    const plan = this.deps.catalogue.get(planId);
    const at = this.now();
    await this.deps.repo.update(accountId, { plan_id: plan.id, period, period_start: at.toISOString(), period_end: nextPeriodEnd(at, period).toISOString(), price_cents: priceOf(plan, period), scheduled_plan_id: null, scheduled_period: null });
    this.quotaCache.delete(accountId);
    return plan;
  }

  // Billing pages

  async overview(accountId: number): Promise<BillingOverview> {
    const row = await this.state(accountId);
    const plan = this.deps.catalogue.get(row.plan_id);
    const open = await this.deps.repo.openTotals(accountId);
    return {
      billingEnabled: this.deps.catalogue.billingEnabled,
      paymentProvider: this.deps.provider?.name ?? null,
      paymentFailedAt: (await this.deps.provider?.paymentFailedAt(accountId)) ?? null,
      planName: plan.name,
      period: row.period as BillingPeriod,
      priceCents: row.price_cents,
      periodEnd: row.period_end,
      creditCents: row.credit_cents,
      openInvoices: open.count,
      openAmountCents: open.cents,
      business: businessOf(row.business),
    };
  }

  async updateBusiness(accountId: number, details: BusinessDetails): Promise<BusinessDetails> {
    await this.state(accountId);
    await this.deps.repo.update(accountId, { business: JSON.stringify(details) });
    return details;
  }

  async invoices(accountId: number): Promise<Invoice[]> {
    await this.state(accountId);
    return this.invoiceBook.list(accountId);
  }

  // Invoices (billing-invoices.ts)

  /** One invoice of the account as a PDF file. */
  invoicePdf(accountId: number, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    return this.invoiceBook.pdf(accountId, id);
  }

  /** The operator's CLI: marks an open invoice paid; false when it is not open. */
  markPaid(number: string): Promise<{ found: boolean; changed: boolean; amount: string }> {
    return this.invoiceBook.markPaid(number);
  }

  /** The operator's CLI: voids an open invoice or refunds a paid one in full (through Stripe for one of Stripe's). */
  settleInvoice(number: string, action: 'void' | 'refund'): Promise<{ found: boolean; changed: boolean; amount: string; status: string }> {
    return this.invoiceBook.settle(number, action);
  }

  /** The operator's CLI: every account's open invoices. */
  openInvoices(): Promise<{ number: string; accountId: number; company: string; createdAt: string; amount: string; description: string }[]> {
    return this.invoiceBook.open();
  }

  // Cards (only with a payment provider: numbers go to its own form, never here)

  async cards(accountId: number): Promise<CardList> {
    const provider = this.deps.provider;
    return { paymentProvider: provider?.name ?? null, publishableKey: provider?.publishableKey ?? null, items: provider ? await provider.cards(accountId) : [] };
  }

  private requireProvider(): PaymentProvider {
    if (!this.deps.provider) throw new AppError('CONFLICT', 'This install has no payment provider: invoices are paid as its operator arranges.');
    return this.deps.provider;
  }

  async setupCard(accountId: number): Promise<{ clientSecret: string; publishableKey: string }> {
    return this.requireProvider().setupCard(accountId);
  }

  async setDefaultCard(accountId: number, paymentMethodId: string): Promise<CardList> {
    await this.requireProvider().setDefaultCard(accountId, paymentMethodId);
    return this.cards(accountId);
  }

  async removeCard(accountId: number, paymentMethodId: string): Promise<CardList> {
    await this.requireProvider().removeCard(accountId, paymentMethodId);
    return this.cards(accountId);
  }

  // Limits

  /** The plan of an account (for limits). */
  async planOf(accountId: number): Promise<Plan> {
    return this.deps.catalogue.get((await this.state(accountId)).plan_id);
  }

  /** Refuses a new service, app user, device or database value at the plan's limit (403 FORBIDDEN, legacy 10). */
  async assertRoom(accountId: number, key: CountedLimit): Promise<void> {
    const plan = await this.planOf(accountId);
    const limit = plan.limits[key] ?? -1;
    if (limit < 0) return;
    const used = (await this.deps.repo.counts(accountId))[key];
    if (used >= limit) {
      throw new CodedError('FORBIDDEN', 10, `Your ${plan.name} plan allows ${limit} ${planLimitLabels[key].toLowerCase()}, and this account has ${used}. Change plan under My plan to add more.`, { planLimit: key, limit, used });
    }
  }

  /** Refuses what the plan does not include (403 FORBIDDEN, legacy 10). */
  async assertFeature(accountId: number, feature: PlanFeature): Promise<void> {
    const plan = await this.planOf(accountId);
    if (plan.features[feature] === false) throw new CodedError('FORBIDDEN', 10, `${planFeatureLabels[feature]} is not included in your ${plan.name} plan. Change plan under My plan to use it.`, { planFeature: feature });
  }

  /** A device new to the account is refused at the plan's device limit; a known device always signs in. */
  async admitDevice(accountId: number, udid: string): Promise<void> {
    const plan = await this.planOf(accountId);
    if ((plan.limits.devices ?? -1) < 0 || (await this.deps.repo.deviceKnown(accountId, udid))) return;
    await this.assertRoom(accountId, 'devices');
  }

  /** The plan's API limits and whether API keys work at all (api-access applies them). */
  async apiPlan(accountId: number): Promise<{ perMinute: number; perDay: number; api: boolean }> {
    const plan = await this.planOf(accountId);
    return { perMinute: plan.limits.apiPerMinute ?? -1, perDay: plan.limits.apiPerDay ?? -1, api: plan.features.api !== false };
  }

  /**
   * After a scan is stored: over the monthly quota the account is flagged (banner) and the owner mailed, once a
   * month. The scan itself is never refused for the quota.
   */
  async afterScan(accountId: number): Promise<void> {
    const now = this.now();
    const month = monthKey(now);
    let cached = this.quotaCache.get(accountId);
    if (!cached || Date.now() - cached.at > QUOTA_CACHE_MS) {
      const row = await this.state(accountId);
      cached = { limit: this.deps.catalogue.get(row.plan_id).limits.scansPerMonth ?? -1, month: row.quota_month, at: Date.now() };
      if (this.quotaCache.size > 10_000) this.quotaCache.clear();
      this.quotaCache.set(accountId, cached);
    }
    if (cached.limit < 0 || cached.month === month) return;
    const used = await this.deps.repo.scansSince(accountId, monthStartMs(now));
    if (used <= cached.limit) return;
    cached.month = month;
    if (!(await this.deps.repo.flagQuota(accountId, month, now.toISOString()))) return;
    const owner = await this.deps.repo.owner(accountId);
    if (!owner) return;
    await this.deps.mailer.send({
      to: owner.email,
      subject: 'Your Scanbase account is over its monthly scan quota',
      text: `Hello ${owner.name || 'there'},\n\n${owner.company} has stored ${used} scans this month; your plan includes ${cached.limit}. Every scan is still stored and your scanners keep working.\n\nTo stay within your plan, change plan: ${this.deps.publicUrl}/account/plans/\n\nThis warning is sent once a month.`,
    });
  }

  /** Runs the quota check for a scan event without ever failing the caller. */
  watchScan(accountId: number): void {
    void this.afterScan(accountId).catch((err: unknown) => this.deps.log?.error({ err, accountId }, 'scan quota check failed'));
  }
}
