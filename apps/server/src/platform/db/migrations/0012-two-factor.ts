import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';

/**
 * Two-factor sign-in (issue 15): one `two_factor` row per login that started or finished setting up TOTP
 * (the owner: account id with no account user; a team member: their account user id), holding the secret
 * (base32, readable: the server must compute codes from it, see docs/ACCOUNT-TWO-FACTOR.md), when it was
 * switched on (null while being set up) and the last time step accepted (no code is accepted twice). Its
 * recovery codes are SHA-256 hashes, one row each, deleted when used. An account may require two-factor
 * sign-in of everyone on its team (`accounts.require_two_factor`). Sign-in challenges are `auth_tokens` rows
 * of kind `two_factor_challenge` (no new column).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema.alterTable('accounts').addColumn('require_two_factor', 'integer', notNullDefault(0)).execute();

  await withIdColumn(dialect, db.schema.createTable('two_factor'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('account_user_id', 'integer', (c) => c.references('account_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', ts)
    .addColumn('last_step', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // One row per login: a team member by account user id, the owner by account (no account user).
  await db.schema.createIndex('two_factor_member_unique').on('two_factor').column('account_user_id').unique().execute();
  await db.schema.createIndex('two_factor_owner_unique').on('two_factor').column('account_id').unique().where(sql.ref('account_user_id'), 'is', null).execute();
  await db.schema.createIndex('two_factor_account_idx').on('two_factor').column('account_id').execute();

  await withIdColumn(dialect, db.schema.createTable('two_factor_recovery_codes'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('two_factor_id', 'integer', (c) => c.notNull().references('two_factor.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_idx').on('two_factor_recovery_codes').columns(['two_factor_id', 'code_hash']).execute();
}
