import type { Kysely } from 'kysely';
import { timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Barcode templates: a named set of barcode options with an optional logo (stored as a blob). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('barcode_templates'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('logo_file_name', 'text')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('barcode_templates_account_idx').on('barcode_templates').columns(['account_id', 'name']).execute();
  // Logo file names are random, but a lookup by name must never cross accounts.
  await db.schema.createIndex('barcode_templates_logo_idx').on('barcode_templates').columns(['account_id', 'logo_file_name']).unique().execute();
}
