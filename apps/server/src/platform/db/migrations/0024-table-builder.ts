import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withIdColumn } from '../dialect.js';

/**
 * Table builder (issue 14): rows keyed by a scanned value, the latest answer per column (question) of each
 * row, every change of a cell with who and when, and the share links (only the SHA-256 of a link's token,
 * and the scrypt hash of its optional password, are stored).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(dialect, db.schema.createTable('table_builder_rows').ifNotExists())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('table_builder_rows_value_idx').ifNotExists().on('table_builder_rows').columns(['service_id', 'value']).unique().execute();
  // The default order (newest change first) and the count of a table, read from the index alone.
  await db.schema.createIndex('table_builder_rows_updated_idx').ifNotExists().on('table_builder_rows').columns(['account_id', 'service_id', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('table_builder_cells')
    .ifNotExists()
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_builder_cells_pk', ['row_id', 'question_id'])
    .execute();
  // A filter on a column reads that column's cells. SQLite keeps the value in the index (a filter reads the index
  // alone, not a million-row table); PostgreSQL cannot (a b-tree entry has at most about 2,700 bytes and an answer
  // may be longer), so it reads the cells' rows from the index's matches.
  const cellColumns = dialect === 'sqlite' ? ['service_id', 'question_id', 'value', 'row_id'] : ['service_id', 'question_id', 'row_id'];
  await db.schema.createIndex('table_builder_cells_column_idx').ifNotExists().on('table_builder_cells').columns(cellColumns).execute();

  await withIdColumn(dialect, db.schema.createTable('table_builder_changes').ifNotExists())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('scan_id', 'integer')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('table_builder_changes_row_idx').ifNotExists().on('table_builder_changes').columns(['row_id', 'id']).execute();

  await withIdColumn(dialect, db.schema.createTable('table_builder_links').ifNotExists())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('question_ids', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('table_builder_links_token_idx').ifNotExists().on('table_builder_links').column('token_hash').unique().execute();
  await db.schema.createIndex('table_builder_links_service_idx').ifNotExists().on('table_builder_links').columns(['account_id', 'service_id']).execute();
}
