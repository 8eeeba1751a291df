import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import { containsText } from '../../../platform/db/dialect.js';
import type { Database } from '../../../platform/db/schema.js';

/** A package's row: where it is now. */
export type PackageRow = {
  value: string;
  stage: string;
  final: boolean;
  since: string;
  latitude: number | null;
  longitude: number | null;
  by: string | null;
  byAppUserId: number | null;
  lastScanId: number | null;
  moves: number;
};

/** One scan of a package for its timeline, with the properties and proof answers the type uses. */
export type TimelineRow = {
  id: number;
  status: number;
  response: string;
  scanned_at: string;
  by: string | null;
  stage: string | null;
  gps: string | null;
  recipient: string | null;
  photoAnswerId: number | null;
  signatureAnswerId: number | null;
};

/** A late rule for the list: packages at `stage` moved there before `before` are late. */
export type LateCutoff = { stage: string; before: string };

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

type Raw = { value: string; stage: string; final: number; since: unknown; latitude: number | null; longitude: number | null; by_app_user_id: number | null; last_scan_id: number | null; moves: number };

function toRow(r: Raw & { by?: string | null }): PackageRow {
  return {
    value: r.value, stage: r.stage, final: Number(r.final) === 1, since: iso(r.since), latitude: r.latitude === null ? null : Number(r.latitude), longitude: r.longitude === null ? null : Number(r.longitude),
    by: r.by ?? null, byAppUserId: r.by_app_user_id, lastScanId: r.last_scan_id, moves: Number(r.moves),
  };
}

const COLUMNS = ['p.value', 'p.stage', 'p.final', 'p.since', 'p.latitude', 'p.longitude', 'p.by_app_user_id', 'p.last_scan_id', 'p.moves'] as const;

/** SQL of the logistics type: the package table (migration 0027) and the instance's scans. */
export class LogisticsRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /**
   * Reads the package's row and holds it until the scan's transaction ends, so two scans of one package
   * at once are judged one after the other. PostgreSQL: an upsert makes the row exist (stage '', not
   * moved) and its no-op update takes the row lock; SQLite runs one writing transaction at a time, so a
   * plain read is already exclusive. Undefined for a package never moved.
   */
  async lock(accountId: number, serviceId: number, value: string, now: string): Promise<PackageRow | undefined> {
    const row =
      this.dialect === 'sqlite'
        ? await this.db.selectFrom('logistics_packages as p').select(COLUMNS).where('p.service_id', '=', serviceId).where('p.value', '=', value).where('p.account_id', '=', accountId).executeTakeFirst()
        : await this.db
            .insertInto('logistics_packages')
            .values({ account_id: accountId, service_id: serviceId, value, stage: '', since: now, latitude: null, longitude: null, by_app_user_id: null, last_scan_id: null })
            .onConflict((oc) => oc.columns(['service_id', 'value']).doUpdateSet((eb) => ({ by_app_user_id: eb.ref('logistics_packages.by_app_user_id') })))
            .returning(['value', 'stage', 'final', 'since', 'latitude', 'longitude', 'by_app_user_id', 'last_scan_id', 'moves'])
            .executeTakeFirst();
    if (!row || Number(row.moves) === 0) return undefined;
    return toRow(row);
  }

  /** The username of an app user of the account (null when gone). */
  async username(accountId: number, appUserId: number): Promise<string | null> {
    const row = await this.db.selectFrom('app_users').select('username').where('id', '=', appUserId).where('account_id', '=', accountId).executeTakeFirst();
    return row?.username ?? null;
  }

  /** Moves a locked package to a stage (in the scan's transaction). */
  async move(accountId: number, serviceId: number, value: string, m: { stage: string; final: boolean; since: string; latitude: number | null; longitude: number | null; appUserId: number | null; scanId: number }): Promise<void> {
    const set = { stage: m.stage, final: m.final ? 1 : 0, since: m.since, latitude: m.latitude, longitude: m.longitude, by_app_user_id: m.appUserId, last_scan_id: m.scanId };
    await this.db
      .insertInto('logistics_packages')
      .values({ account_id: accountId, service_id: serviceId, value, ...set, moves: 1 })
      .onConflict((oc) =>
        oc
          .columns(['service_id', 'value'])
          .doUpdateSet((eb) => ({ ...set, moves: eb('logistics_packages.moves', '+', 1) }))
          .where('logistics_packages.account_id', '=', accountId),
      )
      .execute();
  }

  /** The instance's packages (`moved`: without the rows that only hold a lock, stage ''; counts skip those by stage instead, to stay on the index). */
  private base(accountId: number, serviceId: number, search: string | undefined, moved = true) {
    let q = this.db.selectFrom('logistics_packages as p').where('p.account_id', '=', accountId).where('p.service_id', '=', serviceId);
    if (moved) q = q.where('p.moves', '>', 0);
    if (search) q = q.where(containsText(this.dialect, sql.ref('p.value'), search));
    return q;
  }

  /** The condition "late": not delivered, at a stage with a late rule since before its cutoff (false without rules). */
  private late(cutoffs: LateCutoff[]): RawBuilder<SqlBool> {
    if (cutoffs.length === 0) return sql<SqlBool>`1 = 0`;
    const any = sql.join(cutoffs.map((c) => sql`(p.stage = ${c.stage} and p.final = 0 and p.since < ${c.before})`), sql` or `);
    return sql<SqlBool>`(${any})`;
  }

  /**
   * A page of packages (newest movement first; `lateOnly`: only late ones, oldest first), with counts. The
   * counts are read by stage and per late rule from the (account, service, stage, final, since) index.
   */
  async list(
    accountId: number,
    serviceId: number,
    q: { search?: string | undefined; lateOnly: boolean; cutoffs: LateCutoff[]; offset: number; limit: number },
  ): Promise<{ rows: PackageRow[]; total: number; counts: { packages: number; late: number; delivered: number } }> {
    const base = this.base(accountId, serviceId, q.search);
    const filtered = q.lateOnly ? base.where(this.late(q.cutoffs)) : base;
    const rows = await filtered
      .leftJoin('app_users as u', 'u.id', 'p.by_app_user_id')
      .select([...COLUMNS, 'u.username as by'])
      .orderBy('p.since', q.lateOnly ? 'asc' : 'desc')
      .orderBy('p.value', q.lateOnly ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    const counted = this.base(accountId, serviceId, q.search, false);
    const byStage = (await counted.select((eb) => ['p.stage', 'p.final', eb.fn.countAll<number>().as('n')]).groupBy(['p.stage', 'p.final']).execute()).filter((r) => r.stage !== '');
    let late = 0;
    for (const c of q.cutoffs) {
      const r = await counted.select((eb) => eb.fn.countAll<number>().as('n')).where('p.stage', '=', c.stage).where('p.final', '=', 0).where('p.since', '<', c.before).executeTakeFirstOrThrow();
      late += Number(r.n);
    }
    const packages = byStage.reduce((sum, r) => sum + Number(r.n), 0);
    const delivered = byStage.reduce((sum, r) => sum + (Number(r.final) === 1 ? Number(r.n) : 0), 0);
    return { rows: rows.map(toRow), total: q.lateOnly ? late : packages, counts: { packages, late, delivered } };
  }

  /** One package's row (undefined when never moved). */
  async get(accountId: number, serviceId: number, value: string): Promise<PackageRow | undefined> {
    const r = await this.base(accountId, serviceId, undefined).leftJoin('app_users as u', 'u.id', 'p.by_app_user_id').select([...COLUMNS, 'u.username as by']).where('p.value', '=', value).executeTakeFirst();
    return r ? toRow(r) : undefined;
  }

  /** The instance's scans of a package (by the `package` property the type stores), oldest first. */
  async timeline(accountId: number, serviceId: number, value: string, limit: number): Promise<TimelineRow[]> {
    const rows = await this.db
      .selectFrom('scan_properties as k')
      .innerJoin('scans as sc', 'sc.id', 'k.scan_id')
      .leftJoin('app_users as u', 'u.id', 'sc.app_user_id')
      .select(['sc.id', 'sc.status', 'sc.response', 'sc.scanned_at', 'u.username as by'])
      .where('k.account_id', '=', accountId)
      .where('k.name', '=', 'package')
      .where('k.value', '=', value)
      .where('sc.account_id', '=', accountId)
      .where('sc.service_id', '=', serviceId)
      .orderBy('sc.scanned_at', 'asc')
      .orderBy('sc.id', 'asc')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [props, answers] = await Promise.all([
      this.db.selectFrom('scan_properties').select(['scan_id', 'name', 'value']).where('account_id', '=', accountId).where('scan_id', 'in', ids).where('name', 'in', ['stage', 'gps_location', 'recipient']).execute(),
      this.db.selectFrom('scan_answers').select(['id', 'scan_id', 'answer']).where('account_id', '=', accountId).where('scan_id', 'in', ids).where('file_key', 'is not', null).execute(),
    ]);
    const prop = (scanId: number, name: string) => props.find((p) => p.scan_id === scanId && p.name === name)?.value ?? null;
    const file = (scanId: number, prefix: string) => answers.find((a) => a.scan_id === scanId && a.answer.startsWith(prefix))?.id ?? null;
    return rows.map((r) => ({
      id: r.id, status: r.status, response: r.response, scanned_at: iso(r.scanned_at), by: r.by,
      stage: prop(r.id, 'stage'), gps: prop(r.id, 'gps_location'), recipient: prop(r.id, 'recipient'), photoAnswerId: file(r.id, 'photo-'), signatureAnswerId: file(r.id, 'signature-'),
    }));
  }

  /** One live logistics instance of the account with its type settings. */
  async instance(accountId: number, id: number): Promise<{ id: number; type_settings: string } | undefined> {
    return this.db
      .selectFrom('services')
      .select(['id', 'type_settings'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('specialized_type', '=', 'logistics')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
