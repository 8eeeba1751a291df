import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault } from '../dialect.js';

/**
 * Editable share links (issue 14, docs/SPECIALIZED-TABLE-BUILDER.md): a link has a name (who a change through it is
 * by: "share link <name>") and the columns it may edit (JSON array of question ids; null = read-only).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('table_builder_links').addColumn('name', 'text', notNullDefault('')).execute();
  await db.schema.alterTable('table_builder_links').addColumn('editable_question_ids', 'text').execute();
}
