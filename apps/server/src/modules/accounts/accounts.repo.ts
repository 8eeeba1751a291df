import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

export type AdminRow = {
  id: number;
  account_id: number;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: string | null;
  timezone: string;
  company_name: string;
};

export type AccountUserRow = {
  id: number;
  account_id: number;
  email: string;
  name: string;
  password_hash: string | null;
  role: string;
  privileges: string;
  status: 'invited' | 'active';
  created_at: string;
  timezone: string | null;
};

export type AccountRow = {
  id: number;
  company_name: string;
  timezone_behavior: number;
  admin_email: string;
  database_count: number;
  ip_allowlist: string;
  api_limit_minute: number | null;
  api_limit_day: number | null;
  /** 1: everyone on the team must use two-factor sign-in. */
  require_two_factor: number;
};

const adminColumns = [
  'admins.id',
  'admins.account_id',
  'admins.email',
  'admins.name',
  'admins.password_hash',
  'admins.email_verified_at',
  'admins.timezone',
  'accounts.company_name',
] as const;

const accountUserColumns = [
  'id',
  'account_id',
  'email',
  'name',
  'password_hash',
  'role',
  'privileges',
  'status',
  'created_at',
  'timezone',
] as const;

const accountColumns = [
  'id',
  'company_name',
  'timezone_behavior',
  'admin_email',
  'database_count',
  'ip_allowlist',
  'api_limit_minute',
  'api_limit_day',
  'require_two_factor',
] as const;

/** SQL for accounts, their owners (admins) and team members (account users). */
export class AccountsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates an account and its owner in one transaction. */
  async createAccountWithAdmin(input: { companyName: string; name: string; email: string; passwordHash: string; verified: boolean }): Promise<{ accountId: number; adminId: number }> {
    return this.db.transaction().execute(async (trx: Transaction<Database>) => {
      const now = nowIso();
      const account = await trx
        .insertInto('accounts')
        .values({ company_name: input.companyName, created_at: now, api_limit_minute: null, api_limit_day: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto('admins')
        .values({
          account_id: account.id,
          email: input.email,
          name: input.name,
          password_hash: input.passwordHash,
          email_verified_at: input.verified ? now : null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { accountId: account.id, adminId: admin.id };
    });
  }

  async getAccount(accountId: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirst();
  }

  async updateAccount(accountId: number, patch: Partial<Pick<AccountRow, 'timezone_behavior' | 'admin_email' | 'ip_allowlist' | 'database_count' | 'require_two_factor'>>): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('accounts').set(patch).where('id', '=', accountId).execute();
  }

  async findAdminsByEmail(email: string): Promise<AdminRow[]> {
    return this.db
      .selectFrom('admins')
      .innerJoin('accounts', 'accounts.id', 'admins.account_id')
      .select(adminColumns)
      .where('admins.email', '=', email)
      .orderBy('admins.id')
      .execute();
  }

  async getAdmin(adminId: number): Promise<AdminRow | undefined> {
    return this.db
      .selectFrom('admins')
      .innerJoin('accounts', 'accounts.id', 'admins.account_id')
      .select(adminColumns)
      .where('admins.id', '=', adminId)
      .executeTakeFirst();
  }

  async getAdminOfAccount(accountId: number): Promise<AdminRow | undefined> {
    return this.db
      .selectFrom('admins')
      .innerJoin('accounts', 'accounts.id', 'admins.account_id')
      .select(adminColumns)
      .where('admins.account_id', '=', accountId)
      .executeTakeFirst();
  }

  async markAdminVerified(adminId: number): Promise<void> {
    await this.db.updateTable('admins').set({ email_verified_at: nowIso() }).where('id', '=', adminId).where('email_verified_at', 'is', null).execute();
  }

  async setAdminPassword(adminId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
  }

  /** Changes the owner's own name, email or password (scoped by account and admin id). */
  async updateAdmin(accountId: number, adminId: number, patch: { name?: string; email?: string; password_hash?: string }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('admins').set(patch).where('account_id', '=', accountId).where('id', '=', adminId).execute();
  }

  async setAdminTimezone(accountId: number, timezone: string): Promise<void> {
    await this.db.updateTable('admins').set({ timezone }).where('account_id', '=', accountId).execute();
  }

  async findActiveAccountUsersByEmail(email: string): Promise<(AccountUserRow & { company_name: string })[]> {
    return this.db
      .selectFrom('account_users')
      .innerJoin('accounts', 'accounts.id', 'account_users.account_id')
      .select(accountUserColumns.map((c) => `account_users.${c}` as const))
      .select('accounts.company_name')
      .where('account_users.email', '=', email)
      .where('account_users.status', '=', 'active')
      .orderBy('account_users.id')
      .execute();
  }

  async getAccountUser(accountId: number, id: number): Promise<AccountUserRow | undefined> {
    return this.db.selectFrom('account_users').select(accountUserColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async findAccountUserByEmail(accountId: number, email: string): Promise<AccountUserRow | undefined> {
    return this.db.selectFrom('account_users').select(accountUserColumns).where('account_id', '=', accountId).where('email', '=', email).executeTakeFirst();
  }

  async listAccountUsers(accountId: number, q: { offset: number; limit: number; search?: string | undefined; sortBy: 'email' | 'name' | 'role' | 'created_at'; desc: boolean }): Promise<{ rows: AccountUserRow[]; total: number }> {
    let query = this.db.selectFrom('account_users').where('account_id', '=', accountId);
    if (q.search) {
      const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      query = query.where((eb) => eb.or([sql<boolean>`lower(email) like ${pattern} escape '\\'`, sql<boolean>`lower(name) like ${pattern} escape '\\'`]));
    }
    const [rows, count] = await Promise.all([
      query.select(accountUserColumns).orderBy(q.sortBy, q.desc ? 'desc' : 'asc').orderBy('id').limit(q.limit).offset(q.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async insertAccountUser(accountId: number, input: { email: string; name: string; role: string; privileges: string }): Promise<AccountUserRow> {
    return this.db
      .insertInto('account_users')
      .values({ account_id: accountId, email: input.email, name: input.name, role: input.role, privileges: input.privileges, status: 'invited', password_hash: null, created_at: nowIso() })
      .returning(accountUserColumns)
      .executeTakeFirstOrThrow();
  }

  async updateAccountUser(accountId: number, id: number, patch: Partial<Pick<AccountUserRow, 'role' | 'privileges' | 'name' | 'password_hash' | 'status' | 'email' | 'timezone'>>): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('account_users').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async deleteAccountUser(accountId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('account_users').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
