import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type AppUserRow = { id: number; username: string; password_hash: string | null; device_limit: number | null; is_owner: number; invite_token_hash: string | null; created_at: string };

const columns = ['id', 'username', 'password_hash', 'device_limit', 'is_owner', 'invite_token_hash', 'created_at'] as const;

/** SQL for app users (the people who scan) and their service permissions. */
export class AppUsersRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `fn` in one transaction with a repo bound to it. */
  async transaction<T>(fn: (repo: AppUsersRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new AppUsersRepo(trx, this.dialect)));
  }

  /** Live users only (deleted ones stay for their scans). */
  async list(accountId: number, q: { ids?: number[] | 'all'; search?: string | undefined; sortBy?: 'id' | 'username' | 'created_at'; desc?: boolean; offset?: number; limit?: number }): Promise<{ rows: AppUserRow[]; total: number }> {
    let query = this.db.selectFrom('app_users').where('account_id', '=', accountId).where('deleted_at', 'is', null);
    if (Array.isArray(q.ids)) query = query.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('username'), q.search));
    let rows = query.select(columns).orderBy(q.sortBy ?? 'id', q.desc ? 'desc' : 'asc').orderBy('id');
    if (q.limit !== undefined) rows = rows.limit(q.limit).offset(q.offset ?? 0);
    const [r, c] = await Promise.all([rows.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows: r, total: Number(c.n) };
  }

  /** A live user with this username in any account (usernames are unique across the install). */
  async findByUsernameKey(key: string): Promise<(AppUserRow & { account_id: number }) | undefined> {
    return this.db.selectFrom('app_users').select([...columns, 'account_id']).where('username_key', '=', key).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** A live user with this username in the account. */
  async findInAccountByUsernameKey(accountId: number, key: string): Promise<AppUserRow | undefined> {
    return this.db.selectFrom('app_users').select(columns).where('account_id', '=', accountId).where('username_key', '=', key).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async findOwner(accountId: number): Promise<AppUserRow | undefined> {
    return this.db.selectFrom('app_users').select(columns).where('account_id', '=', accountId).where('is_owner', '=', 1).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async findByInviteHash(hash: string): Promise<(AppUserRow & { account_id: number }) | undefined> {
    return this.db.selectFrom('app_users').select([...columns, 'account_id']).where('invite_token_hash', '=', hash).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** The account owner's sign-in email and password hash (the owner's app user signs in with them). */
  async ownerLogin(accountId: number): Promise<{ email: string; password_hash: string } | undefined> {
    return this.db.selectFrom('admins').select(['email', 'password_hash']).where('account_id', '=', accountId).executeTakeFirst();
  }

  async insert(accountId: number, u: { username: string; key: string; passwordHash: string | null; deviceLimit: number | null; isOwner: boolean; inviteHash: string | null }): Promise<number> {
    const at = nowIso();
    const row = await this.db
      .insertInto('app_users')
      .values({ account_id: accountId, username: u.username, username_key: u.key, password_hash: u.passwordHash, device_limit: u.deviceLimit, is_owner: u.isOwner ? 1 : 0, invite_token_hash: u.inviteHash, created_at: at, updated_at: at, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(accountId: number, id: number, patch: { username?: string; key?: string; passwordHash?: string | null; deviceLimit?: number | null; inviteHash?: string | null }): Promise<void> {
    await this.db
      .updateTable('app_users')
      .set({
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.key !== undefined ? { username_key: patch.key } : {}),
        ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
        ...(patch.deviceLimit !== undefined ? { device_limit: patch.deviceLimit } : {}),
        ...(patch.inviteHash !== undefined ? { invite_token_hash: patch.inviteHash } : {}),
        updated_at: nowIso(),
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }

  /** Soft delete: the row stays for scans; permissions go. */
  async softDelete(accountId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('service_users').where('account_id', '=', accountId).where('app_user_id', 'in', ids).execute();
    await this.db.updateTable('app_users').set({ deleted_at: nowIso(), invite_token_hash: null }).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  /** Live services each user may use. */
  async servicesOf(accountId: number, userIds: number[]): Promise<{ app_user_id: number; service_id: number }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('service_users as su')
      .innerJoin('services as s', 's.id', 'su.service_id')
      .select(['su.app_user_id', 'su.service_id'])
      .where('su.account_id', '=', accountId)
      .where('su.app_user_id', 'in', userIds)
      .where('s.deleted_at', 'is', null)
      .orderBy('su.service_id')
      .execute();
  }

  /** Replaces the services a user may use. */
  async setServices(accountId: number, userId: number, serviceIds: number[]): Promise<void> {
    await this.db.deleteFrom('service_users').where('account_id', '=', accountId).where('app_user_id', '=', userId).execute();
    if (serviceIds.length > 0) await this.db.insertInto('service_users').values(serviceIds.map((s) => ({ account_id: accountId, service_id: s, app_user_id: userId }))).execute();
  }

  /** Sets the user and task portal access of a user (single sign-on's just-in-time grants). */
  async setPortals(accountId: number, userId: number, userPortal: boolean, taskPortal: boolean): Promise<void> {
    await this.db.updateTable('app_users').set({ user_portal: userPortal ? 1 : 0, task_portal: taskPortal ? 1 : 0 }).where('account_id', '=', accountId).where('id', '=', userId).execute();
  }

  /** Which of these ids are live services of the account. */
  async liveServiceIds(accountId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('services').select('id').where('account_id', '=', accountId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    return rows.map((r) => r.id);
  }
}
