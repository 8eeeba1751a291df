import { sql, type Expression, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, lowerEquals } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type ShareKind = 'service' | 'task';
export type TextLookup = { text: string; exact: boolean; caseInsensitive: boolean };
export type RunRow = {
  id: number; task_id: number; task_name: string; task_type: string; state: string; progress_done: number; progress_total: number | null; progress_message: string;
  result: string | null; error: string | null; created_at: string; finished_at: string | null;
};

/** SQL of the user and task portals: access flags on app users, what is shared with them, and their read-only views. Every query is scoped to the account. */
export class PortalsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async transaction<T>(fn: (repo: PortalsRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new PortalsRepo(trx, this.dialect)));
  }

  /** A live app user's portal flags (undefined: no such user in the account). */
  async flags(accountId: number, appUserId: number): Promise<{ id: number; username: string; user_portal: number; task_portal: number } | undefined> {
    return this.db.selectFrom('app_users').select(['id', 'username', 'user_portal', 'task_portal']).where('account_id', '=', accountId).where('id', '=', appUserId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async setFlags(accountId: number, appUserId: number, flags: { userPortal: boolean; taskPortal: boolean }): Promise<void> {
    await this.db.updateTable('app_users').set({ user_portal: flags.userPortal ? 1 : 0, task_portal: flags.taskPortal ? 1 : 0 }).where('account_id', '=', accountId).where('id', '=', appUserId).execute();
  }

  /** Replaces what is shared with a user (one kind). */
  async setShares(accountId: number, appUserId: number, kind: ShareKind, targetIds: number[]): Promise<void> {
    await this.db.deleteFrom('portal_shares').where('account_id', '=', accountId).where('app_user_id', '=', appUserId).where('kind', '=', kind).execute();
    if (targetIds.length > 0) await this.db.insertInto('portal_shares').values(targetIds.map((target_id) => ({ account_id: accountId, app_user_id: appUserId, kind, target_id }))).execute();
  }

  /** The live services shared with a user (a deleted service is no longer shared). */
  async sharedServices(accountId: number, appUserId: number): Promise<{ id: number; name: string; database_id: number | null }[]> {
    return this.db
      .selectFrom('portal_shares as p')
      .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'p.target_id').onRef('s.account_id', '=', 'p.account_id'))
      .select(['s.id', 's.name', 's.database_id'])
      .where('p.account_id', '=', accountId)
      .where('p.app_user_id', '=', appUserId)
      .where('p.kind', '=', 'service')
      .where('s.deleted_at', 'is', null)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
  }

  /** The tasks shared with a user (a deleted task is gone with its row). */
  async sharedTasks(accountId: number, appUserId: number): Promise<{ id: number; name: string; type: string }[]> {
    return this.db
      .selectFrom('portal_shares as p')
      .innerJoin('tasks as t', (j) => j.onRef('t.id', '=', 'p.target_id').onRef('t.account_id', '=', 'p.account_id'))
      .select(['t.id', 't.name', 't.type'])
      .where('p.account_id', '=', accountId)
      .where('p.app_user_id', '=', appUserId)
      .where('p.kind', '=', 'task')
      .orderBy('t.name')
      .orderBy('t.id')
      .execute();
  }

  /** Which of these ids are live services (or tasks) of the account. */
  async ownedIds(accountId: number, kind: ShareKind, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows =
      kind === 'service'
        ? await this.db.selectFrom('services').select('id').where('account_id', '=', accountId).where('id', 'in', ids).where('deleted_at', 'is', null).execute()
        : await this.db.selectFrom('tasks').select('id').where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** A database of the account: name and case rule. */
  async database(accountId: number, databaseId: number): Promise<{ name: string; case_sensitive: number } | undefined> {
    return this.db.selectFrom('databases').select(['name', 'case_sensitive']).where('account_id', '=', accountId).where('id', '=', databaseId).executeTakeFirst();
  }

  private textMatch(column: Expression<string>, m: TextLookup) {
    if (m.exact) return m.caseInsensitive ? lowerEquals(this.dialect, column, m.text) : sql<boolean>`${column} = ${m.text}`;
    if (m.caseInsensitive) return containsText(this.dialect, column, m.text);
    const fn = this.dialect === 'postgres' ? sql`strpos` : sql`instr`;
    return sql<boolean>`${fn}(${column}, ${m.text}) > 0`;
  }

  /** Values of one database, oldest first, with a count capped at `cap`. */
  async values(accountId: number, databaseId: number, f: { value?: TextLookup; response?: TextLookup; validity?: number }, page: { offset: number; limit: number }, cap: number) {
    let query = this.db.selectFrom('db_values').where('account_id', '=', accountId).where('database_id', '=', databaseId);
    if (f.value) query = query.where(this.textMatch(sql.ref('value'), f.value));
    if (f.response) query = query.where(this.textMatch(sql.ref('response'), f.response));
    if (f.validity !== undefined) query = query.where('validity', '=', f.validity);
    const [rows, counted] = await Promise.all([
      query.select(['id', 'value', 'response', 'validity']).orderBy('id').limit(page.limit).offset(page.offset).execute(),
      this.db.selectFrom(query.select('id').limit(cap + 1).as('c')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counted.n) };
  }

  /** Runs of these tasks, newest first (`search`: part of the task name). */
  async runs(accountId: number, taskIds: number[], q: { search?: string | undefined; offset: number; limit: number }): Promise<{ rows: RunRow[]; total: number }> {
    if (taskIds.length === 0) return { rows: [], total: 0 };
    let query = this.db
      .selectFrom('jobs as j')
      .innerJoin('tasks as t', (j) => j.onRef('t.id', '=', 'j.task_id').onRef('t.account_id', '=', 'j.account_id'))
      .where('j.account_id', '=', accountId)
      .where('j.task_id', 'in', taskIds);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('t.name'), q.search));
    const [rows, counted] = await Promise.all([
      query
        .select(['j.id', 'j.task_id', 't.name as task_name', 't.type as task_type', 'j.state', 'j.progress_done', 'j.progress_total', 'j.progress_message', 'j.result', 'j.error', 'j.created_at', 'j.finished_at'])
        .orderBy('j.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as RunRow[], total: Number(counted.n) };
  }

  /** The task of a run of the account (undefined: no such run, or not a task's run). */
  async runTask(accountId: number, jobId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('jobs').select('task_id').where('account_id', '=', accountId).where('id', '=', jobId).executeTakeFirst();
    return row?.task_id ?? undefined;
  }
}
