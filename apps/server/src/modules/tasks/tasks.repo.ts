import type { Kysely, Selectable } from 'kysely';
import type { Database, TasksTable } from '../../platform/db/schema.js';

/** A task as stored (derived from the table type). */
export type TaskRow = Selectable<TasksTable>;

const taskColumns = ['id', 'account_id', 'type', 'name', 'schedule', 'inputs', 'outputs', 'enabled', 'next_run_at', 'last_run_at', 'created_at', 'updated_at'] as const;

/** Tables whose ids task inputs may name (each row carries account_id). */
export type ReferencedTable = 'databases' | 'services' | 'app_users' | 'devices' | 'export_templates' | 'questions';

/** SQL for task definitions and their schedule slots. */
export class TasksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(accountId: number, t: Omit<TaskRow, 'id' | 'account_id' | 'last_run_at'>): Promise<TaskRow> {
    return this.db.insertInto('tasks').values({ ...t, account_id: accountId, last_run_at: null }).returning(taskColumns).executeTakeFirstOrThrow();
  }

  async get(accountId: number, id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').select(taskColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async update(accountId: number, id: number, patch: Partial<Omit<TaskRow, 'id' | 'account_id' | 'type' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('tasks').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('tasks').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async list(accountId: number, q: { offset: number; limit: number; type?: string | undefined; search?: string | undefined; scheduledOnly: boolean }): Promise<{ rows: (TaskRow & { last_state: string | null })[]; total: number }> {
    let query = this.db.selectFrom('tasks').where('account_id', '=', accountId);
    if (q.type) query = query.where('type', '=', q.type);
    if (q.scheduledOnly) query = query.where('next_run_at', 'is not', null);
    if (q.search) query = query.where('name', 'like', `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const [rows, count] = await Promise.all([
      query
        .select(taskColumns.map((c) => `tasks.${c}` as const))
        .select((eb) => eb.selectFrom('jobs').select('jobs.state').whereRef('jobs.task_id', '=', 'tasks.id').orderBy('jobs.id', 'desc').limit(1).as('last_state'))
        .orderBy('tasks.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Names of several tasks in one query. */
  async names(accountId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('tasks').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async lastState(taskId: number): Promise<string | null> {
    const row = await this.db.selectFrom('jobs').select('state').where('task_id', '=', taskId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.state ?? null;
  }

  /** Whether any task of the account names this uploaded source file (hex digits and a dot, nothing LIKE treats specially) in its inputs. */
  async usesFile(accountId: number, fileId: string): Promise<boolean> {
    const row = await this.db.selectFrom('tasks').select('id').where('account_id', '=', accountId).where('inputs', 'like', `%"${fileId}"%`).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Which of the ids are rows of the account in the table (soft-deleted ones too: scan filters may name deleted services and users). */
  async ownedIds(accountId: number, table: ReferencedTable, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom(table).select('id').where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Whether a run of the account (a screen's import that owns its file) names this uploaded source file. */
  async jobUsesFile(accountId: number, fileId: string): Promise<boolean> {
    const row = await this.db.selectFrom('jobs').select('id').where('account_id', '=', accountId).where('payload', 'like', `%${fileId}%`).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async withOutputs(accountId: number): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').select(taskColumns).where('account_id', '=', accountId).orderBy('id').execute();
  }

  /** Tasks whose next slot is due, across accounts (the scheduler). */
  async due(now: string, limit: number): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').select(taskColumns).where('enabled', '=', 1).where('next_run_at', 'is not', null).where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).execute();
  }

  /** Moves a task past a slot, only if no other scheduler moved it first. */
  async advance(id: number, slot: string, next: string | null): Promise<boolean> {
    const r = await this.db.updateTable('tasks').set({ next_run_at: next, last_run_at: slot }).where('id', '=', id).where('next_run_at', '=', slot).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
