import type { RateCountersRepo } from './rate-counters.repo.js';

export type RateDecision = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/** How often buffered hits (`hitSoon`) are written to the shared counters at most. */
const FLUSH_MS = 250;

/** A buffered window: the shared count last read, and this process's hits not written yet (or being written). */
type Buffered = { bucket: string; windowStart: number; shared: number; writing: number; pending: number };

/** Fixed-window rate limiting on shared counters. A limit of -1 means unlimited. */
export class RateLimiter {
  private readonly buffered = new Map<string, Buffered>();
  private lastFlush = 0;
  private flushing = false;

  constructor(
    private readonly repo: RateCountersRepo,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `hit` for calls made many times a second (every V2 request): counted in this process and written to
   * the shared counters in one statement at most every 250 ms, instead of one write per call. The
   * decision adds this process's unwritten hits to the shared count last read, so it is exact within a
   * process; another process's hits of the last 250 ms may be missed (a limit can be overrun by that
   * much when several processes serve one client). Sign-in and API-key limits use `hit`.
   */
  async hitSoon(bucket: string, windowSeconds: number, limit: number): Promise<RateDecision> {
    const start = this.windowStart(windowSeconds);
    const retryAfterSeconds = Math.max(1, start + windowSeconds - Math.floor(this.now() / 1000));
    if (limit < 0) return { allowed: true, count: 0, limit, retryAfterSeconds };
    const key = `${bucket}:${windowSeconds}`;
    let entry = this.buffered.get(key);
    if (!entry || entry.windowStart !== start) {
      // The first hit of a window is written at once: it reads what other processes counted so far.
      const shared = await this.repo.hit(key, start);
      const met = this.buffered.get(key);
      if (met && met.windowStart === start) {
        // Another first hit of this window was written meanwhile: keep its entry, with the higher count read.
        entry = met;
        entry.shared = Math.max(entry.shared, shared);
      } else {
        entry = { bucket: key, windowStart: start, shared, writing: 0, pending: 0 };
        this.buffered.set(key, entry);
      }
    } else {
      entry.pending += 1;
    }
    const count = entry.shared + entry.writing + entry.pending;
    if (!this.flushing && this.now() - this.lastFlush >= FLUSH_MS) await this.flush();
    return { allowed: count <= limit, count, limit, retryAfterSeconds };
  }

  /** Writes buffered hits to the shared counters (one statement) and forgets windows that have ended. */
  private async flush(): Promise<void> {
    this.flushing = true;
    this.lastFlush = this.now();
    const nowSeconds = Math.floor(this.lastFlush / 1000);
    const batch: Buffered[] = [];
    for (const [key, e] of this.buffered) {
      const seconds = Number(key.slice(key.lastIndexOf(':') + 1));
      if (e.pending > 0) batch.push(e);
      else if (e.windowStart + seconds <= nowSeconds) this.buffered.delete(key);
    }
    for (const e of batch) [e.writing, e.pending] = [e.pending, 0];
    try {
      const counts = await this.repo.addMany(batch.map((e) => ({ bucket: e.bucket, windowStart: e.windowStart, n: e.writing })));
      batch.forEach((e, i) => {
        e.shared = Math.max(e.shared + e.writing, counts[i] ?? 0);
        e.writing = 0;
      });
    } catch {
      // Not written: they are counted again with the next flush.
      for (const e of batch) [e.pending, e.writing] = [e.pending + e.writing, 0];
    } finally {
      this.flushing = false;
    }
  }

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
