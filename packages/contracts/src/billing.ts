import { z } from 'zod';
import { id, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/**
 * Plans, limits and billing (issue 15): the operator defines plans (PLANS_FILE, docs/OPERATIONS.md), an account is on
 * one plan, usage is shown against its limits and limits hold on the server. Decisions in docs/ACCOUNT-BILLING.md.
 */

/** The counted limits of a plan; -1 is unlimited. */
export const planLimitKeys = ['scansPerMonth', 'devices', 'appUsers', 'services', 'databaseValues', 'apiPerMinute', 'apiPerDay'] as const;
export type PlanLimitKey = (typeof planLimitKeys)[number];

export const planLimitLabels: Record<PlanLimitKey, string> = {
  scansPerMonth: 'Scans this month',
  devices: 'Devices',
  appUsers: 'App users',
  services: 'Services',
  databaseValues: 'Database values',
  apiPerMinute: 'API calls this minute',
  apiPerDay: 'API calls today',
};

/** Features a plan switches on or off. */
export const planFeatureKeys = ['api', 'postback', 'sso', 'branding', 'integrations'] as const;
export type PlanFeature = (typeof planFeatureKeys)[number];

export const planFeatureLabels: Record<PlanFeature, string> = {
  api: 'API access',
  postback: 'Postback URLs',
  sso: 'Single sign-on',
  branding: 'Branding',
  integrations: 'Integrations (webhooks)',
};

export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** When a plan change takes effect; spec section 4: the timing value defaults to now. */
export const changeTimings = ['now', 'period_end'] as const;
export type ChangeTiming = (typeof changeTimings)[number];

// ---------------------------------------------------------------------------------------------------------------
// Money (spec section 9): a dollar sign and exactly two decimals. Amounts travel as whole cents.

/** "$1234.50", "-$5.00": cents as dollars with exactly two decimals (no grouping, so the figure reads the same everywhere). */
export function formatMoney(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars as written in the plan file (at most two decimals) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

// ---------------------------------------------------------------------------------------------------------------
// Proration

/** The length of a billing period starting at `start`: one calendar month or year later (the day clamped to the month's end). */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const months = period === 'month' ? 1 : 12;
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(start.getUTCDate(), lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

export type ProrationInput = {
  /** What the current period cost (cents). */
  currentPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** The price of the new plan for its period (cents). */
  newPriceCents: number;
  /** Credit left from earlier changes (cents). */
  creditCents: number;
  at: Date;
};

export type Proration = {
  /** Credit for the unused part of the current period (cents, 0 or more). */
  unusedCreditCents: number;
  /** Whole days left in the current period (for the text). */
  daysLeft: number;
  /** Due now: new price less unused time and earlier credit, never below 0. */
  amountDueCents: number;
  /** Credit left over for later invoices. */
  creditAfterCents: number;
};

/**
 * A change that takes effect now starts a new period on the new plan: the new plan's full price, less the unused
 * share of what the current period cost (by milliseconds) and any earlier credit; what is left of the credit stays.
 */
export function prorate(p: ProrationInput): Proration {
  const total = p.periodEnd.getTime() - p.periodStart.getTime();
  const left = Math.min(Math.max(p.periodEnd.getTime() - p.at.getTime(), 0), total);
  const unusedCreditCents = total > 0 ? Math.round((p.currentPriceCents * left) / total) : 0;
  const credit = unusedCreditCents + p.creditCents;
  const amountDueCents = Math.max(0, p.newPriceCents - credit);
  return { unusedCreditCents, daysLeft: Math.floor(left / 86_400_000), amountDueCents, creditAfterCents: Math.max(0, credit - p.newPriceCents) };
}

// ---------------------------------------------------------------------------------------------------------------
// The operator's plan file

const limitValue = z.number().int().min(-1);
const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');

export const planFileEntry = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Use lower-case letters, digits, - and _ (at most 40)'),
  name: z.string().trim().min(1).max(60),
  description: z.string().max(300).default(''),
  /** Dollars per month and per year. */
  priceMonth: dollars,
  priceYear: dollars,
  /** With Stripe configured: the Stripe price ids a subscription to this plan uses (docs/ACCOUNT-BILLING.md "Stripe"). */
  stripePriceMonth: z.string().regex(/^price_[A-Za-z0-9_]+$/, 'A Stripe price id (price_…)').optional(),
  stripePriceYear: z.string().regex(/^price_[A-Za-z0-9_]+$/, 'A Stripe price id (price_…)').optional(),
  limits: z.object(Object.fromEntries(planLimitKeys.map((k) => [k, limitValue.default(-1)])) as Record<PlanLimitKey, z.ZodDefault<typeof limitValue>>).default(Object.fromEntries(planLimitKeys.map((k) => [k, -1])) as Record<PlanLimitKey, number>),
  features: z.object(Object.fromEntries(planFeatureKeys.map((k) => [k, z.boolean().default(true)])) as Record<PlanFeature, z.ZodDefault<z.ZodBoolean>>).default(Object.fromEntries(planFeatureKeys.map((k) => [k, true])) as Record<PlanFeature, boolean>),
});

export const planFile = z
  .object({
    /** Off: nobody is charged; plans and usage are still shown, and an operator may still move accounts between plans. */
    billingEnabled: z.boolean().default(false),
    /** The plan of new accounts (and of accounts whose plan is no longer in the file); the first plan when left out. */
    defaultPlan: z.string().optional(),
    plans: z.array(planFileEntry).min(1, 'Define at least one plan'),
    /**
     * Tax added to the invoices we issue, by the billing country of the account's business details (matched without
     * regard to case); with `exemptWithTaxId`, an account that gave a tax id pays none (reverse charge).
     */
    taxRates: z
      .array(z.object({ country: z.string().trim().min(2).max(80), name: z.string().trim().min(1).max(40).default('Tax'), percent: z.number().min(0).max(100), exemptWithTaxId: z.boolean().default(false) }))
      .default([]),
  })
  .superRefine((f, ctx) => {
    const ids = f.plans.map((p) => p.id);
    ids.forEach((planId, i) => {
      if (ids.indexOf(planId) !== i) ctx.addIssue({ code: 'custom', path: ['plans', i, 'id'], message: `Plan id ${planId} is used twice` });
    });
    if (f.defaultPlan !== undefined && !ids.includes(f.defaultPlan)) ctx.addIssue({ code: 'custom', path: ['defaultPlan'], message: `No plan has the id ${f.defaultPlan}` });
  });
export type PlanFile = z.output<typeof planFile>;

// ---------------------------------------------------------------------------------------------------------------
// Replies

export const plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceMonthCents: z.number().int(),
  priceYearCents: z.number().int(),
  limits: z.record(z.enum(planLimitKeys), z.number().int()),
  features: z.record(z.enum(planFeatureKeys), z.boolean()),
});
export type Plan = z.infer<typeof plan>;

export const usageRow = z.object({ key: z.enum(planLimitKeys), label: z.string(), used: z.number().int(), limit: z.number().int() });
export type UsageRow = z.infer<typeof usageRow>;

export const scheduledChange = z.object({ planId: z.string(), planName: z.string(), period: z.enum(billingPeriods), at: timestamp });

export const myPlan = z.object({
  billingEnabled: z.boolean(),
  /** Null without a payment provider (the default): invoices are paid as the operator arranges and marked paid by them. */
  paymentProvider: z.string().nullable(),
  plan,
  period: z.enum(billingPeriods),
  periodStart: timestamp,
  periodEnd: timestamp,
  creditCents: z.number().int(),
  scheduled: scheduledChange.nullable(),
  usage: z.array(usageRow),
  /** Scans per UTC calendar month, the last 12 months oldest first, the current one last (`month`: YYYY-MM). */
  scanHistory: z.array(z.object({ month: z.string(), scans: z.number().int() })),
  /** Set when scans went over the monthly quota this month (they are still stored). */
  quotaExceededAt: timestamp.nullable(),
});
export type MyPlan = z.infer<typeof myPlan>;

export const planStatus = z.object({ quotaExceeded: z.boolean(), message: z.string().nullable() });
export type PlanStatus = z.infer<typeof planStatus>;

export const changeRequest = z.object({ planId: z.string().min(1).max(40), period: z.enum(billingPeriods), timing: z.enum(changeTimings).default('now') });

export const changePreview = z.object({
  kind: z.enum(['upgrade', 'downgrade', 'same']),
  fromPlan: z.string(),
  toPlan: z.string(),
  period: z.enum(billingPeriods),
  timing: z.enum(changeTimings),
  effectiveAt: timestamp,
  newPriceCents: z.number().int(),
  unusedCreditCents: z.number().int(),
  creditCents: z.number().int(),
  daysLeft: z.number().int(),
  amountDueCents: z.number().int(),
  /** Limits of the new plan the account's current use is over (a change down is refused while any is). */
  overLimits: z.array(usageRow),
});
export type ChangePreview = z.infer<typeof changePreview>;

export const invoiceStatuses = ['open', 'paid', 'void', 'refunded'] as const;
export const invoice = z.object({
  id,
  number: z.string(),
  createdAt: timestamp,
  description: z.string(),
  amountCents: z.number().int(),
  status: z.enum(invoiceStatuses),
  paidAt: timestamp.nullable(),
});
export type Invoice = z.infer<typeof invoice>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
export const businessDetails = z.object({
  companyName: text(120),
  addressLine1: text(200),
  addressLine2: text(200),
  city: text(100),
  postalCode: text(20),
  country: text(80),
  taxId: text(40),
  billingEmail: z.union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'Enter a valid email address' }))]),
});
export type BusinessDetails = z.infer<typeof businessDetails>;

export const billingOverview = z.object({
  billingEnabled: z.boolean(),
  paymentProvider: z.string().nullable(),
  planName: z.string(),
  period: z.enum(billingPeriods),
  priceCents: z.number().int(),
  periodEnd: timestamp,
  creditCents: z.number().int(),
  openInvoices: z.number().int(),
  openAmountCents: z.number().int(),
  /** With Stripe: when the last payment failed (cleared when an invoice is paid); always null without a provider. */
  paymentFailedAt: timestamp.nullable(),
  business: businessDetails,
});
export type BillingOverview = z.infer<typeof billingOverview>;

// ---------------------------------------------------------------------------------------------------------------
// Routes

export const getMyPlan = defineV2Route({ path: 'plan/get', access: 'admin', summary: "The account's plan, billing period and usage against each limit.", body: z.object({}), reply: myPlan });

export const getPlanStatus = defineV2Route({ path: 'plan/status', access: 'session', summary: 'Whether the monthly scan quota is exceeded (the banner of the web shell).', body: z.object({}), reply: planStatus });

export const listPlans = defineV2Route({
  path: 'plans/list',
  access: 'admin',
  summary: 'The plans of this install, to compare (prices in cents per month and per year).',
  body: z.object({}),
  reply: z.object({ billingEnabled: z.boolean(), currentPlanId: z.string(), currentPeriod: z.enum(billingPeriods), plans: z.array(plan) }),
});

export const previewPlanChange = defineV2Route({ path: 'plan/preview-change', access: 'admin', summary: 'What a plan change costs now (proration) and when it takes effect; changes nothing.', body: changeRequest, reply: changePreview });

export const changePlan = defineV2Route({
  path: 'plan/change',
  access: 'admin',
  summary: 'Change plan now (an invoice for the amount due) or at the end of the period (scheduled). Refused while billing is off or usage is over the new limits.',
  body: changeRequest,
  reply: z.object({ plan: myPlan, invoice: invoice.nullable() }),
});

export const cancelScheduledChange = defineV2Route({ path: 'plan/cancel-scheduled', access: 'admin', summary: 'Drop a scheduled plan change.', body: z.object({}), reply: myPlan });

export const getBillingOverview = defineV2Route({ path: 'billing/overview', access: 'admin', summary: 'Plan, next renewal, credit, open invoices and the business details.', body: z.object({}), reply: billingOverview });

export const updateBusinessDetails = defineV2Route({ path: 'billing/business/update', access: 'admin', summary: 'Billing address, tax id and billing email shown on invoices.', body: businessDetails, reply: businessDetails });

export const listInvoices = defineV2Route({ path: 'billing/invoices/list', access: 'admin', summary: "The account's invoices, newest first.", body: z.object({}), reply: z.object({ items: z.array(invoice) }) });

export const downloadInvoice = defineV2Route({ path: 'billing/invoices/pdf', access: 'admin', summary: 'One invoice as a PDF (rendered by Scanbase).', body: z.object({ id }), reply: z.unknown() });

// ---------------------------------------------------------------------------------------------------------------
// Cards (only with a payment provider; card numbers go to the provider's own form, never to Scanbase)

export const card = z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int(), isDefault: z.boolean() });
export type Card = z.infer<typeof card>;

export const cardList = z.object({
  /** 'stripe', or null without a payment provider (then the list is empty). */
  paymentProvider: z.string().nullable(),
  /** Stripe's publishable key for Stripe Elements; null when not configured (no card form). */
  publishableKey: z.string().nullable(),
  items: z.array(card),
});
export type CardList = z.infer<typeof cardList>;

const paymentMethodId = z.object({ paymentMethodId: z.string().min(1).max(100) });

export const listCards = defineV2Route({ path: 'billing/cards/list', access: 'admin', summary: "The account's cards as the payment provider holds them (brand, last four digits, expiry, default).", body: z.object({}), reply: cardList });

export const setupCard = defineV2Route({
  path: 'billing/cards/setup',
  access: 'admin',
  summary: "Start adding a card: the client secret of a Stripe SetupIntent for Stripe Elements (the card number goes to Stripe only). 409 without a payment provider.",
  body: z.object({}),
  reply: z.object({ clientSecret: z.string(), publishableKey: z.string() }),
});

export const setDefaultCard = defineV2Route({ path: 'billing/cards/set-default', access: 'admin', summary: 'Make one of the account’s cards the one invoices are charged to.', body: paymentMethodId, reply: cardList });

export const removeCard = defineV2Route({ path: 'billing/cards/remove', access: 'admin', summary: 'Remove one of the account’s cards from the payment provider.', body: paymentMethodId, reply: cardList });
