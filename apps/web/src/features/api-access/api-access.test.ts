import { updateIpAllowList } from '@scanbase/contracts/api-access';
import { describe, expect, it } from 'vitest';
import { allowsIp, checkAllowList, entriesToText, splitEntries } from './allow-list-form';
import { activeFilterCount, apiLogBody, filtersFromSearch, searchFromFilters } from './api-log-filters';
import { maskedKey } from './api-format';

describe('allow-list editor', () => {
  it('reads one entry a line, also split by commas and spaces, skipping blank lines', () => {
    expect(splitEntries('10.0.0.1\n\n  192.0.2.0/24 , 2001:db8::1\r\n')).toEqual([
      { line: 1, entry: '10.0.0.1' },
      { line: 3, entry: '192.0.2.0/24' },
      { line: 3, entry: '2001:db8::1' },
    ]);
  });

  it('normalises and de-duplicates entries as the server stores them', () => {
    expect(checkAllowList('203.0.113.0/24\n2001:db8::1\n2001:DB8:0::1')).toEqual({ entries: ['203.0.113.0/24', '2001:db8:0:0:0:0:0:1'], problems: [] });
    expect(checkAllowList('::ffff:192.0.2.1').entries).toEqual(['192.0.2.1']);
    expect(checkAllowList('').entries).toEqual([]);
  });

  it('names the line and the entry of each problem, with the server wording', () => {
    const check = checkAllowList('10.0.0.1\nnot-an-ip\n10.0.0.0/33\n300.1.1.1\n' + 'a'.repeat(65));
    expect(check.entries).toEqual(['10.0.0.1']);
    expect(check.problems.map((p) => p.message)).toEqual([
      'Line 2: "not-an-ip" is not an IP address or CIDR range',
      'Line 3: "10.0.0.0/33" is not an IP address or CIDR range',
      'Line 4: "300.1.1.1" is not an IP address or CIDR range',
      `Line 5: "${'a'.repeat(20)}…" is longer than 64 characters`,
    ]);
  });

  it('refuses more than 200 entries, the contract limit', () => {
    const text = Array.from({ length: 201 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`).join('\n');
    expect(checkAllowList(text).problems).toEqual([{ line: 0, message: 'At most 200 entries; this list has 201' }]);
    expect(updateIpAllowList.body.safeParse({ entries: checkAllowList(text).entries }).success).toBe(false);
  });

  it('every list it accepts passes the contract', () => {
    const check = checkAllowList('10.0.0.1\n2001:db8::/32\n0.0.0.0/0');
    expect(check.problems).toEqual([]);
    expect(updateIpAllowList.body.safeParse({ entries: check.entries }).success).toBe(true);
  });

  it('tells whether an address is covered (IPv4 in IPv4-mapped IPv6 ranges too); empty allows all', () => {
    expect(allowsIp([], '127.0.0.1')).toBe(true);
    expect(allowsIp(['10.0.0.0/8'], '127.0.0.1')).toBe(false);
    expect(allowsIp(['127.0.0.0/8'], '127.0.0.1')).toBe(true);
    expect(allowsIp(['::ffff:0:0/96'], '127.0.0.1')).toBe(true);
    expect(allowsIp(['2001:db8:0:0:0:0:0:1'], '2001:db8::1')).toBe(true);
    expect(entriesToText(['a', 'b'])).toBe('a\nb');
  });
});

describe('API log address <-> filters', () => {
  it('reads the address, ignoring unusable values', () => {
    expect(filtersFromSearch({})).toEqual({ page: 1, limit: 50 });
    expect(filtersFromSearch({ page: '3', limit: '100', section: ' Scans ', status: 'error', key: '7' })).toEqual({ page: 3, limit: 100, section: 'scans', status: 'error', key: 7 });
    expect(filtersFromSearch({ page: '0', limit: '9999', status: 'maybe', key: '-1', section: '' })).toEqual({ page: 1, limit: 500 });
    expect(filtersFromSearch({ page: 'x', key: '1.5' })).toEqual({ page: 1, limit: 50 });
  });

  it('writes back only what differs from the defaults, and round-trips', () => {
    expect(searchFromFilters({ page: 1, limit: 50 })).toEqual({ page: undefined, limit: undefined, section: undefined, status: undefined, key: undefined });
    const filters = { page: 2, limit: 25, section: 'limits', status: 'ok' as const, key: 4 };
    const search = searchFromFilters(filters);
    expect(search).toEqual({ page: '2', limit: '25', section: 'limits', status: 'ok', key: '4' });
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('makes the apilog/list body', () => {
    expect(apiLogBody({ page: 1, limit: 50 })).toEqual({ page: 1, limit: 50 });
    expect(apiLogBody({ page: 2, limit: 25, section: 'scans', status: 'error', key: 9 })).toEqual({ page: 2, limit: 25, section: 'scans', status: 0, apiKeyId: 9 });
    expect(apiLogBody({ page: 1, limit: 50, status: 'ok' }).status).toBe(1);
    expect(activeFilterCount({ page: 3, limit: 50, status: 'ok', key: 1 })).toBe(2);
  });
});

describe('key display', () => {
  it('masks all but the stored prefix', () => {
    expect(maskedKey('sb_AbC12x')).toBe('sb_AbC12x••••••••');
  });
});
