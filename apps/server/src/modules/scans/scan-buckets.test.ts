import { describe, expect, it } from 'vitest';
import { autoBucket, bucketRuns, foldIntoBuckets, MAX_FILLED_BUCKETS, slotMinutes, type Bucket } from './scan-buckets.js';
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

  // Quarter-hour counters are summed per run in SQL and folded by the run's start: every quarter of a run
  // must fold into the bucket of its start, across DST changes (Santiago's at midnight, Lord Howe's half hour).
  it.each(['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'UTC'])('cuts quarter hours into runs of one bucket each in %s', (zone) => {
    const QUARTER = 900_000;
    const from = Date.parse('2026-03-20T17:45:00.000Z');
    const to = Date.parse('2026-04-12T06:15:00.000Z');
    for (const bucket of ['hour', 'day', 'week', 'month'] as Bucket[]) {
      const starts = bucketRuns(zone, bucket, from, to);
      expect(starts[0]).toBe(from);
      const bucketOf = (at: number) => foldIntoBuckets([{ slot: new Date(at).toISOString().slice(0, 16), status: 1, n: 1 }], zone, bucket)[0]!.start;
      let run = 0;
      for (let q = from; q < to; q += QUARTER) {
        while (run + 1 < starts.length && starts[run + 1]! <= q) run++;
        expect({ bucket, q: new Date(q).toISOString(), in: bucketOf(q) }).toEqual({ bucket, q: new Date(q).toISOString(), in: bucketOf(starts[run]!) });
      }
      // About one run per bucket (a DST change adds one).
      const buckets = new Set(foldIntoBuckets(starts.map((at) => ({ slot: new Date(at).toISOString().slice(0, 16), status: 1, n: 1 })), zone, bucket).map((b) => b.start)).size;
      expect(starts.length).toBeLessThanOrEqual(buckets + 2);
    }
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
