import { describe, expect, it } from 'vitest';
import { autoBucket, foldIntoBuckets, MAX_FILLED_BUCKETS, slotMinutes } from './scan-buckets.js';
import { formatInZone } from './scan-filter.js';

const HOUR = 3_600_000;

describe('statistics buckets', () => {
  // The fold asks Intl for offsets about once a week; it must agree with asking for every slot, in
  // zones with DST, half-hour DST (Lord Howe), a non-whole-hour offset, and Morocco's DST pause for Ramadan.
  it.each(['America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Africa/Casablanca'])('hour buckets in %s match a slot-by-slot conversion over a year', (zone) => {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const slots = [];
    const expected = new Map<string, number>();
    for (let at = start; at < start + 366 * 24 * HOUR; at += HOUR) {
      const iso = new Date(at).toISOString();
      slots.push({ slot: iso.slice(0, 16), status: 1, n: 1 });
      const label = `${formatInZone(iso, zone).slice(0, 13)}:00`;
      expected.set(label, (expected.get(label) ?? 0) + 1);
    }
    const got = foldIntoBuckets(slots, zone, 'hour');
    expect(new Map(got.map((b) => [b.start, b.valid]))).toEqual(expected);
  });

  it('picks slot sizes and auto buckets', () => {
    const now = Date.parse('2026-07-01T00:00:00Z');
    expect(slotMinutes('Europe/Berlin', [now, now - 182 * 24 * HOUR])).toBe(60);
    expect(slotMinutes('Asia/Kathmandu', [now])).toBe(15);
    expect(slotMinutes('Australia/Lord_Howe', [now])).toBe(15); // +10:30 in the southern winter
    expect([autoBucket(100 * HOUR), autoBucket(101 * HOUR), autoBucket(100 * 24 * HOUR), autoBucket(700 * 24 * HOUR), autoBucket(701 * 24 * HOUR)]).toEqual(['hour', 'day', 'day', 'week', 'month']);
  });

  it('fills empty buckets only up to a bound', () => {
    const slots = [{ slot: '2026-01-01T00:00', status: 1, n: 2 }];
    const from = Date.parse('2026-01-01T00:00:00Z');
    expect(foldIntoBuckets(slots, 'UTC', 'day', { from, to: from + 9 * 24 * HOUR })).toHaveLength(10);
    expect(foldIntoBuckets(slots, 'UTC', 'hour', { from, to: from + MAX_FILLED_BUCKETS * 2 * HOUR })).toEqual([{ start: '2026-01-01 00:00', valid: 2, invalid: 0, notValidated: 0 }]);
  });
});
