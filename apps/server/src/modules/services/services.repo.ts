import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, lowerEquals, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type ServiceRow = { id: number; name: string; validation_method: string; database_id: number | null; postback_url: string; description: string; duplicate_value: number; settings: string; created_at: string; updated_at: string };
export type ServiceWrite = { name: string; validation_method: string; database_id: number | null; postback_url: string; description: string; duplicate_value: number; settings: string };
export type ServiceQuestionRow = { service_id: number; question_id: number; position: number; condition: string; required: number };

const columns = ['id', 'name', 'validation_method', 'database_id', 'postback_url', 'description', 'duplicate_value', 'settings', 'created_at', 'updated_at'] as const;

/** SQL for services, their permitted app users and their questions. */
export class ServicesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `fn` in one transaction with a repo bound to it. */
  async transaction<T>(fn: (repo: ServicesRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new ServicesRepo(trx, this.dialect)));
  }

  /** Live services (deleted ones stay for their scans). */
  async list(accountId: number, q: { ids?: number[] | 'all'; search?: string | undefined; type?: string | undefined; sortBy?: 'id' | 'name' | 'validation_method' | 'created_at'; desc?: boolean; offset?: number; limit?: number }): Promise<{ rows: ServiceRow[]; total: number }> {
    let query = this.db.selectFrom('services').where('account_id', '=', accountId).where('deleted_at', 'is', null);
    if (Array.isArray(q.ids)) query = query.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('name'), q.search));
    if (q.type) query = query.where('validation_method', '=', q.type);
    let rows = query.select(columns).orderBy(q.sortBy ?? 'id', q.desc ? 'desc' : 'asc').orderBy('id');
    if (q.limit !== undefined) rows = rows.limit(q.limit).offset(q.offset ?? 0);
    const [r, c] = await Promise.all([rows.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows: r, total: Number(c.n) };
  }

  async findByName(accountId: number, name: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('services').select('id').where('account_id', '=', accountId).where('deleted_at', 'is', null).where(lowerEquals(this.dialect, sql.ref('name'), name)).executeTakeFirst();
  }

  /** Every service name the account ever used (deleted ones too), for the next default name. */
  async allNames(accountId: number): Promise<string[]> {
    return (await this.db.selectFrom('services').select('name').where('account_id', '=', accountId).execute()).map((r) => r.name.toLowerCase());
  }

  async countAll(accountId: number): Promise<number> {
    return Number((await this.db.selectFrom('services').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  }

  async databaseExists(accountId: number, id: number): Promise<boolean> {
    return (await this.db.selectFrom('databases').select('id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async insert(accountId: number, w: ServiceWrite): Promise<number> {
    const at = nowIso();
    return (await this.db.insertInto('services').values({ account_id: accountId, ...w, created_at: at, updated_at: at, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(accountId: number, id: number, w: ServiceWrite): Promise<void> {
    await this.db.updateTable('services').set({ ...w, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async softDelete(accountId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('services').set({ deleted_at: nowIso() }).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  /** Live app users permitted on each service. */
  async users(accountId: number, serviceIds: number[]): Promise<{ service_id: number; app_user_id: number }[]> {
    if (serviceIds.length === 0) return [];
    return this.db
      .selectFrom('service_users as su')
      .innerJoin('app_users as u', 'u.id', 'su.app_user_id')
      .select(['su.service_id', 'su.app_user_id'])
      .where('su.account_id', '=', accountId)
      .where('su.service_id', 'in', serviceIds)
      .where('u.deleted_at', 'is', null)
      .orderBy('su.app_user_id')
      .execute();
  }

  async questions(accountId: number, serviceIds: number[]): Promise<ServiceQuestionRow[]> {
    if (serviceIds.length === 0) return [];
    return this.db.selectFrom('service_questions').select(['service_id', 'question_id', 'position', 'condition', 'required']).where('account_id', '=', accountId).where('service_id', 'in', serviceIds).orderBy('service_id').orderBy('position').execute();
  }

  async liveUserIds(accountId: number, ids: number[] | 'all'): Promise<number[]> {
    let q = this.db.selectFrom('app_users').select('id').where('account_id', '=', accountId).where('deleted_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
    return (await q.orderBy('id').execute()).map((r) => r.id);
  }

  async questionIds(accountId: number, ids: number[] | 'all'): Promise<number[]> {
    let q = this.db.selectFrom('questions').select('id').where('account_id', '=', accountId);
    if (ids !== 'all') q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
    return (await q.orderBy('id').execute()).map((r) => r.id);
  }

  async addUsers(accountId: number, pairs: { service_id: number; app_user_id: number }[]): Promise<void> {
    if (pairs.length === 0) return;
    await this.db.insertInto('service_users').values(pairs.map((p) => ({ account_id: accountId, ...p }))).onConflict((oc) => oc.columns(['service_id', 'app_user_id']).doNothing()).execute();
  }

  async removeUsers(accountId: number, serviceIds: number[], userIds: number[]): Promise<void> {
    if (serviceIds.length === 0 || userIds.length === 0) return;
    await this.db.deleteFrom('service_users').where('account_id', '=', accountId).where('service_id', 'in', serviceIds).where('app_user_id', 'in', userIds).execute();
  }

  async setUsers(accountId: number, serviceId: number, userIds: number[]): Promise<void> {
    await this.db.deleteFrom('service_users').where('account_id', '=', accountId).where('service_id', '=', serviceId).execute();
    await this.addUsers(accountId, userIds.map((u) => ({ service_id: serviceId, app_user_id: u })));
  }

  /** Adds or changes a question of a service; new ones go last. */
  async upsertQuestion(accountId: number, serviceId: number, questionId: number, condition: string, required: boolean): Promise<void> {
    const last = await this.db.selectFrom('service_questions').select((eb) => eb.fn.max('position').as('p')).where('account_id', '=', accountId).where('service_id', '=', serviceId).executeTakeFirst();
    await this.db
      .insertInto('service_questions')
      .values({ account_id: accountId, service_id: serviceId, question_id: questionId, position: Number(last?.p ?? 0) + 1, condition, required: required ? 1 : 0 })
      .onConflict((oc) => oc.columns(['service_id', 'question_id']).doUpdateSet({ condition, required: required ? 1 : 0 }))
      .execute();
  }

  async removeQuestions(accountId: number, serviceIds: number[], questionIds: number[]): Promise<void> {
    if (serviceIds.length === 0 || questionIds.length === 0) return;
    await this.db.deleteFrom('service_questions').where('account_id', '=', accountId).where('service_id', 'in', serviceIds).where('question_id', 'in', questionIds).execute();
  }

  async clearQuestions(accountId: number, serviceId: number): Promise<void> {
    await this.db.deleteFrom('service_questions').where('account_id', '=', accountId).where('service_id', '=', serviceId).execute();
  }
}
