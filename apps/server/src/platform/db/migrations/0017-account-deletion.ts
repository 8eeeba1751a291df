import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { timestampType } from '../dialect.js';

/**
 * Deleting an account (issue 15): when the owner asks, the account is scheduled for deletion at the end
 * of a grace period; a restore link (an `auth_tokens` row of kind `restore_account`) cancels it. The purge
 * job reads these two columns again before it deletes anything.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema.alterTable('accounts').addColumn('deletion_requested_at', ts).execute();
  await db.schema.alterTable('accounts').addColumn('deletion_due_at', ts).execute();
}
