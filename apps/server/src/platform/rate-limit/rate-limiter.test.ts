import { describe, expect, it } from 'vitest';
import type { RateCountersRepo } from './rate-counters.repo.js';
import { RateLimiter } from './rate-limiter.js';

/** Counters in memory, shaped like the repo (only what the limiter calls here). */
function memoryCounters() {
  const counts = new Map<string, number>();
  let writes = 0;
  const add = (bucket: string, windowStart: number, n: number) => {
    const key = `${bucket}@${windowStart}`;
    const next = (counts.get(key) ?? 0) + n;
    counts.set(key, next);
    return next;
  };
  const repo = {
    hit: async (bucket: string, windowStart: number) => {
      writes += 1;
      return add(bucket, windowStart, 1);
    },
    addMany: async (windows: { bucket: string; windowStart: number; n: number }[]) => {
      writes += 1;
      return windows.map((w) => add(w.bucket, w.windowStart, w.n));
    },
  };
  return { repo: repo as unknown as RateCountersRepo, counts, writes: () => writes };
}

describe('RateLimiter.hitSoon (buffered counting of V2 requests)', () => {
  it('is exact within the process: with a limit of 2 a minute the 3rd to 5th calls are refused, and a new window starts over', async () => {
    let now = 1_700_000_000_000 - (1_700_000_000_000 % 60_000);
    const { repo } = memoryCounters();
    const limiter = new RateLimiter(repo, () => now);
    const allowed: boolean[] = [];
    for (let i = 0; i < 5; i++) allowed.push((await limiter.hitSoon('b', 60, 2)).allowed);
    expect(allowed).toEqual([true, true, false, false, false]);
    now += 60_000;
    expect((await limiter.hitSoon('b', 60, 2)).allowed).toBe(true);
  });

  it('writes buffered hits in one statement at most every 250 ms, and counts hits of other processes read at a window start', async () => {
    let now = 1_700_000_000_000 - (1_700_000_000_000 % 60_000);
    const shared = memoryCounters();
    const limiter = new RateLimiter(shared.repo, () => now);
    // Another process counted 3 already.
    for (let i = 0; i < 3; i++) await shared.repo.hit('b:60', now / 1000);
    const before = shared.writes();
    expect((await limiter.hitSoon('b', 60, 10)).count).toBe(4);
    for (let i = 0; i < 20; i++) await limiter.hitSoon('b', 60, 100);
    // The first hit of the window and at most one flush (the clock has not moved 250 ms since).
    expect(shared.writes() - before).toBeLessThanOrEqual(2);
    now += 300;
    const last = await limiter.hitSoon('b', 60, 100);
    expect(last.count).toBe(25);
    expect(shared.counts.get(`b:60@${(now - 300) / 1000}`)).toBe(25);
  });

  it('does not count unlimited buckets', async () => {
    const { repo, writes } = memoryCounters();
    const limiter = new RateLimiter(repo);
    expect((await limiter.hitSoon('b', 60, -1)).allowed).toBe(true);
    expect(writes()).toBe(0);
  });
});
