import { describe, expect, it } from 'vitest';
import { changeHref, limitText, priceText, usagePercent, usageText } from './billing-text';

describe('billing texts', () => {
  it('shows limits, usage and its share', () => {
    expect(limitText(-1)).toBe('Unlimited');
    expect(limitText(10000)).toBe('10,000');
    expect(usageText({ used: 1200, limit: 1000 })).toBe('1,200 of 1,000');
    expect(usageText({ used: 3, limit: -1 })).toBe('3 (unlimited)');
    expect(usagePercent({ used: 1200, limit: 1000 })).toBe(100);
    expect(usagePercent({ used: 1, limit: 4 })).toBe(25);
    expect(usagePercent({ used: 5, limit: -1 })).toBe(0);
    expect(usagePercent({ used: 1, limit: 0 })).toBe(100);
  });

  it('prices with a dollar sign and two decimals, free plans as Free', () => {
    expect(priceText({ priceMonthCents: 2900, priceYearCents: 29000 }, 'month')).toBe('$29.00 / month');
    expect(priceText({ priceMonthCents: 2900, priceYearCents: 29000 }, 'year')).toBe('$290.00 / year');
    expect(priceText({ priceMonthCents: 0, priceYearCents: 0 }, 'year')).toBe('Free');
  });

  it('sends each kind of change to its page', () => {
    expect(changeHref({ planId: 'pro', period: 'year', kind: 'upgrade', schedule: false })).toBe('/account/change-plan-upgrade/?plan=pro&period=year');
    expect(changeHref({ planId: 'free', period: 'month', kind: 'downgrade', schedule: true })).toBe('/account/change-plan-schedule-downgrade/?plan=free&period=month&timing=period_end');
    expect(changeHref({ planId: 'team', period: 'month', kind: 'upgrade', schedule: true })).toBe('/account/change-plan-schedule-upgrade/?plan=team&period=month&timing=period_end');
    expect(changeHref({ planId: 'free', period: 'month', kind: 'downgrade', schedule: false })).toBe('/account/change-plan/?plan=free&period=month');
  });
});
