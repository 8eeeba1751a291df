import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault } from '../dialect.js';

/**
 * Single sign-on for app users (issue 16, docs/SSO.md "App users"): the account's identity provider may also sign in
 * the scanner and the portals; a name for the button, the switches, and the group → services/portals mapping of
 * just-in-time app users (JSON text).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('sso_configs').addColumn('display_name', 'text', notNullDefault('')).execute();
  await db.schema.alterTable('sso_configs').addColumn('app_users_enabled', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('sso_configs').addColumn('app_users_require_sso', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('sso_configs').addColumn('app_users_jit', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('sso_configs').addColumn('app_user_groups', 'text', notNullDefault('[]')).execute();
}
