import type { Kysely } from 'kysely';
import { bigintType, notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Accounts, sign-in, team members, tokens, API keys and log, rate counters, system flags. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);

  await withIdColumn(dialect, db.schema.createTable('accounts'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('timezone_behavior', 'integer', notNullDefault(2))
    .addColumn('admin_email', 'text', notNullDefault(''))
    .addColumn('database_count', 'integer', notNullDefault(0))
    .addColumn('ip_allowlist', 'text', notNullDefault('[]'))
    .addColumn('api_limit_minute', 'integer')
    .addColumn('api_limit_day', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await withIdColumn(dialect, db.schema.createTable('admins'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', ts)
    .addColumn('timezone', 'text', notNullDefault('America/New_York'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('admins_account_unique', ['account_id'])
    .execute();
  await db.schema.createIndex('admins_email_idx').on('admins').column('email').execute();

  await withIdColumn(dialect, db.schema.createTable('account_users'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('privileges', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('account_users_account_email_unique', ['account_id', 'email'])
    .execute();
  await db.schema.createIndex('account_users_email_idx').on('account_users').column('email').execute();

  await withIdColumn(dialect, db.schema.createTable('auth_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('cascade'))
    .addColumn('account_user_id', 'integer', (c) => c.references('account_users.id').onDelete('cascade'))
    .addColumn('payload', 'text')
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_expires_idx').on('auth_tokens').column('expires_at').execute();

  await withIdColumn(dialect, db.schema.createTable('api_keys'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

  await withIdColumn(dialect, db.schema.createTable('api_log'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('api_key_id', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('duration_ms', 'real', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_log_account_idx').on('api_log').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', bigintType(dialect), (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['bucket', 'window_start'])
    .execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
