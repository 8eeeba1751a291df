import { formatMoney, type BillingPeriod, type Plan, type UsageRow } from '@scanbase/contracts/billing';

/** A limit as people read it: "Unlimited" or the number with thousands separators. */
export function limitText(limit: number): string {
  return limit < 0 ? 'Unlimited' : limit.toLocaleString('en-US');
}

/** "12 of 100", "12 (unlimited)". */
export function usageText(row: Pick<UsageRow, 'used' | 'limit'>): string {
  return row.limit < 0 ? `${row.used.toLocaleString('en-US')} (unlimited)` : `${row.used.toLocaleString('en-US')} of ${row.limit.toLocaleString('en-US')}`;
}

/** Share of the limit used, 0 to 100 (0 without a limit). */
export function usagePercent(row: Pick<UsageRow, 'used' | 'limit'>): number {
  if (row.limit < 0) return 0;
  if (row.limit === 0) return row.used > 0 ? 100 : 0;
  return Math.min(100, Math.round((row.used / row.limit) * 100));
}

/** "$29.00 / month", "$290.00 / year", "Free". */
export function priceText(plan: Pick<Plan, 'priceMonthCents' | 'priceYearCents'>, period: BillingPeriod): string {
  const cents = period === 'month' ? plan.priceMonthCents : plan.priceYearCents;
  return cents === 0 ? 'Free' : `${formatMoney(cents)} / ${period}`;
}

export const periodLabel = (period: BillingPeriod): string => (period === 'month' ? 'Monthly' : 'Yearly');

/** A date of an ISO timestamp as "27 Nov 2026" (UTC, as invoices are dated). */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Which change page a move from one plan to another belongs on (spec section 2 route names). */
export function changeHref(input: { planId: string; period: BillingPeriod; kind: 'upgrade' | 'downgrade' | 'same'; schedule: boolean }): string {
  const q = `?plan=${encodeURIComponent(input.planId)}&period=${input.period}`;
  if (input.schedule) return `/account/change-plan-schedule-${input.kind === 'upgrade' ? 'upgrade' : 'downgrade'}/${q}&timing=period_end`;
  return input.kind === 'upgrade' ? `/account/change-plan-upgrade/${q}` : `/account/change-plan/${q}`;
}
