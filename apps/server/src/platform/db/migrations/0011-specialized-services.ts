import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Specialized services (issues 13 and 14): an instance is a service with a type. `specialized_type` is
 * null for an ordinary service; `type_settings` holds the type's own settings as JSON (checked by the
 * type's schema in `modules/specialized/types/`). The list of instances reads by (account, type).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('services').addColumn('specialized_type', 'text').execute();
  await db.schema.alterTable('services').addColumn('type_settings', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.createIndex('services_specialized_idx').on('services').columns(['account_id', 'specialized_type']).execute();
}
