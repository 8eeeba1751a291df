import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import { derivedTables, tablesInOrder } from '../../platform/db/tables.js';

type Row = Record<string, unknown>;
// Export and purge walk every table generically (like data:export), so they need an untyped view.
type AnyDb = Kysely<Record<string, Row>>;

/** A table that holds an account's rows, and how to find them. */
export type AccountTable = { name: string; key: 'id' | null; columns: string[]; accountColumn: 'account_id' | 'id' };

/** Tables never exported: secrets (session and app tokens), shared counters and settings, the job queue. */
const NOT_EXPORTED = new Set(['auth_tokens', 'app_tokens', 'rate_counters', 'system_settings', 'jobs', 'job_logs']);
/** Columns never exported: password and key hashes, secrets. */
const SECRET_COLUMN = /password|_hash$|secret/;

/** SQL of account deletion: the schedule, and the generic walk over every table an account has rows in. */
export class AccountDeletionRepo {
  private tables: Promise<AccountTable[]> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  private get any(): AnyDb {
    return this.db as unknown as AnyDb;
  }

  /** The company name and the deletion schedule. */
  async account(accountId: number): Promise<{ company_name: string; deletion_requested_at: string | null; deletion_due_at: string | null } | undefined> {
    return this.db.selectFrom('accounts').select(['company_name', 'deletion_requested_at', 'deletion_due_at']).where('id', '=', accountId).executeTakeFirst();
  }

  /** The owner's login (admin record). */
  async owner(accountId: number): Promise<{ email: string; password_hash: string; name: string } | undefined> {
    return this.db.selectFrom('admins').select(['email', 'password_hash', 'name']).where('account_id', '=', accountId).orderBy('id').limit(1).executeTakeFirst();
  }

  /** Sets or clears the schedule. */
  async schedule(accountId: number, at: { requestedAt: string; dueAt: string } | null): Promise<void> {
    await this.db.updateTable('accounts').set({ deletion_requested_at: at?.requestedAt ?? null, deletion_due_at: at?.dueAt ?? null }).where('id', '=', accountId).execute();
  }

  /** The newest run of a job type for the account. */
  async lastJob(accountId: number, type: string): Promise<{ id: number; state: string } | undefined> {
    return this.db.selectFrom('jobs').select(['id', 'state']).where('account_id', '=', accountId).where('type', '=', type).orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** Removes the account's tokens of a kind (restore links once the deletion is cancelled). */
  async deleteTokens(accountId: number, kind: 'restore_account'): Promise<void> {
    await this.db.deleteFrom('auth_tokens').where('account_id', '=', accountId).where('kind', '=', kind).execute();
  }

  /**
   * Every table with rows of an account (read from the live schema, so a new table is never missed),
   * parents first; the counters derived from scans too (the purge deletes them, the export leaves them out).
   */
  async accountTables(): Promise<AccountTable[]> {
    this.tables ??= this.db.introspection.getTables().then((live) => {
      const byName = new Map(live.map((t) => [t.name, t.columns.map((c) => c.name)]));
      const known = new Map<string, 'id' | null>(tablesInOrder.map((t) => [t.name, t.key]));
      const ordered = [...tablesInOrder.map((t) => t.name as string), ...[...byName.keys()].filter((n) => !known.has(n)).sort()];
      const out: AccountTable[] = [];
      for (const name of ordered) {
        const columns = byName.get(name);
        if (!columns) continue;
        if (name === 'accounts') out.push({ name, key: 'id', columns, accountColumn: 'id' });
        else if (columns.includes('account_id')) out.push({ name, key: known.get(name) ?? (columns.includes('id') ? 'id' : null), columns, accountColumn: 'account_id' });
      }
      return out;
    });
    return this.tables;
  }

  /** Tables whose rows the export writes, with the columns it writes. */
  async exportTables(): Promise<AccountTable[]> {
    return (await this.accountTables()).filter((t) => !NOT_EXPORTED.has(t.name) && !derivedTables.includes(t.name)).map((t) => ({ ...t, columns: t.columns.filter((c) => !SECRET_COLUMN.test(c)) }));
  }

  /** One batch of a table's rows of the account: by id after `after`, or (tables without id) all at once. */
  async rows(t: AccountTable, accountId: number, after: number, limit: number): Promise<Row[]> {
    let q = this.any.selectFrom(t.name).select(t.columns).where(t.accountColumn, '=', accountId);
    if (t.key === null) return q.execute();
    q = q.where(t.key, '>', after).orderBy(t.key).limit(limit);
    return q.execute();
  }

  /** Deletes up to `limit` rows of the account from a table (children of scans go with them); answers how many. */
  async deleteBatch(t: AccountTable, accountId: number, limit: number): Promise<number> {
    if (t.key === null) {
      const r = await this.any.deleteFrom(t.name).where(t.accountColumn, '=', accountId).executeTakeFirst();
      return Number(r.numDeletedRows);
    }
    const ids = this.any.selectFrom(t.name).select(t.key).where(t.accountColumn, '=', accountId).limit(limit);
    // PostgreSQL and SQLite both take a subquery with LIMIT inside IN.
    const r = await this.any.deleteFrom(t.name).where(t.key, 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Job logs of the account's jobs (they carry no account id of their own). */
  async deleteJobLogs(accountId: number): Promise<void> {
    await this.db.deleteFrom('job_logs').where('job_id', 'in', (eb) => eb.selectFrom('jobs').select('id').where('account_id', '=', accountId)).execute();
  }

  /** Rows of the account left in a table (the purge test reads every table). */
  async remaining(t: AccountTable, accountId: number): Promise<number> {
    const row = await this.any.selectFrom(t.name).select(sql<number>`count(*)`.as('n')).where(t.accountColumn, '=', accountId).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
