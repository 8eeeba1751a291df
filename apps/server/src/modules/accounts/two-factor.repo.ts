import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

/** Whose two-factor sign-in: the owner's (no account user) or one team member's, always within one account. */
export type TwoFactorLogin = { accountId: number; accountUserId: number | null };

export type TwoFactorRow = { id: number; account_id: number; account_user_id: number | null; secret: string; enabled_at: string | null; last_step: number | null };

/** SQL for two-factor sign-in: the TOTP secret of a login, its replay guard and its hashed recovery codes. */
export class TwoFactorRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The login's row, switched on or still being set up. */
  async get(login: TwoFactorLogin): Promise<TwoFactorRow | undefined> {
    let q = this.db.selectFrom('two_factor').select(['id', 'account_id', 'account_user_id', 'secret', 'enabled_at', 'last_step']).where('account_id', '=', login.accountId);
    q = login.accountUserId === null ? q.where('account_user_id', 'is', null) : q.where('account_user_id', '=', login.accountUserId);
    return q.executeTakeFirst();
  }

  /** Starts (or restarts) a set-up with a new secret; answers false when two-factor sign-in is already on. */
  async startSetup(login: TwoFactorLogin, secret: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let del = trx.deleteFrom('two_factor').where('account_id', '=', login.accountId).where('enabled_at', 'is', null);
      del = login.accountUserId === null ? del.where('account_user_id', 'is', null) : del.where('account_user_id', '=', login.accountUserId);
      await del.execute();
      let on = trx.selectFrom('two_factor').select('id').where('account_id', '=', login.accountId);
      on = login.accountUserId === null ? on.where('account_user_id', 'is', null) : on.where('account_user_id', '=', login.accountUserId);
      if (await on.executeTakeFirst()) return false;
      await trx.insertInto('two_factor').values({ account_id: login.accountId, account_user_id: login.accountUserId, secret, enabled_at: null, last_step: null, created_at: nowIso() }).execute();
      return true;
    });
  }

  /**
   * Records that a code of time step `step` was accepted, unless this or a later step already was: one
   * conditional UPDATE, so two requests with the same code cannot both succeed. Answers whether it was recorded.
   */
  async acceptStep(accountId: number, id: number, step: number): Promise<boolean> {
    const r = await this.db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Switches a set-up on and stores its recovery codes (hashes) in one transaction; false when it was on already. */
  async enable(accountId: number, id: number, codeHashes: string[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const r = await trx.updateTable('two_factor').set({ enabled_at: now }).where('account_id', '=', accountId).where('id', '=', id).where('enabled_at', 'is', null).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('two_factor_recovery_codes').where('account_id', '=', accountId).where('two_factor_id', '=', id).execute();
      await trx.insertInto('two_factor_recovery_codes').values(codeHashes.map((code_hash) => ({ account_id: accountId, two_factor_id: id, code_hash, created_at: now }))).execute();
      return true;
    });
  }

  /** Replaces every recovery code of a login's two-factor sign-in. */
  async replaceRecoveryCodes(accountId: number, id: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx.deleteFrom('two_factor_recovery_codes').where('account_id', '=', accountId).where('two_factor_id', '=', id).execute();
      await trx.insertInto('two_factor_recovery_codes').values(codeHashes.map((code_hash) => ({ account_id: accountId, two_factor_id: id, code_hash, created_at: now }))).execute();
    });
  }

  /** Uses up one recovery code: deleted if it exists (answers whether it did), so it works once. */
  async useRecoveryCode(accountId: number, id: number, codeHash: string): Promise<boolean> {
    const r = await this.db.deleteFrom('two_factor_recovery_codes').where('account_id', '=', accountId).where('two_factor_id', '=', id).where('code_hash', '=', codeHash).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** How many unused recovery codes a login has. */
  async countRecoveryCodes(accountId: number, id: number): Promise<number> {
    const row = await this.db.selectFrom('two_factor_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('two_factor_id', '=', id).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Switches a login's two-factor sign-in off (its recovery codes go with it); answers whether it was there. */
  async remove(login: TwoFactorLogin): Promise<boolean> {
    const row = await this.get(login);
    if (!row) return false;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_recovery_codes').where('account_id', '=', login.accountId).where('two_factor_id', '=', row.id).execute();
      await trx.deleteFrom('two_factor').where('account_id', '=', login.accountId).where('id', '=', row.id).execute();
    });
    return row.enabled_at !== null;
  }
}
