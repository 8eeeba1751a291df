import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

/** One instance row: its service with the type columns. */
export type InstanceRow = { id: number; name: string; specialized_type: string; type_settings: string; database_id: number | null; settings: string; created_at: string };

const columns = ['id', 'name', 'specialized_type', 'type_settings', 'database_id', 'settings', 'created_at'] as const;

/** SQL for specialized service instances (services with a type). */
export class SpecializedRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** Live instances, filtered by type and name, newest first. */
  async list(accountId: number, q: { type?: string | undefined; search?: string | undefined; offset: number; limit: number }): Promise<{ rows: InstanceRow[]; total: number }> {
    let query = this.db.selectFrom('services').where('account_id', '=', accountId).where('deleted_at', 'is', null).where('specialized_type', 'is not', null);
    if (q.type) query = query.where('specialized_type', '=', q.type);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('name'), q.search));
    const [rows, count] = await Promise.all([
      query.select(columns).orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as InstanceRow[], total: Number(count.n) };
  }

  /** A live instance of the account. */
  async get(accountId: number, id: number): Promise<InstanceRow | undefined> {
    const row = await this.db.selectFrom('services').select(columns).where('account_id', '=', accountId).where('id', '=', id).where('deleted_at', 'is', null).where('specialized_type', 'is not', null).executeTakeFirst();
    return row as InstanceRow | undefined;
  }

  /** Scans per instance since a time (the index on service and scanned time reads only today's). */
  async scansSince(accountId: number, ids: number[], since: string): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('scans')
      .select(['service_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('service_id', 'in', ids)
      .where('scanned_at', '>=', since)
      .where('account_id', '=', accountId)
      .groupBy('service_id')
      .execute();
    return new Map(rows.map((r) => [r.service_id, Number(r.n)]));
  }

  /** Makes a service an instance of a type (or changes its settings). */
  async setType(accountId: number, id: number, type: string, settings: string): Promise<void> {
    await this.db.updateTable('services').set({ specialized_type: type, type_settings: settings, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** The permitted app users of an instance. */
  async userIds(accountId: number, id: number): Promise<number[]> {
    const rows = await this.db.selectFrom('service_users as su').innerJoin('app_users as u', 'u.id', 'su.app_user_id').select('su.app_user_id').where('su.account_id', '=', accountId).where('su.service_id', '=', id).where('u.deleted_at', 'is', null).orderBy('su.app_user_id').execute();
    return rows.map((r) => r.app_user_id);
  }

  /** The account's time zone. */
  async timeZone(accountId: number): Promise<string> {
    const row = await this.db.selectFrom('admins').select('timezone').where('account_id', '=', accountId).orderBy('id').limit(1).executeTakeFirst();
    return row?.timezone ?? 'UTC';
  }
}
