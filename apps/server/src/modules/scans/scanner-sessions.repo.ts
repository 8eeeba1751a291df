import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export type AppTokenRow = { id: number; account_id: number; app_user_id: number; device_id: number; expires_at: string; username: string };

/** A service an app user may use, with what the scanner needs. */
export type AppServiceRow = { id: number; name: string; validation_method: string; database_id: number | null; description: string; settings: string; specialized_type: string | null; type_settings: string };

/** SQL for app tokens, the devices app users sign in on, and the services they may use. */
export class ScannerSessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertToken(t: { hash: string; accountId: number; appUserId: number; deviceId: number; createdAt: string; expiresAt: string }): Promise<void> {
    await this.db.insertInto('app_tokens').values({ token_hash: t.hash, account_id: t.accountId, app_user_id: t.appUserId, device_id: t.deviceId, created_at: t.createdAt, expires_at: t.expiresAt }).execute();
  }

  /** A live token of a live app user. */
  async findToken(hash: string): Promise<AppTokenRow | undefined> {
    return this.db
      .selectFrom('app_tokens as t')
      .innerJoin('app_users as u', 'u.id', 't.app_user_id')
      .select(['t.id', 't.account_id', 't.app_user_id', 't.device_id', 't.expires_at', 'u.username'])
      .where('t.token_hash', '=', hash)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async deleteToken(id: number): Promise<void> {
    await this.db.deleteFrom('app_tokens').where('id', '=', id).execute();
  }

  /** Devices this user signed in on since a time, other than `exceptDeviceId`. */
  async otherDevicesSince(accountId: number, appUserId: number, exceptDeviceId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('app_user_devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('app_user_id', '=', appUserId)
      .where('device_id', '!=', exceptDeviceId)
      .where('last_seen_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async usedDevice(accountId: number, appUserId: number, deviceId: number, since: string): Promise<boolean> {
    const row = await this.db.selectFrom('app_user_devices').select('device_id').where('account_id', '=', accountId).where('app_user_id', '=', appUserId).where('device_id', '=', deviceId).where('last_seen_at', '>=', since).executeTakeFirst();
    return row !== undefined;
  }

  async touchDevice(accountId: number, appUserId: number, deviceId: number, at: string): Promise<void> {
    await this.db
      .insertInto('app_user_devices')
      .values({ account_id: accountId, app_user_id: appUserId, device_id: deviceId, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['app_user_id', 'device_id']).doUpdateSet({ last_seen_at: at }))
      .execute();
  }

  /** Live services the app user may use (the owner's app user may use every one). */
  async servicesFor(accountId: number, appUserId: number, isOwner: boolean): Promise<AppServiceRow[]> {
    let q = this.db.selectFrom('services as s').select(['s.id', 's.name', 's.validation_method', 's.database_id', 's.description', 's.settings', 's.specialized_type', 's.type_settings']).where('s.account_id', '=', accountId).where('s.deleted_at', 'is', null);
    if (!isOwner) q = q.where((eb) => eb.exists(eb.selectFrom('service_users as su').select('su.app_user_id').whereRef('su.service_id', '=', 's.id').where('su.app_user_id', '=', appUserId)));
    return q.orderBy('s.name').orderBy('s.id').execute();
  }

  /** Questions of services in order, with their text, type and choices. */
  async questionsOf(accountId: number, serviceIds: number[]): Promise<{ service_id: number; question_id: number; condition: string; required: number; text: string; type: string }[]> {
    if (serviceIds.length === 0) return [];
    return this.db
      .selectFrom('service_questions as sq')
      .innerJoin('questions as q', 'q.id', 'sq.question_id')
      .select(['sq.service_id', 'sq.question_id', 'sq.condition', 'sq.required', 'q.text', 'q.type'])
      .where('sq.account_id', '=', accountId)
      .where('sq.service_id', 'in', serviceIds)
      .orderBy('sq.service_id')
      .orderBy('sq.position')
      .execute();
  }

  async choicesOf(accountId: number, questionIds: number[]): Promise<{ question_id: number; text: string }[]> {
    if (questionIds.length === 0) return [];
    return this.db.selectFrom('question_answers').select(['question_id', 'text']).where('account_id', '=', accountId).where('question_id', 'in', questionIds).orderBy('id').execute();
  }

  async isOwner(accountId: number, appUserId: number): Promise<boolean> {
    const row = await this.db.selectFrom('app_users').select('is_owner').where('account_id', '=', accountId).where('id', '=', appUserId).executeTakeFirst();
    return row?.is_owner === 1;
  }

  /** A database's version for on-device sync: its value count and the last change time. */
  async databaseVersion(accountId: number, databaseId: number): Promise<{ updated_at: string; n: number; max_id: number | null } | undefined> {
    const db = await this.db.selectFrom('databases').select('updated_at').where('account_id', '=', accountId).where('id', '=', databaseId).executeTakeFirst();
    if (!db) return undefined;
    const agg = await this.db.selectFrom('db_values').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('max_id')]).where('database_id', '=', databaseId).executeTakeFirstOrThrow();
    return { updated_at: db.updated_at, n: Number(agg.n), max_id: agg.max_id === null ? null : Number(agg.max_id) };
  }

  async databaseValues(accountId: number, databaseId: number, offset: number, limit: number): Promise<{ value: string; response: string; validity: number }[]> {
    return this.db.selectFrom('db_values').select(['value', 'response', 'validity']).where('database_id', '=', databaseId).where('account_id', '=', accountId).orderBy('id').limit(limit).offset(offset).execute();
  }
}
