import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { jsonArrayRows, slotFromText, utcHourOfQuarterSlot, utcHourSlotValue, utcQuarterSlotValue, utcTimeSlot } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import type { ScanFilter } from './scan-filter.js';
import type { SlotCount } from './scan-insights.repo.js';
import type { ScansRepo } from './scans.repo.js';

const HOUR = 3_600_000;

/** The part of a scan filter the counters answer: services, service types, app users, results, deleted ones, and a window of scanned time. */
export type CounterFilter = Pick<ScanFilter, 'serviceIds' | 'serviceTypes' | 'userIds' | 'statuses' | 'includeDeletedServices' | 'includeDeletedUsers' | 'from' | 'to'>;

const ANSWERED = new Set<string>(['serviceIds', 'serviceTypes', 'userIds', 'statuses', 'includeDeletedServices', 'includeDeletedUsers', 'from', 'to', 'timeFields']);

/**
 * The filter as the counters can answer it, or undefined when it needs the scans themselves (a text,
 * property, device, upload or id filter, "latest per value", or a window on the received or modified time).
 */
export function counterFilter(f: ScanFilter): CounterFilter | undefined {
  for (const [key, value] of Object.entries(f)) {
    if (value !== undefined && value !== false && !ANSWERED.has(key)) return undefined;
  }
  const windowed = f.from !== undefined || f.to !== undefined;
  if (windowed && f.timeFields && f.timeFields.length > 0 && (f.timeFields.length > 1 || f.timeFields[0] !== 'scanned_at')) return undefined;
  return { serviceIds: f.serviceIds, serviceTypes: f.serviceTypes, userIds: f.userIds, statuses: f.statuses, includeDeletedServices: f.includeDeletedServices, includeDeletedUsers: f.includeDeletedUsers, from: f.from, to: f.to };
}

/** A range of scanned times read from the scans themselves: `gte` ≤ t < `lt` (or ≤ `lte`). */
export type TimeRange = { gte?: string | undefined; lt?: string | undefined; lte?: string | undefined };

/**
 * How a window of scanned time is counted: the whole UTC hours inside it from the hourly counters
 * (`hours`: from ≤ slot < to, either side open), the rest (the part-hours at its edges) from the scans.
 * `hours` is undefined when no whole hour lies inside.
 */
export type CountPlan = { hours?: { from?: number | undefined; to?: number | undefined } | undefined; edges: TimeRange[] };

export function countPlan(cf: Pick<CounterFilter, 'from' | 'to'>): CountPlan {
  const from = cf.from === undefined ? undefined : Date.parse(cf.from);
  const to = cf.to === undefined ? undefined : Date.parse(cf.to);
  // The first whole hour starts at or after `from`; the hour holding `to` is read from the scans (so is
  // `to` itself when it is a whole hour), which stays exact whatever the precision of stored times.
  const first = from === undefined ? undefined : Math.ceil(from / HOUR) * HOUR;
  const end = to === undefined ? undefined : Math.floor(to / HOUR) * HOUR;
  if (first !== undefined && end !== undefined && first >= end) return { edges: [{ gte: cf.from, lte: cf.to }] };
  const edges: TimeRange[] = [];
  if (from !== undefined && first !== undefined && from < first) edges.push({ gte: cf.from, lt: new Date(first).toISOString() });
  if (end !== undefined) edges.push({ gte: new Date(end).toISOString(), lte: cf.to });
  return { hours: { from: first, to: end }, edges };
}

type Result = 'valid' | 'invalid' | 'not_validated';
const RESULTS: Result[] = ['valid', 'invalid', 'not_validated'];
const STATUS_OF: Record<Result, number> = { valid: 1, invalid: 0, not_validated: -1 };

/** The result columns a status filter keeps (scans are 1 valid, 0 invalid or -1 not validated). */
function resultsOf(statuses: number[] | undefined): Result[] {
  if (statuses === undefined) return RESULTS;
  return RESULTS.filter((r) => statuses.includes(STATUS_OF[r]));
}

function sumOf(results: Result[]): RawBuilder<number> {
  return results.length === 0 ? sql<number>`0` : sql<number>`${sql.join(results.map((r) => sql.ref(r)), sql` + `)}`;
}

type CounterTable = 'scan_counts' | 'scan_counts_hourly';

/** Whole UTC hours `from` ≤ slot < `to`, either side open. */
type HourRange = { from?: number | undefined; to?: number | undefined };

/** Matching counter rows per UTC hour slot, by result. */
type HourRow = { slot: string; valid: number; invalid: number; not_validated: number };

/** A slot as the counters give it (SQLite `YYYY-MM-DDTHH` or `YYYY-MM-DDTHH:MM`, PostgreSQL full ISO text), as `YYYY-MM-DDTHH:MM`. */
const slotText = (slot: string) => `${slot}:00`.slice(0, 16);

/**
 * Counts of scans read from the counters that triggers keep with every scan (migrations 0008 and 0040:
 * `scan_counts` per service and app user, `scan_counts_hourly` per UTC hour too, and
 * `scan_counts_account_quarter_hourly` per UTC quarter hour for the account), with the part-hours at the
 * edges of a time window read from the scans; and capped counts where no counter answers.
 */
export class ScanCountsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly scans: ScansRepo,
  ) {}

  /**
   * How many scans match a filter: exact from the counters when they answer it; otherwise counted on
   * the scans, stopping past `cap` (then `{ total: cap, exact: false }`); no cap counts them all.
   */
  async count(accountId: number, f: ScanFilter, cap?: number): Promise<{ total: number; exact: boolean }> {
    const cf = counterFilter(f);
    if (cf) return { total: await this.total(accountId, cf), exact: true };
    const where = this.scans.filtered(accountId, await this.scans.withoutIdleExclusions(accountId, f));
    if (cap === undefined) {
      const row = await this.db.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow();
      return { total: Number(row.n), exact: true };
    }
    const capped = this.db.selectFrom('scans').select(sql<number>`1`.as('one')).where(where).limit(cap + 1).as('capped');
    const n = Number((await this.db.selectFrom(capped).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
  }

  /** The exact number of scans matching a filter the counters answer. */
  async total(accountId: number, cf: CounterFilter): Promise<number> {
    const plan = countPlan(cf);
    const keep = resultsOf(cf.statuses);
    const fromCounters = async () => {
      if (!plan.hours) return 0;
      if (cf.from === undefined && cf.to === undefined) {
        const row = await this.allTime(accountId, cf).select(sql<number | null>`sum(${sumOf(keep)})`.as('n')).executeTakeFirst();
        return Number(row?.n ?? 0);
      }
      let n = 0;
      for (const r of await this.hourRows(accountId, cf, plan.hours)) for (const result of keep) n += r[result];
      return n;
    };
    const fromScans = async () => {
      if (plan.edges.length === 0) return 0;
      const row = await this.edgeScans(accountId, cf, plan.edges).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const [a, b] = await Promise.all([fromCounters(), fromScans()]);
    return a + b;
  }

  /** Matching scans per whole UTC hour inside the window and result, from the counters (slots `YYYY-MM-DDTHH:00`). */
  async hourSlots(accountId: number, cf: CounterFilter, plan: CountPlan): Promise<SlotCount[]> {
    if (!plan.hours) return [];
    const keep = resultsOf(cf.statuses);
    const out: SlotCount[] = [];
    for (const r of await this.hourRows(accountId, cf, plan.hours)) {
      for (const result of keep) if (r[result] !== 0) out.push({ slot: r.slot, status: STATUS_OF[result], n: r[result] });
    }
    return out;
  }

  /**
   * Matching scans per UTC hour in whole hours `from` ≤ slot < `to`, by result. When the filter leaves no
   * scan of the account out (all time), the account's quarter-hour rows summed per hour answer; when it leaves out fewer scans
   * than it keeps (say, a deleted app user's), the account's rows less the hourly rows of those left out;
   * otherwise the hourly rows of the services and users kept. Exact either way: the account's rows are the
   * sum of the others, kept in the same statement.
   */
  private async hourRows(accountId: number, cf: CounterFilter, hours: HourRange): Promise<HourRow[]> {
    const range = (eb: ExpressionBuilder<Database, 'scan_counts_hourly'>) => {
      const and: Expression<SqlBool>[] = [];
      if (hours.from !== undefined) and.push(eb('slot', '>=', utcHourSlotValue(this.dialect, hours.from)));
      if (hours.to !== undefined) and.push(eb('slot', '<', utcHourSlotValue(this.dialect, hours.to)));
      return eb.and(and);
    };
    const sums = [sql<number>`sum(valid)`.as('valid'), sql<number>`sum(invalid)`.as('invalid'), sql<number>`sum(not_validated)`.as('not_validated')] as const;
    const { kept, leftOut } = await this.split(accountId, cf);
    const hour = utcHourOfQuarterSlot(this.dialect, sql.ref('slot'));
    const of = (users: boolean, keptRows: boolean) =>
      users
        ? this.db
            .selectFrom('scan_counts_hourly')
            .where('account_id', '=', accountId)
            .where((eb) => range(eb))
            .where((eb) => (keptRows ? this.kept(accountId, cf, eb as never) : eb.not(this.kept(accountId, cf, eb as never))))
            .select(['slot', ...sums])
            .groupBy('slot')
            .execute()
        : this.quarters(accountId, hours).select([hour.as('slot'), ...sums]).groupBy(hour).execute();
    const normal = (rows: { slot: string; valid: number; invalid: number; not_validated: number }[]): HourRow[] =>
      rows.map((r) => ({ slot: slotText(r.slot), valid: Number(r.valid), invalid: Number(r.invalid), not_validated: Number(r.not_validated) }));
    if (kept === 0) return [];
    if (leftOut === 0) return normal(await of(false, true));
    if (leftOut > kept) return normal(await of(true, true));
    const [all, out] = await Promise.all([of(false, true), of(true, false)]);
    const bySlot = new Map(normal(all).map((r) => [r.slot, r]));
    for (const r of normal(out)) {
      const a = bySlot.get(r.slot);
      if (!a) continue;
      a.valid -= r.valid;
      a.invalid -= r.invalid;
      a.not_validated -= r.not_validated;
    }
    return [...bySlot.values()];
  }

  /** How many scans (all time) the filter keeps and leaves out, from the few per-service-and-user rows. */
  private async split(accountId: number, cf: CounterFilter): Promise<{ kept: number; leftOut: number }> {
    const row = await this.db
      .selectFrom('scan_counts')
      .where('account_id', '=', accountId)
      .select([sql<number | null>`sum(CASE WHEN ${this.kept(accountId, cf)} THEN valid + invalid + not_validated ELSE 0 END)`.as('kept'), sql<number | null>`sum(CASE WHEN ${this.kept(accountId, cf)} THEN 0 ELSE valid + invalid + not_validated END)`.as('left_out')])
      .executeTakeFirst();
    return { kept: Number(row?.kept ?? 0), leftOut: Number(row?.left_out ?? 0) };
  }

  /** Whether the filter keeps every service and app user of the account that has scans, so the account's own counters answer it. */
  async keepsEveryone(accountId: number, cf: CounterFilter): Promise<boolean> {
    return (await this.split(accountId, cf)).leftOut === 0;
  }

  /** The account's quarter-hour counter rows in whole hours `from` ≤ slot < `to`. */
  private quarters(accountId: number, hours: HourRange) {
    let q = this.db.selectFrom('scan_counts_account_quarter_hourly').where('account_id', '=', accountId);
    if (hours.from !== undefined) q = q.where('slot', '>=', utcQuarterSlotValue(this.dialect, hours.from));
    if (hours.to !== undefined) q = q.where('slot', '<', utcQuarterSlotValue(this.dialect, hours.to));
    return q;
  }

  /**
   * The first and last UTC quarter hours (start instants) in the whole hours of a window that hold a scan
   * of the filter's results, from the account's counters (for a filter that `keepsEveryone`); undefined
   * when none does. Two seeks of the counters' key, each stopping at the first row that is not counted down to zero.
   */
  async quarterSpan(accountId: number, cf: CounterFilter, hours: HourRange): Promise<{ first: number; last: number } | undefined> {
    const keep = resultsOf(cf.statuses);
    if (keep.length === 0) return undefined;
    const end = (direction: 'asc' | 'desc') =>
      this.quarters(accountId, hours)
        .where(sql<SqlBool>`${sumOf(keep)} <> 0`)
        .select('slot')
        .orderBy('slot', direction)
        .limit(1)
        .executeTakeFirst();
    const [first, last] = await Promise.all([end('asc'), end('desc')]);
    if (!first || !last) return undefined;
    const at = (slot: string) => Date.parse(`${slotText(slot)}:00.000Z`);
    return { first: at(first.slot), last: at(last.slot) };
  }

  /**
   * Matching scans (a filter that `keepsEveryone`) in runs of UTC quarter hours, by result: run i is
   * `starts[i]` ≤ slot < `starts[i + 1]` (the last ends at `end`), each summed in SQL over one range of the
   * account's quarter counters, so a chart of years reads one row per run. Slots are the runs' starts.
   */
  async runSlots(accountId: number, cf: CounterFilter, starts: number[], end: number): Promise<SlotCount[]> {
    const keep = resultsOf(cf.statuses);
    if (starts.length === 0 || keep.length === 0) return [];
    const runs = JSON.stringify(starts.map((from, i) => [utcQuarterSlotValue(this.dialect, from), utcQuarterSlotValue(this.dialect, starts[i + 1] ?? end), i]));
    // The runs drive the join (CROSS JOIN keeps them the outer loop on SQLite): a seek of the key per run.
    const { rows } = await sql<{ i: string | number; valid: number; invalid: number; not_validated: number }>`
      SELECT r.value ->> 2 AS i, sum(q.valid) AS valid, sum(q.invalid) AS invalid, sum(q.not_validated) AS not_validated
      FROM ${jsonArrayRows(this.dialect, runs, 'r')} CROSS JOIN scan_counts_account_quarter_hourly AS q
      WHERE q.account_id = ${accountId} AND q.slot >= ${slotFromText(this.dialect, sql`r.value ->> 0`)} AND q.slot < ${slotFromText(this.dialect, sql`r.value ->> 1`)}
      GROUP BY 1`.execute(this.db);
    const out: SlotCount[] = [];
    for (const r of rows) {
      const slot = new Date(starts[Number(r.i)]!).toISOString().slice(0, 16);
      for (const result of keep) {
        const n = Number(r[result]);
        if (n !== 0) out.push({ slot, status: STATUS_OF[result], n });
      }
    }
    return out;
  }

  /** The account's quarter-hour counts in whole hours of a window, by result (a filter that `keepsEveryone`): a chart with more buckets than `runSlots` should read folds these. */
  async quarterSlots(accountId: number, cf: CounterFilter, hours: HourRange): Promise<SlotCount[]> {
    const keep = resultsOf(cf.statuses);
    if (keep.length === 0) return [];
    const rows = await this.quarters(accountId, hours).select(['slot', 'valid', 'invalid', 'not_validated']).orderBy('slot').execute();
    const out: SlotCount[] = [];
    for (const r of rows) {
      const slot = slotText(r.slot);
      for (const result of keep) {
        const n = Number(r[result]);
        if (n !== 0) out.push({ slot, status: STATUS_OF[result], n });
      }
    }
    return out;
  }

  /** Matching scans in time ranges, counted from the scans per UTC slot (hour or quarter) and status. */
  async rawSlots(accountId: number, cf: CounterFilter, ranges: TimeRange[], minutes: 60 | 15): Promise<SlotCount[]> {
    if (ranges.length === 0) return [];
    const slot = utcTimeSlot(this.dialect, sql.ref<string>('scans.scanned_at'), minutes);
    const rows = await this.edgeScans(accountId, cf, ranges)
      .select([slot.as('slot'), 'scans.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy([slot, 'scans.status'])
      .execute();
    return rows.map((r) => ({ slot: slotText(r.slot), status: r.status, n: Number(r.n) }));
  }

  /** Matching scans per app user (null: none) and service: all time from `scan_counts`, a window from the hourly counters and its edges. */
  async byUserAndService(accountId: number, cf: CounterFilter): Promise<{ app_user_id: number | null; service_id: number; n: number }[]> {
    const plan = countPlan(cf);
    const sum = sumOf(resultsOf(cf.statuses));
    const fromCounters = async () => {
      if (!plan.hours) return [];
      if (cf.from === undefined && cf.to === undefined) return this.allTime(accountId, cf).select(['app_user_id', 'service_id', sum.as('n')]).execute();
      const hours = plan.hours;
      let q = this.db.selectFrom('scan_counts_hourly').where('account_id', '=', accountId).where((eb) => this.kept(accountId, cf, eb as never));
      if (hours.from !== undefined) q = q.where('slot', '>=', utcHourSlotValue(this.dialect, hours.from));
      if (hours.to !== undefined) q = q.where('slot', '<', utcHourSlotValue(this.dialect, hours.to));
      return q.select(['app_user_id', 'service_id', sql<number>`sum(${sum})`.as('n')]).groupBy(['app_user_id', 'service_id']).execute();
    };
    const fromScans = async () => {
      if (plan.edges.length === 0) return [];
      const rows = await this.edgeScans(accountId, cf, plan.edges)
        .select(['scans.app_user_id', 'scans.service_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['scans.app_user_id', 'scans.service_id'])
        .execute();
      return rows.map((r) => ({ app_user_id: r.app_user_id ?? 0, service_id: r.service_id, n: r.n }));
    };
    const merged = new Map<string, { app_user_id: number | null; service_id: number; n: number }>();
    for (const r of [...(await fromCounters()), ...(await fromScans())]) {
      const n = Number(r.n);
      if (n === 0) continue;
      const key = `${r.app_user_id}:${r.service_id}`;
      const had = merged.get(key);
      if (had) had.n += n;
      else merged.set(key, { app_user_id: r.app_user_id === 0 ? null : r.app_user_id, service_id: r.service_id, n });
    }
    return [...merged.values()];
  }

  /** `scan_counts` rows of the account for the filter's services, service types, users and deleted ones. */
  private allTime(accountId: number, cf: CounterFilter) {
    return this.db
      .selectFrom('scan_counts')
      .where('account_id', '=', accountId)
      .where((eb) => this.kept(accountId, cf, eb as never));
  }

  /** Whether a counter row's service and app user are kept by the filter (any counter table with both columns). */
  private kept(accountId: number, cf: CounterFilter, eb?: ExpressionBuilder<Database, CounterTable>): Expression<SqlBool> {
    const e = eb ?? expressionBuilder<Database, CounterTable>();
    const and: Expression<SqlBool>[] = [];
    if (cf.serviceIds) and.push(e('service_id', 'in', cf.serviceIds.length > 0 ? cf.serviceIds : [-2]));
    if (cf.serviceTypes) and.push(e('service_id', 'in', e.selectFrom('services').select('services.id').where('services.account_id', '=', accountId).where('services.validation_method', 'in', cf.serviceTypes.length > 0 ? cf.serviceTypes : ['-'])));
    // App user 0 stands for "none": no id list holds it, and it is never a deleted user.
    if (cf.userIds) and.push(e('app_user_id', 'in', cf.userIds.length > 0 ? cf.userIds : [-2]));
    if (!cf.includeDeletedServices) and.push(e('service_id', 'not in', e.selectFrom('services').select('services.id').where('services.account_id', '=', accountId).where('services.deleted_at', 'is not', null)));
    if (!cf.includeDeletedUsers) and.push(e('app_user_id', 'not in', e.selectFrom('app_users').select('app_users.id').where('app_users.account_id', '=', accountId).where('app_users.deleted_at', 'is not', null)));
    return and.length === 0 ? sql<SqlBool>`1 = 1` : e.and(and);
  }

  /** Scans matching the filter's services, users and results in some ranges of scanned time. */
  private edgeScans(accountId: number, cf: CounterFilter, ranges: TimeRange[]) {
    const where = this.scans.filtered(accountId, { ...cf, from: undefined, to: undefined });
    return this.db
      .selectFrom('scans')
      .where(where)
      .where((eb) =>
        eb.or(
          ranges.map((r) => {
            const parts: Expression<SqlBool>[] = [];
            if (r.gte !== undefined) parts.push(eb('scans.scanned_at', '>=', r.gte));
            if (r.lt !== undefined) parts.push(eb('scans.scanned_at', '<', r.lt));
            if (r.lte !== undefined) parts.push(eb('scans.scanned_at', '<=', r.lte));
            return eb.and(parts);
          }),
        ),
      );
  }
}
