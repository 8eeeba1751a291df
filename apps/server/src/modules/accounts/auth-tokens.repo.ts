import type { Kysely } from 'kysely';
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
};

/** SQL for hashed tokens: sessions, verification, password reset, invitations, account choice. */
export class AuthTokensRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(kind: AuthTokenKind, tokenHash: string, owner: TokenOwner, expiresAt: string, payload: string | null = null): Promise<void> {
    await this.db
      .insertInto('auth_tokens')
      .values({ kind, token_hash: tokenHash, account_id: owner.accountId, admin_id: owner.adminId, account_user_id: owner.accountUserId, payload, expires_at: expiresAt, created_at: nowIso() })
      .execute();
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

  /** A live session joined with its team member's role and privileges (null for the owner). */
  async findSession(tokenHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('auth_tokens as t')
      .leftJoin('account_users as u', 'u.id', 't.account_user_id')
      .select(['t.id as token_id', 't.account_id', 't.admin_id', 't.account_user_id', 'u.role', 'u.privileges'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.kind', '=', 'session')
      .where('t.expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!row || row.account_id === null || row.admin_id === null) return undefined;
    return { ...row, account_id: row.account_id, admin_id: row.admin_id };
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

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('auth_tokens').where('expires_at', '<=', nowIso()).execute();
  }
}
