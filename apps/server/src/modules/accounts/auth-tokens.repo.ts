import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AuthTokenKind, Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

export type TokenOwner = { accountId: number | null; adminId: number | null; accountUserId: number | null };

export type TokenRow = {
  id: number;
  kind: AuthTokenKind;
  account_id: number | null;
  admin_id: number | null;
  account_user_id: number | null;
  payload: string | null;
  expires_at: string;
};

/** A live session with the caller's role and privileges, read in one query. */
export type SessionRow = {
  token_id: number;
  account_id: number;
  admin_id: number;
  account_user_id: number | null;
  role: string | null;
  privileges: string | null;
  last_seen_at: string | null;
  /** The account requires two-factor sign-in (1) and whether this login has it switched on (its row id, else null). */
  require_two_factor: number;
  two_factor_id: number | null;
};

/** Whose sessions: the owner's (admin record, no account user) or one team member's. */
export type Login = { accountId: number; adminId: number; accountUserId: number | null };

/** A web session as a person sees it in their list. */
export type SessionListRow = { id: number; user_agent: string | null; ip: string | null; created_at: string; last_seen_at: string | null };

/** SQL for hashed tokens: sessions, verification, password reset, invitations, account choice. */
export class AuthTokensRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(kind: AuthTokenKind, tokenHash: string, owner: TokenOwner, expiresAt: string, payload: string | null = null): Promise<void> {
    await this.db
      .insertInto('auth_tokens')
      .values({ kind, token_hash: tokenHash, account_id: owner.accountId, admin_id: owner.adminId, account_user_id: owner.accountUserId, payload, expires_at: expiresAt, created_at: nowIso() })
      .execute();
  }

  /** Starts a web session, remembering the browser and address it came from. */
  async insertSession(tokenHash: string, owner: TokenOwner, expiresAt: string, seen: { userAgent: string | null; ip: string | null }): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('auth_tokens')
      .values({ kind: 'session', token_hash: tokenHash, account_id: owner.accountId, admin_id: owner.adminId, account_user_id: owner.accountUserId, payload: null, expires_at: expiresAt, created_at: now, user_agent: seen.userAgent, ip: seen.ip, last_seen_at: now })
      .execute();
  }

  /**
   * Records that a session was used. Written only when the stored time is older than `staleBefore`: the caller
   * reads `last_seen_at` with the session (no extra query) and calls this at most once a minute; the condition
   * keeps concurrent requests of that minute from writing it twice.
   */
  async touchSession(id: number, now: string, staleBefore: string): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
      .execute();
  }

  /** The live web sessions of one login (at most 200, newest first). */
  async listSessions(login: Login): Promise<SessionListRow[]> {
    return this.db.selectFrom('auth_tokens').where(this.ofLogin(login))
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('kind', '=', 'session')
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /** Ends one session of a login (`id`) or all of them but one (`exceptId`); answers how many ended. */
  async deleteSessions(login: Login, which: { id: number } | { exceptId: number }): Promise<number> {
    let q = this.db.deleteFrom('auth_tokens').where(this.ofLogin(login)).where('kind', '=', 'session');
    q = 'id' in which ? q.where('id', '=', which.id) : q.where('id', '!=', which.exceptId);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Tokens of a kind held by one login (sessions carry the owner's admin id for team members too). */
  async deleteOfLogin(login: Login, kind: AuthTokenKind): Promise<void> {
    await this.db.deleteFrom('auth_tokens').where(this.ofLogin(login)).where('kind', '=', kind).execute();
  }

  /** The newest live token of a kind held by one login (for a pending email change). */
  async findLiveOfLogin(login: Login, kind: AuthTokenKind): Promise<TokenRow | undefined> {
    return this.db.selectFrom('auth_tokens').where(this.ofLogin(login))
      .select(['id', 'kind', 'account_id', 'admin_id', 'account_user_id', 'payload', 'expires_at'])
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * The condition for one login's tokens: account first; a team member by account user id; the owner by admin
   * id with no account user (team members' sessions also carry the owner's admin id).
   */
  private ofLogin(login: Login) {
    return (eb: ExpressionBuilder<Database, 'auth_tokens'>) =>
      eb.and([
        eb('account_id', '=', login.accountId),
        ...(login.accountUserId !== null ? [eb('account_user_id', '=', login.accountUserId)] : [eb('admin_id', '=', login.adminId), eb('account_user_id', 'is', null)]),
      ]);
  }

  /** A token of the given kind that has not expired. */
  async findLive(kind: AuthTokenKind, tokenHash: string): Promise<TokenRow | undefined> {
    return this.db
      .selectFrom('auth_tokens')
      .select(['id', 'kind', 'account_id', 'admin_id', 'account_user_id', 'payload', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
  }

  /**
   * A live session joined with its team member's role and privileges (null for the owner), the account's
   * two-factor requirement and whether the login has two-factor sign-in on (one query: every call reads it).
   */
  async findSession(tokenHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('auth_tokens as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .leftJoin('account_users as u', 'u.id', 't.account_user_id')
      .leftJoin('two_factor as f', (join) =>
        join
          .onRef('f.account_id', '=', 't.account_id')
          .on('f.enabled_at', 'is not', null)
          .on((eb) => eb.or([eb('f.account_user_id', '=', eb.ref('t.account_user_id')), eb.and([eb('f.account_user_id', 'is', null), eb('t.account_user_id', 'is', null)])])),
      )
      .select(['t.id as token_id', 't.account_id', 't.admin_id', 't.account_user_id', 'u.role', 'u.privileges', 't.last_seen_at', 'a.require_two_factor', 'f.id as two_factor_id'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.kind', '=', 'session')
      .where('t.expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!row || row.account_id === null || row.admin_id === null) return undefined;
    return { ...row, account_id: row.account_id, admin_id: row.admin_id };
  }

  /** Uses up a single-use token: deleted if it still exists; answers whether this call was the one that did. */
  async consume(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('auth_tokens').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** Ends the sessions of an account's logins that have no two-factor sign-in on (the account now requires it); answers how many. */
  async deleteSessionsWithoutTwoFactor(accountId: number): Promise<number> {
    const r = await this.db
      .deleteFrom('auth_tokens')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'session')
      .where((outer) =>
        outer.not(
          outer.exists(
            outer
              .selectFrom('two_factor as f')
              .select('f.id')
              .whereRef('f.account_id', '=', 'auth_tokens.account_id')
              .where('f.enabled_at', 'is not', null)
              .where((eb) => eb.or([eb('f.account_user_id', '=', eb.ref('auth_tokens.account_user_id')), eb.and([eb('f.account_user_id', 'is', null), eb('auth_tokens.account_user_id', 'is', null)])])),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deleteById(id: number): Promise<void> {
    await this.db.deleteFrom('auth_tokens').where('id', '=', id).execute();
  }

  async deleteByHash(tokenHash: string): Promise<number> {
    const r = await this.db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Ends every token of one login (after a password change or removal). */
  async deleteForOwner(owner: { adminId?: number; accountUserId?: number }, kinds: AuthTokenKind[]): Promise<void> {
    let q = this.db.deleteFrom('auth_tokens').where('kind', 'in', kinds);
    if (owner.accountUserId !== undefined) q = q.where('account_user_id', '=', owner.accountUserId);
    else if (owner.adminId !== undefined) q = q.where('admin_id', '=', owner.adminId).where('account_user_id', 'is', null);
    else return;
    await q.execute();
  }

  /** The newest live token of a kind held for an account (a pending transfer of ownership). */
  async findLiveOfAccount(accountId: number, kind: AuthTokenKind): Promise<TokenRow | undefined> {
    return this.db
      .selectFrom('auth_tokens')
      .select(['id', 'kind', 'account_id', 'admin_id', 'account_user_id', 'payload', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Deletes an account's tokens of a kind; answers how many went. */
  async deleteOfAccount(accountId: number, kind: AuthTokenKind): Promise<number> {
    const r = await this.db.deleteFrom('auth_tokens').where('account_id', '=', accountId).where('kind', '=', kind).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('auth_tokens').where('expires_at', '<=', nowIso()).execute();
  }
}
