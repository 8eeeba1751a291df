import { describe, expect, it } from 'vitest';
import { formatScanDateTime } from './scan-format';

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
