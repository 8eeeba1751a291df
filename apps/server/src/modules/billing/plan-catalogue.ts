import fs from 'node:fs';
import { dollarsToCents, planFile, planFeatureKeys, planLimitKeys, type Plan, type PlanFile } from '@scanbase/contracts';

/** The plans of this install: the operator's PLANS_FILE, or one unlimited free plan with billing off. */
export type PlanCatalogue = {
  billingEnabled: boolean;
  defaultPlan: Plan;
  plans: Plan[];
  /** The plan with this id, or the default plan when the file no longer has it. */
  get(id: string | null | undefined): Plan;
  has(id: string): boolean;
  /** The Stripe price id of a plan for a period (plan file `stripePriceMonth` / `stripePriceYear`), if set. */
  stripePrice(id: string, period: 'month' | 'year'): string | undefined;
  /** The tax rate of a billing country (plan file `taxRates`), if any. */
  taxFor(country: string): { name: string; percent: number; exemptWithTaxId: boolean } | undefined;
  /** The plan and period a Stripe price id stands for (webhooks name prices). */
  byStripePrice(priceId: string): { plan: Plan; period: 'month' | 'year' } | undefined;
};

/** What a new install runs with: one plan, no limits, every feature, free; billing off. */
export const unlimitedPlanFile: PlanFile = {
  billingEnabled: false,
  defaultPlan: 'unlimited',
  taxRates: [],
  plans: [
    {
      id: 'unlimited',
      name: 'Unlimited',
      description: 'Everything, without limits.',
      priceMonth: 0,
      priceYear: 0,
      limits: Object.fromEntries(planLimitKeys.map((k) => [k, -1])) as PlanFile['plans'][number]['limits'],
      features: Object.fromEntries(planFeatureKeys.map((k) => [k, true])) as PlanFile['plans'][number]['features'],
    },
  ],
};

/** Thrown when the plan file cannot be read or is not valid; the message names the file and the field. */
export class PlanFileError extends Error {}

/** Parses plan-file text (JSON) into a catalogue. */
export function parsePlanFile(text: string, source: string): PlanCatalogue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = planFile.safeParse(json);
  if (!parsed.success) {
    throw new PlanFileError(`${source}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  }
  return catalogueOf(parsed.data);
}

/** The catalogue of a validated plan file. */
export function catalogueOf(file: PlanFile): PlanCatalogue {
  const plans: Plan[] = file.plans.map((p) => ({ id: p.id, name: p.name, description: p.description, priceMonthCents: dollarsToCents(p.priceMonth), priceYearCents: dollarsToCents(p.priceYear), limits: { ...p.limits }, features: { ...p.features } }));
  const byId = new Map(plans.map((p) => [p.id, p]));
  const defaultPlan = byId.get(file.defaultPlan ?? '') ?? plans[0]!;
  const prices = new Map(file.plans.map((p) => [p.id, { month: p.stripePriceMonth, year: p.stripePriceYear }]));
  const byPrice = new Map<string, { plan: Plan; period: 'month' | 'year' }>();
  for (const p of file.plans) {
    if (p.stripePriceMonth) byPrice.set(p.stripePriceMonth, { plan: byId.get(p.id)!, period: 'month' });
    if (p.stripePriceYear) byPrice.set(p.stripePriceYear, { plan: byId.get(p.id)!, period: 'year' });
  }
  return {
    billingEnabled: file.billingEnabled,
    defaultPlan,
    plans,
    get: (id) => (id ? byId.get(id) : undefined) ?? defaultPlan,
    has: (id) => byId.has(id),
    stripePrice: (id, period) => prices.get(id)?.[period],
    taxFor: (country) => file.taxRates.find((r) => r.country.toLowerCase() === country.trim().toLowerCase()),
    byStripePrice: (priceId) => byPrice.get(priceId),
  };
}

/** The catalogue of PLANS_FILE (empty: the unlimited plan). */
export function loadPlanCatalogue(file: string): PlanCatalogue {
  if (file === '') return catalogueOf(unlimitedPlanFile);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new PlanFileError(`PLANS_FILE ${file} cannot be read: ${(error as Error).message}`);
  }
  return parsePlanFile(text, `PLANS_FILE ${file}`);
}
