import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Scan to Excel (issue 14): the secret download link of an instance. Only the SHA-256 of the link's
 * token is stored; one link per instance (making a new one replaces the row, so the old link answers 404).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('scan_to_excel_links')
    .ifNotExists()
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_to_excel_links_pk', ['account_id', 'service_id'])
    .execute();
  await db.schema.createIndex('scan_to_excel_links_token_idx').ifNotExists().on('scan_to_excel_links').column('token_hash').unique().execute();
}
