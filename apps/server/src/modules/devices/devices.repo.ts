import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type DeviceRow = { id: number; udid: string; name: string; app_user_id: number | null; created_at: string; last_seen_at: string | null };

const columns = ['id', 'udid', 'name', 'app_user_id', 'created_at', 'last_seen_at'] as const;

/** SQL for the devices that scan for an account. */
export class DevicesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async list(accountId: number, q: { ids?: number[] | 'all'; search?: string | undefined; sortBy?: 'id' | 'name' | 'created_at'; desc?: boolean; offset?: number; limit?: number }): Promise<{ rows: DeviceRow[]; total: number }> {
    let query = this.db.selectFrom('devices').where('account_id', '=', accountId);
    if (Array.isArray(q.ids)) query = query.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('name'), q.search));
    let rows = query.select(columns).orderBy(q.sortBy ?? 'id', q.desc ? 'desc' : 'asc').orderBy('id');
    if (q.limit !== undefined) rows = rows.limit(q.limit).offset(q.offset ?? 0);
    const [r, c] = await Promise.all([rows.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows: r, total: Number(c.n) };
  }

  async rename(accountId: number, id: number, name: string): Promise<boolean> {
    const r = await this.db.updateTable('devices').set({ name }).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Records a device the first time it signs in (and when it was last seen). */
  async register(accountId: number, d: { udid: string; name: string; appUserId: number | null }): Promise<number> {
    const at = nowIso();
    const row = await this.db
      .insertInto('devices')
      .values({ account_id: accountId, udid: d.udid, name: d.name, app_user_id: d.appUserId, created_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['account_id', 'udid']).doUpdateSet({ last_seen_at: at, app_user_id: d.appUserId }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
