import type { Kysely } from 'kysely';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Export templates: which columns a scan export has, in what order, with which headers, dates and zone. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('export_templates'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of ExportColumn (packages/contracts/src/scan-data.ts).
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('date_format', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', notNullDefault('account'))
    .addColumn('row_per', 'text', notNullDefault('scan'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // Unique, so two administrators saving the same name at once cannot both succeed.
  await db.schema.createIndex('export_templates_account_name_idx').on('export_templates').columns(['account_id', 'name']).unique().execute();
}
