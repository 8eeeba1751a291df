import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL for fixed-window counters shared by every process (works in scaled-out mode too). */
export class RateCountersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds one to a window's counter and returns the new count. */
  async hit(bucket: string, windowStart: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_counters')
      .values({ bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_counters.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Adds one to several windows' counters in one statement; answers the new counts in input order. */
  async hitMany(windows: { bucket: string; windowStart: number }[]): Promise<number[]> {
    const rows = await this.db
      .insertInto('rate_counters')
      .values(windows.map((w) => ({ bucket: w.bucket, window_start: w.windowStart, count: 1 })))
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_counters.count + 1` }))
      .returning(['bucket', 'count'])
      .execute();
    const byBucket = new Map(rows.map((r) => [r.bucket, Number(r.count)]));
    return windows.map((w) => byBucket.get(w.bucket) ?? 0);
  }

  /** Adds `n` to several windows' counters in one statement (buffered hits); answers the new counts in input order. */
  async addMany(windows: { bucket: string; windowStart: number; n: number }[]): Promise<number[]> {
    if (windows.length === 0) return [];
    const rows = await this.db
      .insertInto('rate_counters')
      .values(windows.map((w) => ({ bucket: w.bucket, window_start: w.windowStart, count: w.n })))
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_counters.count + excluded.count` }))
      .returning(['bucket', 'window_start', 'count'])
      .execute();
    return windows.map((w) => Number(rows.find((r) => r.bucket === w.bucket && Number(r.window_start) === w.windowStart)?.count ?? 0));
  }

  /** The current count of a window without changing it. */
  async peek(bucket: string, windowStart: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counters')
      .select('count')
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  /** The current counts of several windows in one query, in input order. */
  async peekMany(windows: { bucket: string; windowStart: number }[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rate_counters')
      .select(['bucket', 'window_start', 'count'])
      .where((eb) => eb.or(windows.map((w) => eb.and([eb('bucket', '=', w.bucket), eb('window_start', '=', w.windowStart)]))))
      .execute();
    return windows.map((w) => Number(rows.find((r) => r.bucket === w.bucket && Number(r.window_start) === w.windowStart)?.count ?? 0));
  }

  /** Deletes counters of windows that started before the given epoch second. */
  async purgeOlderThan(epochSeconds: number): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('window_start', '<', epochSeconds).execute();
  }
}
