import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault } from '../dialect.js';

/**
 * File storage (issue 16, docs/FILE-STORAGE.md): the store that receives task files may also receive every scan's
 * photos and signatures (the account's "Also copy scan photos and signatures" option, kept on the chosen store).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('file_stores').addColumn('for_scan_files', 'integer', notNullDefault(0)).execute();
}
