import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { timestampType } from '../dialect.js';

/**
 * Your profile (issue 15): a web session records the browser (user agent) and IP it was started from and
 * when it was last seen (written at most once a minute per session, see `AuthService.resolveSession`), so
 * a person can list and end their sessions. A team member gets a time zone of their own (null: the
 * account's). Email-change tokens are `auth_tokens` rows of kind `change_email` (no new column).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema.alterTable('auth_tokens').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('ip', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('last_seen_at', ts).execute();
  await db.schema.alterTable('account_users').addColumn('timezone', 'text').execute();
  // A person's sessions are listed and ended by login: the owner's by admin id, a team member's by account user id.
  await db.schema.createIndex('auth_tokens_admin_idx').on('auth_tokens').columns(['admin_id', 'kind']).execute();
  await db.schema.createIndex('auth_tokens_account_user_idx').on('auth_tokens').columns(['account_user_id', 'kind']).execute();
}
