import { describe, expect, it } from 'vitest';
import { formatMoney, periodEnd, planFile, prorate } from './billing.js';

describe('money (spec section 9: a dollar sign and exactly two decimals)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2900, '$29.00'],
    [9950, '$99.50'],
    [123456789, '$1234567.89'],
    [-1450, '-$14.50'],
    [1449.6, '$14.50'],
  ])('%d cents is %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('billing periods', () => {
  it('a month later, the day clamped to the end of a shorter month; a year later', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-11-27T03:00:00Z'), 'month').toISOString()).toBe('2026-12-27T03:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe('proration of a change that takes effect now', () => {
  const start = new Date('2026-11-01T00:00:00Z');
  const end = new Date('2026-12-01T00:00:00Z');
  const base = { currentPriceCents: 3000, periodStart: start, periodEnd: end, creditCents: 0 };

  it('credits the unused share of the current period against the new price', () => {
    expect(prorate({ ...base, newPriceCents: 9900, at: new Date('2026-11-16T00:00:00Z') })).toEqual({ unusedCreditCents: 1500, daysLeft: 15, amountDueCents: 8400, creditAfterCents: 0 });
  });

  it('keeps credit beyond the new price for later, and never asks for less than nothing', () => {
    expect(prorate({ ...base, newPriceCents: 1000, at: new Date('2026-11-04T00:00:00Z') })).toEqual({ unusedCreditCents: 2700, daysLeft: 27, amountDueCents: 0, creditAfterCents: 1700 });
    expect(prorate({ ...base, newPriceCents: 1000, creditCents: 500, at: end })).toMatchObject({ unusedCreditCents: 0, amountDueCents: 500, creditAfterCents: 0 });
  });

  it('at the very start the whole price is credited; after the end nothing is', () => {
    expect(prorate({ ...base, newPriceCents: 3000, at: start }).unusedCreditCents).toBe(3000);
    expect(prorate({ ...base, newPriceCents: 3000, at: new Date('2027-01-01T00:00:00Z') }).unusedCreditCents).toBe(0);
  });

  it('rounds to whole cents', () => {
    expect(prorate({ ...base, currentPriceCents: 999, newPriceCents: 0, at: new Date('2026-11-11T00:00:00Z') }).unusedCreditCents).toBe(666);
  });
});

describe('the plan file', () => {
  it('fills unset limits as unlimited and features as on; billing is off unless switched on', () => {
    const f = planFile.parse({ plans: [{ id: 'basic', name: 'Basic', priceMonth: 9.99, priceYear: 99 }] });
    expect(f.billingEnabled).toBe(false);
    expect(f.plans[0]!.limits.scansPerMonth).toBe(-1);
    expect(f.plans[0]!.features.api).toBe(true);
  });

  it('names what is wrong: three decimals, a duplicate id, an unknown default plan, no plans', () => {
    const r = planFile.safeParse({ defaultPlan: 'gold', plans: [{ id: 'a', name: 'A', priceMonth: 1.005, priceYear: 10 }, { id: 'a', name: 'B', priceMonth: 1, priceYear: 10 }] });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['plans.0.priceMonth', 'plans.1.id', 'defaultPlan']));
    expect(planFile.safeParse({ plans: [] }).success).toBe(false);
  });
});
