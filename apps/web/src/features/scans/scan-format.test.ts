import { describe, expect, it } from 'vitest';
import { formatAccountDate, formatAccountDateTime, formatScanDateTime, formatShortTime, setDateTimeFormats, defaultDateTimeFormats } from './scan-format';
import { formatWhen } from '../api-access/api-format';
import { formatScanTime } from '../dashboard/scan-time';

const at = '2026-03-03T14:05:09.000Z';

describe('scan times in the account’s formats', () => {
  it('writes the default as before and every date and time format the settings offer', () => {
    expect(formatScanDateTime(at, 'UTC')).toBe('3 Mar 2026, 14:05:09');
    expect(formatScanDateTime(at, 'UTC', { dateFormat: 'dd/MM/yyyy', timeFormat: '24h' })).toBe('03/03/2026, 14:05:09');
    expect(formatScanDateTime(at, 'UTC', { dateFormat: 'MM/dd/yyyy', timeFormat: '12h' })).toBe('03/03/2026, 2:05:09 PM');
    expect(formatScanDateTime(at, 'Europe/Paris', { dateFormat: 'yyyy-MM-dd', timeFormat: '24h' })).toBe('2026-03-03, 15:05:09');
    expect(formatScanDateTime('2026-03-03T00:30:00.000Z', 'UTC', { dateFormat: 'd MMM yyyy', timeFormat: '12h' })).toBe('3 Mar 2026, 12:30:00 AM');
  });
});

describe('dates everywhere else in the account’s formats', () => {
  const now = new Date('2026-03-20T12:00:00.000Z');
  it('dense lists: today a time, this year day and month, before the date alone, in the chosen order and clock', () => {
    const us = { dateFormat: 'MM/dd/yyyy', timeFormat: '12h' } as const;
    expect(formatShortTime('2026-03-20T09:07:00.000Z', 'UTC', now, us)).toBe('9:07 AM');
    expect(formatShortTime('2026-02-01T21:15:00.000Z', 'UTC', now, us)).toBe('02/01, 9:15 PM');
    expect(formatShortTime('2025-12-24T08:00:00.000Z', 'UTC', now, us)).toBe('12/24/2025');
    const iso = { dateFormat: 'yyyy-MM-dd', timeFormat: '24h' } as const;
    expect(formatShortTime('2026-02-01T21:15:00.000Z', 'UTC', now, iso)).toBe('02-01, 21:15');
    expect(formatAccountDate('2026-02-01T21:15:00.000Z', 'Asia/Tokyo', iso)).toBe('2026-02-02');
    expect(formatAccountDateTime('2026-02-01T21:15:00.000Z', 'UTC', {}, { dateFormat: 'dd/MM/yyyy', timeFormat: '12h' })).toBe('01/02/2026, 9:15 PM');
    expect(formatAccountDateTime(null, 'UTC')).toBe('—');
  });
  it('the API page, task pages and dashboard follow the formats the signed-in account chose', () => {
    setDateTimeFormats({ dateFormat: 'dd/MM/yyyy', timeFormat: '12h' });
    try {
      expect(formatWhen('2026-02-01T21:15:00.000Z', 'UTC')).toBe('01/02/2026, 9:15 PM');
      expect(formatScanTime('2026-03-20T09:07:05.000Z', 'UTC', now)).toBe('9:07:05 AM');
      expect(formatScanTime('2026-03-02T09:07:05.000Z', 'UTC', now)).toBe('02/03, 9:07 AM');
    } finally {
      setDateTimeFormats(defaultDateTimeFormats);
    }
    expect(formatWhen('2026-02-01T21:15:00.000Z', 'UTC')).toBe('1 Feb 2026, 21:15');
  });
});
