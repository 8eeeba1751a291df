import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TableFilter, TableQuery } from '@scanbase/contracts';
import type { DialectName } from '../../../platform/db/database.js';
import { byteOrder, containsText, lockForUpdate, lowerEquals } from '../../../platform/db/dialect.js';
import type { Database } from '../../../platform/db/schema.js';

export type RowRecord = { id: number; value: string; updated_at: string; updated_by: string };
export type CellRecord = { row_id: number; question_id: number; value: string; updated_at: string; updated_by: string };
export type ChangeSource = 'scan' | 'admin' | 'import' | 'share';
export type LinkRecord = {
  id: number; account_id: number; service_id: number; name: string; password_hash: string | null; question_ids: string | null; editable_question_ids: string | null; expires_at: string | null; revoked_at: string | null; created_at: string;
};

/** Matches counted at most (the grid shows "10,000+"); as `SEARCH_COUNT_CAP` of the scan search. */
export const TABLE_COUNT_CAP = 10_000;

// Above this many matches of a one-column filter, the page is found by walking the rows in order (about
// rows-read = page / share-of-matches); below it, by reading the matching rows first (see `oneColumnPage`).
const WALK_WHEN_MATCHES = 1_000;

function plainRow(r: RowRecord): RowRecord {
  return { id: r.id, value: r.value, updated_at: r.updated_at, updated_by: r.updated_by };
}

type RowsEb = ExpressionBuilder<Database & { r: Database['table_builder_rows'] }, 'r'>;

/** SQL of table-builder instances: rows keyed by a value, their cells, the history of changes and the share links. Every query is scoped to the account. */
export class TableBuilderRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** The row of a value, made when missing (its id). Runs in the scan's transaction. */
  async upsertRow(accountId: number, serviceId: number, value: string, at: string, by: string): Promise<number> {
    const row = await this.db
      .insertInto('table_builder_rows')
      .values({ account_id: accountId, service_id: serviceId, value, created_at: at, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.columns(['service_id', 'value']).doUpdateSet({ updated_at: at, updated_by: by }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rowByValue(accountId: number, serviceId: number, value: string): Promise<RowRecord | undefined> {
    return this.db.selectFrom('table_builder_rows').select(['id', 'value', 'updated_at', 'updated_by']).where('service_id', '=', serviceId).where('value', '=', value).where('account_id', '=', accountId).executeTakeFirst();
  }

  async rowById(accountId: number, serviceId: number, rowId: number): Promise<RowRecord | undefined> {
    return this.db.selectFrom('table_builder_rows').select(['id', 'value', 'updated_at', 'updated_by']).where('id', '=', rowId).where('service_id', '=', serviceId).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** The cells of these rows. */
  async cells(accountId: number, serviceId: number, rowIds: number[]): Promise<CellRecord[]> {
    if (rowIds.length === 0) return [];
    return this.db
      .selectFrom('table_builder_cells')
      .select(['row_id', 'question_id', 'value', 'updated_at', 'updated_by'])
      .where('row_id', 'in', rowIds)
      .where('service_id', '=', serviceId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /**
   * Sets a cell and records the change (who, when, from what). An unchanged value records nothing.
   * Answers whether it changed. Call inside a transaction (the scan's, or `transaction`).
   */
  async setCell(accountId: number, serviceId: number, rowId: number, questionId: number, value: string, by: string, source: ChangeSource, scanId: number | null, at: string): Promise<boolean> {
    const current = await lockForUpdate(
      this.dialect,
      this.db.selectFrom('table_builder_cells').select('value').where('row_id', '=', rowId).where('question_id', '=', questionId).where('account_id', '=', accountId),
    ).executeTakeFirst();
    if (current?.value === value) return false;
    if (current) {
      await this.db.updateTable('table_builder_cells').set({ value, updated_at: at, updated_by: by }).where('row_id', '=', rowId).where('question_id', '=', questionId).where('account_id', '=', accountId).execute();
    } else {
      await this.db.insertInto('table_builder_cells').values({ account_id: accountId, service_id: serviceId, row_id: rowId, question_id: questionId, value, updated_at: at, updated_by: by }).execute();
    }
    await this.db
      .insertInto('table_builder_changes')
      .values({ account_id: accountId, service_id: serviceId, row_id: rowId, question_id: questionId, old_value: current?.value ?? null, new_value: value, changed_by: by, source, scan_id: scanId, changed_at: at })
      .execute();
    await this.db.updateTable('table_builder_rows').set({ updated_at: at, updated_by: by }).where('id', '=', rowId).where('account_id', '=', accountId).execute();
    return true;
  }

  /** Runs `fn` with a repository on one transaction. */
  async transaction<T>(fn: (repo: TableBuilderRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new TableBuilderRepo(trx, this.dialect)));
  }

  /** The condition of one filter on the rows `r`. */
  private condition(serviceId: number, f: TableFilter) {
    return (eb: RowsEb): Expression<SqlBool> => {
      if (f.column === 'value' || f.column === 'updatedAt') {
        const col = sql.ref<string>(f.column === 'value' ? 'r.value' : 'r.updated_at');
        if (f.op === 'contains') return containsText(this.dialect, col, f.value);
        if (f.op === 'equals') return lowerEquals(this.dialect, col, f.value);
        // The key and the time of a row are never empty.
        return f.op === 'empty' ? sql<boolean>`1 = 0` : sql<boolean>`1 = 1`;
      }
      // The column's matching cells are read once from the covering index (`table_builder_cells_column_idx`).
      const cells = this.matchingCells(serviceId, f);
      return f.op === 'empty' ? eb('r.id', 'not in', cells) : eb('r.id', 'in', cells);
    };
  }

  /** The cells of a column filter's column that hold a value (`empty`: any value; else the filter's match), by row. */
  private matchingCells(serviceId: number, f: TableFilter) {
    const cells = this.db.selectFrom('table_builder_cells as c').select('c.row_id').where('c.service_id', '=', serviceId).where('c.question_id', '=', Number(f.column));
    if (f.op === 'contains') return cells.where(containsText(this.dialect, sql.ref('c.value'), f.value));
    if (f.op === 'equals') return cells.where(lowerEquals(this.dialect, sql.ref('c.value'), f.value));
    return cells.where('c.value', '<>', '');
  }

  /**
   * The first page of one "contains" or "equals" filter on a column, the common case of the table view. A row has at
   * most one cell per column, so the matching cells are the matching rows: their number (capped) is read from the
   * column's covering index alone, and tells how to find the page. Many matches: walk the rows in the page's order
   * and test each one's cell by its primary key until the page is full; few: read the matching rows first.
   */
  private async oneColumnPage(accountId: number, serviceId: number, f: TableFilter, order: { key: Expression<string>; dir: 'asc' | 'desc' }, offset: number, limit: number) {
    const counted = await this.db.selectFrom(this.matchingCells(serviceId, f).limit(TABLE_COUNT_CAP + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const n = Number(counted.n);
    if (n === 0) return { rows: [], total: 0, totalExact: true };
    const questionId = Number(f.column);
    let base = this.db.selectFrom('table_builder_rows as r').where('r.service_id', '=', serviceId).where('r.account_id', '=', accountId);
    if (n > WALK_WHEN_MATCHES) {
      base = base.where((eb) => {
        let cell = eb.selectFrom('table_builder_cells as c').select(sql.lit(1).as('one')).whereRef('c.row_id', '=', 'r.id').where('c.question_id', '=', questionId);
        cell = f.op === 'contains' ? cell.where(containsText(this.dialect, sql.ref('c.value'), f.value)) : cell.where(lowerEquals(this.dialect, sql.ref('c.value'), f.value));
        return eb.exists(cell);
      });
    } else base = base.where('r.id', 'in', this.matchingCells(serviceId, f));
    const rows = await base.select(['r.id', 'r.value', 'r.updated_at', 'r.updated_by']).orderBy(order.key, order.dir).orderBy('r.id', order.dir).limit(limit).offset(offset).execute();
    return { rows: rows.map(plainRow), total: Math.min(n, TABLE_COUNT_CAP), totalExact: n <= TABLE_COUNT_CAP };
  }

  /**
   * A page of rows matching the filters in the chosen order, and how many match, counted up to `TABLE_COUNT_CAP`
   * (`totalExact` false: more). One statement: the first `cap + 1` matches in order (`m`), the page cut from them
   * and their number; the filter is evaluated once. A page beyond the cap (only by address) reads the page alone.
   * `count: false` (exports) skips counting. Without a filter the count is exact (an index answers it); `count: 'all'`
   * (the user lifted the cap) counts every match in a second statement.
   */
  async page(accountId: number, serviceId: number, q: TableQuery & { deviceId?: number | undefined }, offset: number, limit: number, count: boolean | 'all' = true): Promise<{ rows: RowRecord[]; total: number; totalExact: boolean }> {
    let base = this.db.selectFrom('table_builder_rows as r').where('r.service_id', '=', serviceId).where('r.account_id', '=', accountId);
    for (const f of q.filters) base = base.where(this.condition(serviceId, f));
    const deviceId = q.deviceId;
    if (deviceId !== undefined) {
      // The rows a device touched: the values it scanned on this table.
      base = base.where('r.value', 'in', (eb) => eb.selectFrom('scans as s').select('s.value').where('s.account_id', '=', accountId).where('s.service_id', '=', serviceId).where('s.device_id', '=', deviceId));
    }
    const dir = q.direction;
    const key =
      q.sort === 'updatedAt'
        ? sql<string>`r.updated_at`
        : q.sort === 'value'
          ? byteOrder(this.dialect, sql.ref('r.value'))
          : byteOrder(this.dialect, sql<string>`coalesce((SELECT c.value FROM table_builder_cells c WHERE c.row_id = r.id AND c.question_id = ${Number(q.sort)}), '')`);
    const only = q.filters.length === 1 ? q.filters[0]! : undefined;
    if (count === true && only && (only.op === 'contains' || only.op === 'equals') && only.column !== 'value' && only.column !== 'updatedAt' && deviceId === undefined && offset + limit <= TABLE_COUNT_CAP) {
      return this.oneColumnPage(accountId, serviceId, only, { key, dir }, offset, limit);
    }
    const ordered = base.select(['r.id', 'r.value', 'r.updated_at', 'r.updated_by', key.as('k')]).orderBy(key, dir).orderBy('r.id', dir);
    if (count === 'all' || (count && q.filters.length === 0 && deviceId === undefined)) {
      // No filter: the page reads only its rows in index order, and the exact count is read from an index. With
      // `all`, a filter is evaluated twice: the user asked for the exact number.
      const [rows, all] = await Promise.all([ordered.limit(limit).offset(offset).execute(), base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
      return { rows: rows.map(plainRow), total: Number(all.n), totalExact: true };
    }
    if (!count || offset + limit > TABLE_COUNT_CAP) {
      const rows = await ordered.limit(limit).offset(offset).execute();
      if (!count) return { rows: rows.map(plainRow), total: -1, totalExact: false };
      return { rows: rows.map(plainRow), total: TABLE_COUNT_CAP, totalExact: false };
    }
    const rows = await this.db
      .with('m', () => ordered.limit(TABLE_COUNT_CAP + 1))
      .selectFrom('m')
      .select(['m.id', 'm.value', 'm.updated_at', 'm.updated_by', sql<number>`(SELECT count(*) FROM m)`.as('n')])
      .orderBy('m.k', dir)
      .orderBy('m.id', dir)
      .limit(limit)
      .offset(offset)
      .execute();
    // An empty page past the end: the number of matches needs its own (capped) count.
    const n = rows.length > 0 ? Number(rows[0]!.n) : offset === 0 ? 0 : Number((await this.db.selectFrom(ordered.limit(TABLE_COUNT_CAP + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { rows: rows.map(plainRow), total: Math.min(n, TABLE_COUNT_CAP), totalExact: n <= TABLE_COUNT_CAP };
  }

  /** Every change of a row, newest first. */
  async changes(accountId: number, rowId: number) {
    return this.db
      .selectFrom('table_builder_changes')
      .select(['question_id', 'old_value', 'new_value', 'changed_by', 'source', 'changed_at'])
      .where('row_id', '=', rowId)
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  }

  /** The instance's questions in order (the table's columns). */
  async columns(accountId: number, serviceId: number): Promise<{ questionId: number; text: string; type: string }[]> {
    const rows = await this.db
      .selectFrom('service_questions as sq')
      .innerJoin('questions as q', (j) => j.onRef('q.id', '=', 'sq.question_id').onRef('q.account_id', '=', 'sq.account_id'))
      .select(['q.id', 'q.text', 'q.type'])
      .where('sq.account_id', '=', accountId)
      .where('sq.service_id', '=', serviceId)
      .orderBy('sq.position')
      .execute();
    return rows.map((r) => ({ questionId: r.id, text: r.text, type: r.type }));
  }

  /** The account's table-builder services (deleted ones too: their scans are exported), among `serviceIds` when given. */
  async tableServiceIds(accountId: number, serviceIds?: number[]): Promise<number[]> {
    let q = this.db.selectFrom('services').select('id').where('account_id', '=', accountId).where('specialized_type', '=', 'table-builder');
    if (serviceIds) q = q.where('id', 'in', serviceIds);
    return (await q.orderBy('id').execute()).map((r) => r.id);
  }

  /** The cells of the rows of these values (an export's batch), read through the unique (service, value) index. */
  async cellsOfValues(accountId: number, serviceId: number, values: string[]): Promise<{ value: string; question_id: number; cell: string }[]> {
    const out: { value: string; question_id: number; cell: string }[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await this.db
        .selectFrom('table_builder_rows as r')
        .innerJoin('table_builder_cells as c', (j) => j.onRef('c.row_id', '=', 'r.id').onRef('c.account_id', '=', 'r.account_id'))
        .select(['r.value', 'c.question_id', 'c.value as cell'])
        .where('r.account_id', '=', accountId)
        .where('r.service_id', '=', serviceId)
        .where('r.value', 'in', values.slice(i, i + 500))
        .execute();
      out.push(...rows);
    }
    return out;
  }

  /** The answers a scan stored, per question (several values joined with ", "). */
  async scanAnswers(accountId: number, scanId: number): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('scan_answers').select(['question_id', 'answer']).where('scan_id', '=', scanId).where('account_id', '=', accountId).orderBy('position').orderBy('id').execute();
    const out = new Map<number, string[]>();
    for (const r of rows) out.set(r.question_id, [...(out.get(r.question_id) ?? []), r.answer]);
    return new Map([...out].map(([q, v]) => [q, v.join(', ')]));
  }

  async adminName(accountId: number, adminId: number): Promise<string> {
    const row = await this.db.selectFrom('admins').select(['name', 'email']).where('id', '=', adminId).where('account_id', '=', accountId).executeTakeFirst();
    return row ? row.name || row.email : 'Administrator';
  }

  /** App users of the account by lower-cased username (for imports). */
  async appUsersNamed(accountId: number, names: string[]): Promise<Map<string, { id: number; username: string }>> {
    const out = new Map<string, { id: number; username: string }>();
    for (let i = 0; i < names.length; i += 500) {
      const rows = await this.db.selectFrom('app_users').select(['id', 'username']).where('account_id', '=', accountId).where('deleted_at', 'is', null).where(sql<string>`lower(username)`, 'in', names.slice(i, i + 500)).execute();
      for (const r of rows) out.set(r.username.toLowerCase(), r);
    }
    return out;
  }

  /** An imported scan of the instance with its answers (call inside the import's transaction). */
  async insertScan(accountId: number, serviceId: number, s: { value: string; response: string; at: string; appUserId: number | null; receivedAt: string; answers: { questionId: number; text: string; answer: string }[] }): Promise<number> {
    const row = await this.db
      .insertInto('scans')
      .values({ account_id: accountId, service_id: serviceId, app_user_id: s.appUserId, device_id: null, upload_id: null, value: s.value, response: s.response, status: 1, db_value_id: null, client_scan_id: null, scanned_at: s.at, received_at: s.receivedAt, modified_at: s.receivedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.answers.length > 0) {
      await this.db.insertInto('scan_answers').values(s.answers.map((a, position) => ({ account_id: accountId, scan_id: row.id, question_id: a.questionId, question_text: a.text, position, answer: a.answer, file_key: null }))).execute();
    }
    return row.id;
  }

  // Share links

  async links(accountId: number, serviceId: number): Promise<LinkRecord[]> {
    return this.db
      .selectFrom('table_builder_links')
      .select(['id', 'account_id', 'service_id', 'name', 'password_hash', 'question_ids', 'editable_question_ids', 'expires_at', 'revoked_at', 'created_at'])
      .where('account_id', '=', accountId)
      .where('service_id', '=', serviceId)
      .orderBy('id', 'desc')
      .execute();
  }

  async createLink(v: { accountId: number; serviceId: number; name: string; tokenHash: string; passwordHash: string | null; questionIds: string | null; editableQuestionIds: string | null; expiresAt: string | null; at: string }): Promise<number> {
    const row = await this.db
      .insertInto('table_builder_links')
      .values({ account_id: v.accountId, service_id: v.serviceId, name: v.name, token_hash: v.tokenHash, password_hash: v.passwordHash, question_ids: v.questionIds, editable_question_ids: v.editableQuestionIds, expires_at: v.expiresAt, revoked_at: null, created_at: v.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async revokeLink(accountId: number, serviceId: number, linkId: number, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('table_builder_links')
      .set({ revoked_at: at })
      .where('id', '=', linkId)
      .where('service_id', '=', serviceId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The link of a token hash with its live table-builder instance (a deleted instance's link opens nothing). */
  async linkByToken(tokenHash: string): Promise<(LinkRecord & { service_name: string; type_settings: string }) | undefined> {
    return this.db
      .selectFrom('table_builder_links as l')
      .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'l.service_id').onRef('s.account_id', '=', 'l.account_id'))
      .select(['l.id', 'l.account_id', 'l.service_id', 'l.name', 'l.password_hash', 'l.question_ids', 'l.editable_question_ids', 'l.expires_at', 'l.revoked_at', 'l.created_at', 's.name as service_name', 's.type_settings'])
      .where('l.token_hash', '=', tokenHash)
      .where('s.deleted_at', 'is', null)
      .where('s.specialized_type', '=', 'table-builder')
      .executeTakeFirst();
  }
}
