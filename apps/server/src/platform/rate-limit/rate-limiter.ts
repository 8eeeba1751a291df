import type { RateCountersRepo } from './rate-counters.repo.js';

export type RateDecision = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/** Fixed-window rate limiting on shared counters. A limit of -1 means unlimited. */
export class RateLimiter {
  constructor(
    private readonly repo: RateCountersRepo,
    private readonly now: () => number = Date.now,
  ) {}

  private windowStart(windowSeconds: number): number {
    const nowSeconds = Math.floor(this.now() / 1000);
    return nowSeconds - (nowSeconds % windowSeconds);
  }

  /** Counts one event in the bucket's current window and says whether it is within the limit. */
  async hit(bucket: string, windowSeconds: number, limit: number): Promise<RateDecision> {
    const start = this.windowStart(windowSeconds);
    const retryAfterSeconds = Math.max(1, start + windowSeconds - Math.floor(this.now() / 1000));
    if (limit < 0) return { allowed: true, count: 0, limit, retryAfterSeconds };
    const count = await this.repo.hit(`${bucket}:${windowSeconds}`, start);
    return { allowed: count <= limit, count, limit, retryAfterSeconds };
  }

  /** Counts one event in several windows with one statement (e.g. per minute and per day). */
  async hitAll(limits: { bucket: string; windowSeconds: number; limit: number }[]): Promise<RateDecision[]> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const metered = limits.filter((l) => l.limit >= 0);
    const counts = metered.length > 0 ? await this.repo.hitMany(metered.map((l) => ({ bucket: `${l.bucket}:${l.windowSeconds}`, windowStart: this.windowStart(l.windowSeconds) }))) : [];
    return limits.map((l) => {
      const start = this.windowStart(l.windowSeconds);
      const retryAfterSeconds = Math.max(1, start + l.windowSeconds - nowSeconds);
      if (l.limit < 0) return { allowed: true, count: 0, limit: l.limit, retryAfterSeconds };
      const count = counts[metered.indexOf(l)] ?? 0;
      return { allowed: count <= l.limit, count, limit: l.limit, retryAfterSeconds };
    });
  }

  /** Seconds until the current window of this length ends (a retry-after for a window only peeked at). */
  secondsLeft(windowSeconds: number): number {
    return Math.max(1, this.windowStart(windowSeconds) + windowSeconds - Math.floor(this.now() / 1000));
  }

  /** How many events the bucket's current window has seen. */
  async used(bucket: string, windowSeconds: number): Promise<number> {
    return this.repo.peek(`${bucket}:${windowSeconds}`, this.windowStart(windowSeconds));
  }

  /** How many events each bucket's current window has seen, in one query. */
  async usedAll(windows: { bucket: string; windowSeconds: number }[]): Promise<number[]> {
    return this.repo.peekMany(windows.map((w) => ({ bucket: `${w.bucket}:${w.windowSeconds}`, windowStart: this.windowStart(w.windowSeconds) })));
  }

  /** Drops counters older than two days (called periodically). */
  async purge(): Promise<void> {
    await this.repo.purgeOlderThan(Math.floor(this.now() / 1000) - 2 * 86_400);
  }
}
