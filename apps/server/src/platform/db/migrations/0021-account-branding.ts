import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { timestampType } from '../dialect.js';

/**
 * Branding of an account (issue 15, `account/customize/`): one row per account that has customised anything.
 * Colours are stored normalised (#rrggbb or #rrggbbaa); the logo is a PNG in blob storage
 * (`accounts/<id>/branding/<logo_file_name>`), its name a hash of its bytes so it can be cached for good.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable('account_branding')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'text', (c) => c.notNull())
    .addColumn('secondary_color', 'text', (c) => c.notNull())
    .addColumn('welcome_text', 'text', (c) => c.notNull())
    .addColumn('footer_text', 'text', (c) => c.notNull())
    .addColumn('logo_file_name', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}
