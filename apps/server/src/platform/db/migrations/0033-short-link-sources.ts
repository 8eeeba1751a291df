import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Automatic short links (issue 14, docs/SHORT-LINKS.md): where a link came from (`manual`, `share-link`,
 * `scan-to-excel`, `portal`) and the id of what made it (the share link's id, the scan-to-excel instance's id), so
 * revoking a share link revokes its short link; a secret target (one carrying a token) is kept sealed with
 * SECRETS_KEY in `sealed_target` while `target` shows it with the token cut out.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('short_links').addColumn('source', 'text', notNullDefault('manual')).execute();
  await db.schema.alterTable('short_links').addColumn('source_id', 'integer').execute();
  await db.schema.alterTable('short_links').addColumn('sealed_target', 'text').execute();
  await db.schema.createIndex('short_links_source_idx').on('short_links').columns(['account_id', 'source', 'source_id']).execute();
}
