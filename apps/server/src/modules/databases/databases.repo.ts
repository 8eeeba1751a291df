import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, indexPendingSubstrings, jsonArrayRows, lowerEquals, nowIso, pendingSubstringRows, substringIds, substringMatch, substringTailIds } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type DatabaseRow = { id: number; account_id: number; name: string; case_sensitive: number; created_at: string; updated_at: string };
export type ValueRow = { id: number; value: string; response: string; validity: number };
export type NewValue = { value: string; key: string; response: string; validity: number };
export type ValueFilters = { value?: string; valueKey?: string; valueLike?: string; response?: string; responseLike?: string; validity?: number };

/** A batch of values as the one JSON text `upsertEncodedValues` takes (no line breaks: JSON escapes them). */
export function encodeValues(values: NewValue[]): string {
  return JSON.stringify(values.map((v) => [v.value, v.key, v.response, v.validity]));
}

const dbColumns = ['id', 'account_id', 'name', 'case_sensitive', 'created_at', 'updated_at'] as const;
const valueColumns = ['id', 'value', 'response', 'validity'] as const;

/** SQL for databases (validation lists) and their values. */
export class DatabasesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** Runs `fn` in one transaction with a repo bound to it. */
  async transaction<T>(fn: (repo: DatabasesRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new DatabasesRepo(trx, this.dialect)));
  }

  async list(accountId: number, q: { ids?: number[] | 'all'; search?: string | undefined; sortBy?: 'name' | 'created_at' | 'id'; desc?: boolean; offset?: number; limit?: number }): Promise<{ rows: DatabaseRow[]; total: number }> {
    let query = this.db.selectFrom('databases').where('account_id', '=', accountId);
    if (Array.isArray(q.ids)) query = query.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('name'), q.search));
    let rowsQuery = query.select(dbColumns).orderBy(q.sortBy ?? 'id', q.desc ? 'desc' : 'asc').orderBy('id');
    if (q.limit !== undefined) rowsQuery = rowsQuery.limit(q.limit).offset(q.offset ?? 0);
    const [rows, count] = await Promise.all([rowsQuery.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(count.n) };
  }

  async get(accountId: number, id: number): Promise<DatabaseRow | undefined> {
    return this.db.selectFrom('databases').select(dbColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async findByName(accountId: number, name: string): Promise<DatabaseRow | undefined> {
    return this.db.selectFrom('databases').select(dbColumns).where('account_id', '=', accountId).where(lowerEquals(this.dialect, sql.ref('name'), name)).executeTakeFirst();
  }

  async insert(accountId: number, input: { name: string; caseSensitive: boolean }): Promise<DatabaseRow> {
    const at = nowIso();
    const row = await this.db.insertInto('databases').values({ account_id: accountId, name: input.name, case_sensitive: input.caseSensitive ? 1 : 0, created_at: at, updated_at: at }).returning(dbColumns).executeTakeFirstOrThrow();
    await this.refreshDatabaseCount(accountId);
    return row;
  }

  async rename(accountId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('databases').set({ name, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('db_values').where('account_id', '=', accountId).where('database_id', 'in', ids).execute();
    await this.db.deleteFrom('databases').where('account_id', '=', accountId).where('id', 'in', ids).execute();
    await this.refreshDatabaseCount(accountId);
  }

  /** Keeps the settings' databaseCount equal to the number of databases. */
  private async refreshDatabaseCount(accountId: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ database_count: eb.selectFrom('databases').select((e) => e.fn.countAll<number>().as('n')).where('account_id', '=', accountId) }))
      .where('id', '=', accountId)
      .execute();
  }

  /** Number of values per database. */
  async countValues(accountId: number, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('db_values').select(['database_id', (eb) => eb.fn.countAll<number>().as('n')]).where('account_id', '=', accountId).where('database_id', 'in', ids).groupBy('database_id').execute();
    return new Map(rows.map((r) => [r.database_id, Number(r.n)]));
  }

  /** Live services that validate against each database. */
  async servicesUsing(accountId: number, ids: number[]): Promise<{ database_id: number; service_id: number }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('services').select(['database_id', 'id as service_id']).where('account_id', '=', accountId).where('database_id', 'in', ids).where('deleted_at', 'is', null).orderBy('id').execute();
    return rows.flatMap((r) => (r.database_id === null ? [] : [{ database_id: r.database_id, service_id: r.service_id }]));
  }

  async clear(accountId: number, databaseId: number): Promise<number> {
    const r = await this.db.deleteFrom('db_values').where('account_id', '=', accountId).where('database_id', '=', databaseId).executeTakeFirst();
    await this.touch(accountId, databaseId);
    return Number(r.numDeletedRows);
  }

  /**
   * Marks a database changed: every write to its values moves `updated_at`, which the on-device sync
   * (`app/database`) uses as part of its version.
   */
  private async touch(accountId: number, databaseId: number): Promise<void> {
    await this.db.updateTable('databases').set({ updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', databaseId).execute();
  }

  private async touchByValue(accountId: number, valueId: number): Promise<void> {
    await this.db
      .updateTable('databases')
      .set({ updated_at: nowIso() })
      .where('account_id', '=', accountId)
      .where('id', '=', (eb) => eb.selectFrom('db_values').select('database_id').where('db_values.id', '=', valueId))
      .execute();
  }

  /** Values matching the filters, oldest first; `countLimit` caps the count (counting 1M rows is costly). */
  async findValues(accountId: number, databaseId: number, f: ValueFilters, page: { limit: number; offset: number }, countLimit?: number): Promise<{ rows: ValueRow[]; total?: number }> {
    const indexed = f.valueLike ? substringIds(this.dialect, 'db_values', f.valueLike) : undefined;
    if (!indexed) return this.findValuesFrom(accountId, databaseId, f, undefined, page, countLimit);
    // The values the substring index holds, then those not fed to it yet (migration 0043), whose ids are all higher:
    // each part in id order, so a page stops after `limit` matches.
    const first = await this.findValuesFrom(accountId, databaseId, f, indexed, page, countLimit);
    const tail = substringTailIds(this.dialect, 'db_values', f.valueLike!);
    if (!tail) return first;
    const more = first.rows.length < page.limit;
    // How much of the offset the index's matches take: all of it when this page has some of them; when it has none,
    // as many as there are (counted), and the rest of the offset skips values of the tail.
    const offsetInIndex = first.rows.length > 0 || page.offset === 0 ? page.offset : ((await this.findValuesFrom(accountId, databaseId, f, indexed, { limit: 0, offset: 0 }, Number.MAX_SAFE_INTEGER)).total ?? 0);
    const rest = await this.findValuesFrom(accountId, databaseId, f, tail, { limit: more ? page.limit - first.rows.length : 0, offset: Math.max(0, page.offset - offsetInIndex) }, countLimit);
    return { rows: [...first.rows, ...rest.rows], ...(countLimit === undefined ? {} : { total: Math.min(countLimit, (first.total ?? 0) + (rest.total ?? 0)) }) };
  }

  /** `findValues` with the substring matches (if any) read from `ids`. */
  private async findValuesFrom(accountId: number, databaseId: number, f: ValueFilters, ids: RawBuilder<{ id: number }> | undefined, page: { limit: number; offset: number }, countLimit?: number): Promise<{ rows: ValueRow[]; total?: number }> {
    // With a substring index table, it drives the loop (CROSS JOIN keeps SQLite from reordering) and
    // gives the id order, so a page stops after `limit` matches instead of sorting every match.
    type Q = SelectQueryBuilder<Database, 'db_values', object>;
    let query: Q = ids ? (this.db.selectFrom(ids.as('m')).crossJoin('db_values').whereRef('db_values.id', '=', sql.ref('m.id'))) : this.db.selectFrom('db_values');
    query = query.where('db_values.account_id', '=', accountId).where('db_values.database_id', '=', databaseId);
    if (f.valueKey !== undefined) query = query.where('db_values.value_key', '=', f.valueKey);
    if (f.valueLike && !ids) query = query.where(substringMatch(this.dialect, 'db_values', 'value', f.valueLike));
    if (f.response !== undefined) query = query.where('db_values.response', '=', f.response);
    if (f.responseLike) query = query.where(containsText(this.dialect, sql.ref('db_values.response'), f.responseLike));
    if (f.validity !== undefined) query = query.where('db_values.validity', '=', f.validity);
    const rows =
      page.limit === 0
        ? []
        : await query
            .select(valueColumns.map((c) => `db_values.${c}` as const))
            .orderBy(ids ? sql.ref('m.id') : sql.ref('db_values.id'))
            .limit(page.limit)
            .offset(page.offset)
            .execute();
    if (countLimit === undefined) return { rows };
    const counted = await this.db
      .selectFrom(query.select('db_values.id').limit(countLimit).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(counted.n) };
  }

  /** How many values wait for the substring index (SQLite: it is fed after writes, migration 0043); 0 on PostgreSQL. */
  async unindexedValues(): Promise<number> {
    return pendingSubstringRows(this.db, this.dialect, 'db_values');
  }

  /** Feeds up to `limit` waiting values to the substring index (call inside a transaction); answers how many ids it covered. */
  async indexPendingValues(limit: number): Promise<number> {
    return indexPendingSubstrings(this.db, this.dialect, 'db_values', limit);
  }

  async findValue(accountId: number, databaseId: number, key: string): Promise<ValueRow | undefined> {
    return this.db.selectFrom('db_values').select(valueColumns).where('account_id', '=', accountId).where('database_id', '=', databaseId).where('value_key', '=', key).executeTakeFirst();
  }

  async getValue(accountId: number, id: number): Promise<(ValueRow & { database_id: number }) | undefined> {
    return this.db.selectFrom('db_values').select([...valueColumns, 'database_id']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async insertValue(accountId: number, databaseId: number, v: NewValue): Promise<number> {
    const row = await this.db.insertInto('db_values').values({ account_id: accountId, database_id: databaseId, value: v.value, value_key: v.key, response: v.response, validity: v.validity }).returning('id').executeTakeFirstOrThrow();
    await this.touch(accountId, databaseId);
    return row.id;
  }

  async updateValue(accountId: number, id: number, patch: { value?: string; key?: string; response?: string; validity?: number }): Promise<void> {
    const set = { ...(patch.value !== undefined ? { value: patch.value } : {}), ...(patch.key !== undefined ? { value_key: patch.key } : {}), ...(patch.response !== undefined ? { response: patch.response } : {}), ...(patch.validity !== undefined ? { validity: patch.validity } : {}) };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('db_values').set(set).where('account_id', '=', accountId).where('id', '=', id).execute();
    await this.touchByValue(accountId, id);
  }

  async deleteValue(accountId: number, id: number): Promise<void> {
    await this.touchByValue(accountId, id);
    await this.db.deleteFrom('db_values').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Inserts or replaces many values at once (keys must be distinct within the batch). */
  async upsertValues(accountId: number, databaseId: number, values: NewValue[]): Promise<void> {
    if (values.length === 0) return;
    await this.upsertEncodedValues(accountId, databaseId, encodeValues(values));
  }

  /** `upsertValues` of a batch already encoded by `encodeValues` (an all-or-nothing import keeps its checked batches so). */
  async upsertEncodedValues(accountId: number, databaseId: number, json: string): Promise<void> {
    // The batch travels as one JSON parameter: a 4,000-row VALUES list would be a new statement for
    // SQLite to prepare on every batch (about a sixth of an import's time).
    await sql`INSERT INTO db_values (account_id, database_id, value, value_key, response, validity)
      SELECT CAST(${accountId} AS integer), CAST(${databaseId} AS integer), j.value ->> 0, j.value ->> 1, j.value ->> 2, CAST(j.value ->> 3 AS integer)
      FROM ${jsonArrayRows(this.dialect, json, 'j')} WHERE true
      ON CONFLICT (database_id, value_key) DO UPDATE SET value = excluded.value, response = excluded.response, validity = excluded.validity`.execute(this.db);
    await this.touch(accountId, databaseId);
  }

  /** Existing keys among `keys` (for a report of what an import would replace). */
  async existingKeys(accountId: number, databaseId: number, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.selectFrom('db_values').select('value_key').where('account_id', '=', accountId).where('database_id', '=', databaseId).where('value_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.value_key));
  }

  /** Inserts values whose key is not taken yet; answers how many were new. */
  async insertNewValues(accountId: number, databaseId: number, values: NewValue[]): Promise<number> {
    if (values.length === 0) return 0;
    const r = await this.db
      .insertInto('db_values')
      .values(values.map((v) => ({ account_id: accountId, database_id: databaseId, value: v.value, value_key: v.key, response: v.response, validity: v.validity })))
      .onConflict((oc) => oc.columns(['database_id', 'value_key']).doNothing())
      .executeTakeFirst();
    await this.touch(accountId, databaseId);
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }
}
