import type { Readable } from 'node:stream';
import type { ScanLocation, ScanPhoto, ScanStatus, scanLocations, scanPhotos, scanStatistics } from '@scanbase/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { sharpPackage } from '../../platform/images.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { autoBucket, bucketRuns, foldIntoBuckets, hoursAcrossBuckets, QUARTER, slotMinutes, type Bucket } from './scan-buckets.js';
import { counterFilter, countPlan, type CounterFilter, type ScanCountsRepo } from './scan-counts.repo.js';
import type { ScanInsightsRepo, SlotCount } from './scan-insights.repo.js';
import { searchFilter, searchZone } from './scan-search.service.js';

type StatisticsQuery = z.output<typeof scanStatistics.body>;
type StatisticsReply = z.input<typeof scanStatistics.reply>;
type LocationsQuery = z.output<typeof scanLocations.body>;
type PhotosQuery = z.output<typeof scanPhotos.body>;

/** Where the map's tiles come from (MAP_TILE_URL, MAP_ATTRIBUTION). */
export type MapConfig = { tileUrl: string; attribution: string };

/** A file to send: its type, bytes (or stream) and the name it is offered under. */
export type AnswerFile = { contentType: string; body: Buffer | Readable; fileName: string };

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TOP_USERS = 20;
/** Hours read by quarter from the scans in one statement (each is a range of the account's time index). */
const HOURS_PER_QUERY = 250;
/** Past this many hours to read by quarter (an hourly chart of a long window in a half-hour zone) one grouped pass over the scans is cheaper. */
const MAX_QUARTER_HOURS = 2_000;
/** Past this many runs (an hourly chart of years) the account's quarter-hour rows are read and folded here instead of summed per run in SQL. */
const MAX_RUNS = 5_000;
const THUMBNAIL_PX = 320;
// A photo's decoded pixels are bounded: a small but hostile PNG could otherwise expand to gigabytes.
const MAX_INPUT_PIXELS = 64_000_000;
const NO_APP_USER = 'No app user';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** `lat,lng` (optionally `,accuracy`) as numbers, or undefined when it is not a place on Earth. */
export function parseGpsLocation(text: string): { latitude: number; longitude: number } | undefined {
  const m = /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*(?:,\s*\d+(?:\.\d+)?\s*)?$/.exec(text);
  if (!m) return undefined;
  const [latitude, longitude] = [Number(m[1]), Number(m[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined;
}

/** The storage key of an image's thumbnail: beside the original, so whatever removes one can find the other. */
export function thumbnailKey(fileKey: string): string {
  return `${fileKey.replace(/\.[A-Za-z0-9]+$/, '')}.thumb-${THUMBNAIL_PX}.jpg`;
}

/** A name safe inside a content-disposition header. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return cleaned === '' ? 'file' : cleaned;
}

/** Statistics, the map and the photo gallery of the scans screens (all on the search filters). */
export class ScanInsightsService {
  constructor(private readonly deps: { repo: ScanInsightsRepo; counts: ScanCountsRepo; storage: BlobStorage; map: MapConfig; accountZone: (accountId: number) => Promise<string> }) {}

  /**
   * Totals by result, service and user, and counts over time in buckets of the search time zone. Filters
   * the counters answer (services, users, results, a scanned-time window) read them; the answer is the
   * same as counting the scans (a test compares both on random scans and zones; `fromScans` counts the
   * scans, `now` fixes the clock).
   */
  async statistics(accountId: number, q: StatisticsQuery, options: { fromScans?: boolean; now?: number } = {}): Promise<StatisticsReply> {
    const accountZone = await this.deps.accountZone(accountId);
    const zone = searchZone(q, accountZone);
    const now = options.now ?? Date.now();
    const { filter } = searchFilter(q, accountZone, now);
    const from = filter.from === undefined ? undefined : Date.parse(filter.from);
    const to = filter.to === undefined ? undefined : Date.parse(filter.to);
    // Offsets now and half a year ago catch daylight-saving zones; the window's edges catch a past or future rule.
    const minutes = slotMinutes(zone, [now, now - 182 * DAY, ...(from === undefined ? [] : [from]), ...(to === undefined ? [] : [to])]);
    // The chart spans the filter's window; an open side spans the data (an open end: up to now at least).
    const spanOf = (slots: SlotCount[]) => {
      let [first, last] = [Infinity, -Infinity];
      for (const s of slots) {
        const at = Date.parse(`${s.slot}:00.000Z`);
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      const start = from ?? (slots.length > 0 ? first : undefined);
      const end = to ?? (from !== undefined ? Math.max(now, slots.length > 0 ? last : now) : slots.length > 0 ? last : undefined);
      return start !== undefined && end !== undefined ? { from: start, to: end } : undefined;
    };
    const bucketOf = (span: { from: number; to: number } | undefined): Bucket => (q.bucket !== 'auto' ? q.bucket : span ? autoBucket(span.to - span.from) : 'day');
    const field = filter.timeFields?.[0] ?? 'scanned_at';
    const counted = options.fromScans || field !== 'scanned_at' ? undefined : counterFilter(filter);
    const [slots, who] = counted
      ? await Promise.all([this.countedSlots(accountId, counted, zone, minutes, (s) => bucketOf(spanOf(s))), this.deps.counts.byUserAndService(accountId, counted)])
      : await Promise.all([this.deps.repo.countsBySlot(accountId, filter, field, minutes), this.deps.repo.countsByUserAndService(accountId, filter)]);
    const perService = new Map<number, number>();
    const perUser = new Map<number | null, number>();
    for (const r of who) {
      perService.set(r.service_id, (perService.get(r.service_id) ?? 0) + r.n);
      perUser.set(r.app_user_id, (perUser.get(r.app_user_id) ?? 0) + r.n);
    }
    const topUsers = [...perUser.entries()].sort((x, y) => y[1] - x[1] || (x[0] ?? 0) - (y[0] ?? 0)).slice(0, TOP_USERS);
    const names = await this.deps.repo.names(accountId, { services: [...perService.keys()], users: topUsers.flatMap(([id]) => (id === null ? [] : [id])) });

    const byResult = { valid: 0, invalid: 0, notValidated: 0 };
    for (const s of slots) {
      if (s.status === 1) byResult.valid += s.n;
      else if (s.status === 0) byResult.invalid += s.n;
      else byResult.notValidated += s.n;
    }
    const span = spanOf(slots);
    const bucket = bucketOf(span);

    return {
      total: byResult.valid + byResult.invalid + byResult.notValidated,
      bucket,
      timeZone: zone,
      overTime: foldIntoBuckets(slots, zone, bucket, span),
      byService: [...perService.entries()].map(([id, count]) => ({ id, name: names.services.get(id) ?? `Service ${id}`, count })).sort((x, y) => y.count - x.count || x.name.localeCompare(y.name)),
      byUser: topUsers.map(([id, count]) => ({ id, name: id === null ? NO_APP_USER : (names.users.get(id) ?? `User ${id}`), count })),
      byResult,
    };
  }

  /**
   * Slot counts of a filter the counters answer, which fold into the same buckets as `countsBySlot` on the
   * scans; `bucketOf` picks the bucket from slots. The part-hours at the window's edges come from the scans.
   * A filter that keeps every service and user reads the account's quarter-hour counters, which fold into
   * the buckets of any zone: cut into runs that each lie in one bucket (`bucketRuns`), summed per run in
   * SQL, so a chart of years reads a row per bucket or so; the first and last quarters with scans come
   * along with no count (they set the span that `auto` sizes buckets by). Other filters read the hourly
   * counters of the services and users, and in a zone whose offset is not whole hours the hours that
   * straddle two buckets by quarter from the scans, and the first and last hours with scans too.
   */
  private async countedSlots(accountId: number, cf: CounterFilter, zone: string, minutes: 60 | 15, bucketOf: (slots: SlotCount[]) => Bucket): Promise<SlotCount[]> {
    const plan = countPlan(cf);
    if (plan.hours && (await this.deps.counts.keepsEveryone(accountId, cf))) {
      const whole = plan.hours;
      const [span, edges] = await Promise.all([this.deps.counts.quarterSpan(accountId, cf, whole), this.deps.counts.rawSlots(accountId, cf, plan.edges, minutes)]);
      if (!span) return edges;
      const ends = [span.first, span.last].map((at): SlotCount => ({ slot: new Date(at).toISOString().slice(0, 16), status: 1, n: 0 }));
      const starts = bucketRuns(zone, bucketOf([...ends, ...edges]), span.first, span.last + QUARTER);
      const counted = starts.length > MAX_RUNS ? await this.deps.counts.quarterSlots(accountId, cf, whole) : await this.deps.counts.runSlots(accountId, cf, starts, span.last + QUARTER);
      return [...ends, ...counted, ...edges];
    }
    const [hours, edges] = await Promise.all([this.deps.counts.hourSlots(accountId, cf, plan), this.deps.counts.rawSlots(accountId, cf, plan.edges, minutes)]);
    if (minutes === 60 || hours.length === 0) return [...hours, ...edges];
    const at = (slot: string) => Date.parse(`${slot}:00.000Z`);
    let whole = hours;
    const quarters: SlotCount[] = [...edges];
    const byQuarter = async (starts: number[]) => {
      for (let i = 0; i < starts.length; i += HOURS_PER_QUERY) {
        const part = starts.slice(i, i + HOURS_PER_QUERY);
        quarters.push(...(await this.deps.counts.rawSlots(accountId, cf, part.map((h) => ({ gte: new Date(h).toISOString(), lt: new Date(h + HOUR).toISOString() })), 15)));
      }
      const done = new Set(starts);
      whole = whole.filter((s) => !done.has(at(s.slot)));
    };
    const starts = () => [...new Set(whole.map((s) => at(s.slot)))].sort((a, b) => a - b);
    const all = starts();
    await byQuarter([...new Set([all[0]!, all[all.length - 1]!])]);
    const split = hoursAcrossBuckets(starts(), zone, bucketOf([...whole, ...quarters]));
    if (split.length > MAX_QUARTER_HOURS) return this.deps.repo.countsBySlot(accountId, cf, 'scanned_at', 15);
    await byQuarter(split);
    return [...whole, ...quarters];
  }

  /** Matching scans with a valid `gps_location`, newest first, and where the map's tiles come from. */
  async locations(accountId: number, q: LocationsQuery): Promise<{ points: ScanLocation[]; total: number; tileUrl: string; attribution: string }> {
    const { filter } = searchFilter(q, await this.deps.accountZone(accountId));
    const { rows, total } = await this.deps.repo.locations(accountId, filter, q.limit);
    const points = rows.flatMap((r): ScanLocation[] => {
      const at = parseGpsLocation(r.gps);
      return at ? [{ scanId: r.id, ...at, value: r.value, status: r.status as ScanStatus, serviceName: r.service_name, scannedAt: r.scanned_at }] : [];
    });
    return { points, total, tileUrl: this.deps.map.tileUrl, attribution: this.deps.map.attribution };
  }

  /** Photos and signatures answered on matching scans, newest scan first, a page at a time. */
  async photos(accountId: number, q: PhotosQuery): Promise<{ items: ScanPhoto[]; total: number; page: number; limit: number }> {
    const { filter } = searchFilter(q, await this.deps.accountZone(accountId));
    const { rows, total } = await this.deps.repo.photos(accountId, filter, { limit: q.limit, offset: (q.page - 1) * q.limit });
    const items = rows.map((r): ScanPhoto => ({
      answerId: r.answer_id,
      scanId: r.scan_id,
      // The question's type says which; a question deleted or retyped since leaves the file name the answer kept (`signature-…`).
      kind: r.question_type === 'datasignature' || (r.question_type !== 'dropboximage' && r.answer.startsWith('signature-')) ? 'signature' : 'photo',
      questionText: r.question_text,
      value: r.value,
      status: r.status as ScanStatus,
      serviceName: r.service_name,
      userName: r.user_name,
      scannedAt: r.scanned_at,
    }));
    return { items, total, page: q.page, limit: q.limit };
  }

  /** The image of a photo or signature answer; `thumbnail` answers a JPEG at most 320 px wide and high, made once and kept in storage. */
  async file(accountId: number, answerId: number, thumbnail: boolean): Promise<AnswerFile> {
    const answer = await this.deps.repo.answerFile(accountId, answerId);
    const gone = () => new AppError('NOT_FOUND', 'There is no such photo or signature.');
    if (!answer) throw gone();
    const name = safeFileName(answer.answer);
    if (!thumbnail) {
      const stream = await this.deps.storage.getStream(answer.fileKey);
      if (!stream) throw gone();
      const ext = /\.([A-Za-z0-9]+)$/.exec(answer.fileKey)?.[1]?.toLowerCase() ?? '';
      return { contentType: TYPES[ext] ?? 'application/octet-stream', body: stream, fileName: name };
    }
    const key = thumbnailKey(answer.fileKey);
    let small = await this.deps.storage.get(key);
    if (!small) {
      const original = await this.deps.storage.get(answer.fileKey);
      if (!original) throw gone();
      small = await makeThumbnail(original);
      await this.deps.storage.put(key, small, 'image/jpeg');
    }
    return { contentType: 'image/jpeg', body: small, fileName: `${name.replace(/\.[A-Za-z0-9]+$/, '')}-thumbnail.jpg` };
  }
}

/** A JPEG that fits in 320×320 px, turned upright (EXIF) and on white (signatures are often transparent PNGs). */
async function makeThumbnail(image: Buffer): Promise<Buffer> {
  try {
    return await sharpPackage()(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    // Stored images were checked by their first bytes only; one that cannot be decoded has no thumbnail.
    throw new AppError('NOT_FOUND', 'This image cannot be read, so there is no thumbnail of it.');
  }
}
