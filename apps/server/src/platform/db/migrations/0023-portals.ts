import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.js';

/**
 * The user portal and the task portal (issue 14, docs/PORTALS.md): an app user may be given access to either
 * (two flags on `app_users`), and an administrator chooses what is shared with them: services (their scans and
 * their database, in the user portal) and tasks (their runs and result files, in the task portal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_users').addColumn('user_portal', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('app_users').addColumn('task_portal', 'integer', notNullDefault(0)).execute();
  await db.schema
    .createTable('portal_shares')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('app_user_id', 'integer', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
    // 'service' (user portal) or 'task' (task portal); target_id is the service's or the task's id in the same account.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('portal_shares_pk', ['app_user_id', 'kind', 'target_id'])
    .execute();
  await db.schema.createIndex('portal_shares_target_idx').on('portal_shares').columns(['account_id', 'kind', 'target_id']).execute();
}
