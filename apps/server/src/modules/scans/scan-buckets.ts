import { zoneOffsetMs } from './scan-filter.js';
import type { SlotCount } from './scan-insights.repo.js';

// Statistics over time, in the viewer's time zone, fast on millions of scans.
//
// Timestamps are ISO UTC (text on SQLite, timestamptz on PostgreSQL). Grouping in SQL by a local day
// would need the zone's offset inside the query, and a fixed offset is wrong on either side of a
// daylight-saving change. So SQL groups by UTC hour (a cut of the ISO text on SQLite, date_trunc on
// PostgreSQL: at most 8,784 slots per year and status) and this file folds the hours into zone-local
// buckets using the zone's offset at each hour. In zones whose offset is not whole hours (India +5:30,
// Nepal +5:45, Lord Howe's half-hour DST) a UTC hour straddles two local hours, so SQL groups by quarter
// hour there instead: every offset in use is a multiple of 15 minutes.

/** A bucket size of the statistics. */
export type Bucket = 'hour' | 'day' | 'week' | 'month';

/** Counts of one bucket; `start` is its first wall-clock instant, `YYYY-MM-DD HH:MM`. */
export type BucketCounts = { start: string; valid: number; invalid: number; notValidated: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A quarter hour in milliseconds: every UTC offset in use is a multiple of it. */
export const QUARTER = 15 * 60_000;

/** Beyond this many buckets the empty ones are not filled in (an hourly chart of years would be megabytes). */
export const MAX_FILLED_BUCKETS = 2_000;

/** What `auto` picks for a time span: the finest bucket that keeps the chart at about 100 bars or fewer. */
export function autoBucket(spanMs: number): Bucket {
  if (spanMs <= 100 * HOUR) return 'hour';
  if (spanMs <= 100 * DAY) return 'day';
  if (spanMs <= 100 * 7 * DAY) return 'week';
  return 'month';
}

/** The SQL slot size for a zone: hours, unless its offset at one of these instants is not whole hours. */
export function slotMinutes(timeZone: string, instants: number[]): 60 | 15 {
  return instants.every((at) => zoneOffsetMs(at, timeZone) % HOUR === 0) ? 60 : 15;
}

/**
 * A zone's offset at instants, asking Intl about once per week rather than once per hour (each call costs
 * tens of microseconds; years of hourly slots made the fold take a second): when the offset is the same at
 * the start of a week and of the next, it holds all week, since no zone changes its offset and back within
 * a week. Weeks (and then days) with a change are worked out hour by hour.
 */
class ZoneOffsets {
  private readonly exact = new Map<number, number>();
  private readonly spans = new Map<number, Map<number, number | null>>();

  constructor(private readonly timeZone: string) {}

  private offset(at: number): number {
    let o = this.exact.get(at);
    if (o === undefined) {
      o = zoneOffsetMs(at, this.timeZone);
      this.exact.set(at, o);
    }
    return o;
  }

  /** The offset when it is the same all through the span of `length` holding `at`, else null. */
  private steady(at: number, length: number): number | null {
    const start = Math.floor(at / length) * length;
    let known = this.spans.get(length);
    if (!known) {
      known = new Map();
      this.spans.set(length, known);
    }
    let o = known.get(start);
    if (o === undefined) {
      const first = this.offset(start);
      o = first === this.offset(start + length) ? first : null;
      known.set(start, o);
    }
    return o;
  }

  at(at: number): number {
    return this.steady(at, 7 * DAY) ?? this.steady(at, DAY) ?? this.offset(Math.floor(at / (15 * 60_000)) * 15 * 60_000);
  }

  /**
   * The first quarter hour in (`after`, `before`) whose offset (as `at` answers it) is not `offset`, or
   * undefined: whole weeks, then days, whose offset holds are skipped, others are read quarter by quarter.
   */
  change(after: number, before: number, offset: number): number | undefined {
    let q = Math.floor(after / QUARTER) * QUARTER + QUARTER;
    while (q < before) {
      const week = this.steady(q, 7 * DAY);
      const day = week ?? this.steady(q, DAY);
      if (day === offset) {
        const length = week !== null ? 7 * DAY : DAY;
        q = Math.floor(q / length) * length + length;
        continue;
      }
      if (day !== null || this.at(q) !== offset) return q;
      q += QUARTER;
    }
    return undefined;
  }

  /** Wall-clock time of an instant, as milliseconds read as if UTC (so Date's UTC fields are local fields). */
  wall(at: number): number {
    return at + this.at(at);
  }
}

/** The start of the bucket holding a wall-clock time (weeks start on Monday, ISO 8601). */
function bucketStart(wall: number, bucket: Bucket): number {
  const d = new Date(wall);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  switch (bucket) {
    case 'hour':
      return Date.UTC(y, m, day, d.getUTCHours());
    case 'day':
      return Date.UTC(y, m, day);
    case 'week':
      return Date.UTC(y, m, day - ((d.getUTCDay() + 6) % 7));
    case 'month':
      return Date.UTC(y, m, 1);
  }
}

function nextBucket(wall: number, bucket: Bucket): number {
  const d = new Date(wall);
  switch (bucket) {
    case 'hour':
      return wall + HOUR;
    case 'day':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    case 'week':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 7);
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
}

/** False for a wall-clock hour the zone skips (the hour clocks jump over when daylight-saving time starts). */
function wallHourExists(wall: number, zone: ZoneOffsets): boolean {
  let guess = wall - zone.at(wall);
  guess = wall - zone.at(guess);
  return zone.wall(guess) === wall;
}

const label = (wall: number) => new Date(wall).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The UTC hours (start instants) whose quarter hours fall in more than one bucket of the zone: in a zone
 * whose offset is not whole hours a count per UTC hour (the hourly counters) cannot be folded there,
 * only its quarters can. Elsewhere every quarter of an hour is in the bucket of the hour's start.
 */
export function hoursAcrossBuckets(hours: number[], timeZone: string, bucket: Bucket): number[] {
  const zone = new ZoneOffsets(timeZone);
  return hours.filter((h) => {
    const first = bucketStart(zone.wall(h), bucket);
    for (let q = 1; q < 4; q++) if (bucketStart(zone.wall(h + q * QUARTER), bucket) !== first) return true;
    return false;
  });
}

/**
 * Cuts UTC time from `from` to `to` (quarter hours) into runs that each lie in one bucket of the zone, so
 * counters per quarter hour can be summed per run in SQL (one indexed range each) and the sums folded by
 * their runs' starts: answers the runs' starts, the last run ending at `to`. A run ends where its bucket
 * ends at the offset of its start, or where the offset changes first (a bucket may so span several runs).
 * Bounds are rounded up to quarter hours, which slots start at.
 */
export function bucketRuns(timeZone: string, bucket: Bucket, from: number, to: number): number[] {
  const zone = new ZoneOffsets(timeZone);
  const starts: number[] = [];
  for (let at = from; at < to; ) {
    starts.push(at);
    const offset = zone.at(at);
    const end = Math.ceil((nextBucket(bucketStart(at + offset, bucket), bucket) - offset) / QUARTER) * QUARTER;
    at = Math.min(zone.change(at, end, offset) ?? end, to);
  }
  return starts;
}

/**
 * Folds UTC slot counts into buckets of a zone, oldest first. With `fill` (UTC instants) the empty buckets
 * from the one holding `fill.from` to the one holding `fill.to` are listed too, up to MAX_FILLED_BUCKETS.
 * Around a change back from daylight-saving time two UTC hours share one local hour label: they are counted together.
 */
export function foldIntoBuckets(slots: SlotCount[], timeZone: string, bucket: Bucket, fill?: { from: number; to: number }): BucketCounts[] {
  const zone = new ZoneOffsets(timeZone);
  const buckets = new Map<number, BucketCounts>();
  const at = (key: number) => {
    let b = buckets.get(key);
    if (!b) {
      b = { start: label(key), valid: 0, invalid: 0, notValidated: 0 };
      buckets.set(key, b);
    }
    return b;
  };
  let lastSlot = '';
  let lastKey = 0;
  for (const s of slots) {
    // Rows come per slot and status: the bucket is worked out once per slot.
    if (s.slot !== lastSlot) {
      lastSlot = s.slot;
      lastKey = bucketStart(zone.wall(Date.parse(`${s.slot}:00.000Z`)), bucket);
    }
    const b = at(lastKey);
    if (s.status === 1) b.valid += s.n;
    else if (s.status === 0) b.invalid += s.n;
    else b.notValidated += s.n;
  }
  if (fill && fill.from <= fill.to) {
    const first = bucketStart(zone.wall(fill.from), bucket);
    const last = bucketStart(zone.wall(fill.to), bucket);
    const approxMs = { hour: HOUR, day: DAY, week: 7 * DAY, month: 28 * DAY }[bucket];
    if ((last - first) / approxMs < MAX_FILLED_BUCKETS) {
      for (let w = first; w <= last; w = nextBucket(w, bucket)) {
        if (bucket !== 'hour' || wallHourExists(w, zone)) at(w);
      }
    }
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
}
