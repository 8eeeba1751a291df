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
  company_address: string;
  company_phone: string;
  date_format: string;
  time_format: string;
  scan_retention_days: number | null;
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
  'company_address',
  'company_phone',
  'date_format',
  'time_format',
  'scan_retention_days',
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

  async updateAccount(
    accountId: number,
    patch: Partial<Pick<AccountRow, 'timezone_behavior' | 'admin_email' | 'ip_allowlist' | 'database_count' | 'require_two_factor' | 'company_name' | 'company_address' | 'company_phone' | 'date_format' | 'time_format' | 'scan_retention_days'>>,
  ): Promise<void> {
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

  /** The company name of each of these accounts that has an owner (one query for a chooser of accounts). */
  async companyNamesOf(accountIds: number[]): Promise<{ account_id: number; company_name: string }[]> {
    if (accountIds.length === 0) return [];
    return this.db
      .selectFrom('admins')
      .innerJoin('accounts', 'accounts.id', 'admins.account_id')
      .select(['admins.account_id', 'accounts.company_name'])
      .where('admins.account_id', 'in', accountIds)
      .execute();
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

  /**
   * Hands the account over to a team member, in one transaction, if the transfer token `tokenId` still exists (it is
   * used up here, so two confirmations cannot both run). The owner is the admin record and members are account-user
   * rows, so the two logins swap places: the admin record takes the member's email, name and password; the member's
   * row takes the old owner's and becomes an active `admin` with every privilege. Everything that belongs to a login
   * follows it: its tokens (sessions stay signed in, now with the other role) and its two-factor sign-in with its
   * recovery codes. The admin record keeps the account's time zone. Answers false when the token was already gone.
   */
  async transferOwnership(accountId: number, adminId: number, memberId: number, tokenId: number, allPrivileges: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx.deleteFrom('auth_tokens').where('id', '=', tokenId).where('account_id', '=', accountId).where('kind', '=', 'transfer_owner').executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) return false;
      const admin = await trx.selectFrom('admins').select(['email', 'name', 'password_hash']).where('account_id', '=', accountId).where('id', '=', adminId).executeTakeFirst();
      const member = await trx.selectFrom('account_users').select(['email', 'name', 'password_hash']).where('account_id', '=', accountId).where('id', '=', memberId).where('status', '=', 'active').executeTakeFirst();
      if (!admin || !member || member.password_hash === null) return false;
      await trx.updateTable('admins').set({ email: member.email, name: member.name, password_hash: member.password_hash, email_verified_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', adminId).execute();
      await trx
        .updateTable('account_users')
        .set({ email: admin.email, name: admin.name, password_hash: admin.password_hash, role: 'admin', privileges: allPrivileges, status: 'active', timezone: null })
        .where('account_id', '=', accountId)
        .where('id', '=', memberId)
        .execute();
      // Tokens follow their login: the owner's (admin id, no account user) become the member row's, and back.
      await trx
        .updateTable('auth_tokens')
        .set({ account_user_id: sql<number | null>`case when account_user_id is null then cast(${memberId} as integer) else null end` })
        .where('account_id', '=', accountId)
        .where('kind', 'not in', ['restore_account', 'transfer_owner'])
        .where((eb) => eb.or([eb.and([eb('account_user_id', 'is', null), eb('admin_id', '=', adminId)]), eb('account_user_id', '=', memberId)]))
        .execute();
      // Two-factor sign-in follows its login too. Both unique indexes (one per member, one owner row per account) are
      // checked row by row, so when both logins have one the rows keep their keys and swap their contents and codes.
      const factors = await trx.selectFrom('two_factor').select(['id', 'account_user_id', 'secret', 'enabled_at', 'last_step', 'created_at']).where('account_id', '=', accountId).where((eb) => eb.or([eb('account_user_id', 'is', null), eb('account_user_id', '=', memberId)])).execute();
      const ownerFactor = factors.find((f) => f.account_user_id === null);
      const memberFactor = factors.find((f) => f.account_user_id === memberId);
      if (ownerFactor && memberFactor) {
        const contents = (f: typeof ownerFactor) => ({ secret: f.secret, enabled_at: f.enabled_at, last_step: f.last_step, created_at: f.created_at });
        await trx.updateTable('two_factor').set(contents(memberFactor)).where('id', '=', ownerFactor.id).execute();
        await trx.updateTable('two_factor').set(contents(ownerFactor)).where('id', '=', memberFactor.id).execute();
        await trx
          .updateTable('two_factor_recovery_codes')
          .set({ two_factor_id: sql<number>`case when two_factor_id = ${ownerFactor.id} then cast(${memberFactor.id} as integer) else cast(${ownerFactor.id} as integer) end` })
          .where('account_id', '=', accountId)
          .where('two_factor_id', 'in', [ownerFactor.id, memberFactor.id])
          .execute();
      } else if (ownerFactor) {
        await trx.updateTable('two_factor').set({ account_user_id: memberId }).where('id', '=', ownerFactor.id).execute();
      } else if (memberFactor) {
        await trx.updateTable('two_factor').set({ account_user_id: null }).where('id', '=', memberFactor.id).execute();
      }
      return true;
    });
  }
}
