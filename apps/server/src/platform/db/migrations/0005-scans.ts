import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createSubstringIndex, notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Scan capture: scans with answers and properties, uploads, app tokens and the devices each app user used. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id').onDelete('cascade');

  await withIdColumn(dialect, db.schema.createTable('app_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', account)
    .addColumn('app_user_id', 'integer', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_tokens_user_idx').on('app_tokens').columns(['app_user_id']).execute();

  // Which devices an app user has signed in on: the device limit counts these within a billing period.
  await db.schema
    .createTable('app_user_devices')
    .addColumn('account_id', 'integer', account)
    .addColumn('app_user_id', 'integer', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('first_seen_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('app_user_devices_pk', ['app_user_id', 'device_id'])
    .execute();

  await withIdColumn(dialect, db.schema.createTable('uploads'))
    .addColumn('account_id', 'integer', account)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('app_user_id', 'integer', (c) => c.references('app_users.id'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('count', 'integer', notNullDefault(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_account_idx').on('uploads').columns(['account_id', 'id']).execute();

  // Services and app users are soft-deleted, so their scans keep pointing at them.
  await withIdColumn(dialect, db.schema.createTable('scans'))
    .addColumn('account_id', 'integer', account)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('app_user_id', 'integer', (c) => c.references('app_users.id'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
    .addColumn('upload_id', 'integer', (c) => c.references('uploads.id'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('response', 'text', notNullDefault(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    // The database value the scan matched (duplicates are judged on it, so case rules follow the database).
    .addColumn('db_value_id', 'integer')
    .addColumn('client_scan_id', 'text')
    .addColumn('scanned_at', ts, (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .addColumn('modified_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scans_account_idx').on('scans').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('scans_service_time_idx').on('scans').columns(['service_id', 'scanned_at']).execute();
  await db.schema.createIndex('scans_account_time_idx').on('scans').columns(['account_id', 'scanned_at']).execute();
  await db.schema.createIndex('scans_duplicate_idx').on('scans').columns(['service_id', 'db_value_id', 'status']).where(sql.ref('db_value_id'), 'is not', null).execute();
  await db.schema.createIndex('scans_value_idx').on('scans').columns(['service_id', 'value']).execute();
  await db.schema.createIndex('scans_account_value_idx').on('scans').columns(['account_id', 'value']).execute();
  await db.schema.createIndex('scans_client_idx').on('scans').columns(['account_id', 'client_scan_id']).unique().where(sql.ref('client_scan_id'), 'is not', null).execute();
  await db.schema.createIndex('scans_account_received_idx').on('scans').columns(['account_id', 'received_at']).execute();
  await db.schema.createIndex('scans_account_modified_idx').on('scans').columns(['account_id', 'modified_at']).execute();
  // "Value contains" on millions of scans: FTS5 trigrams (SQLite) or pg_trgm (PostgreSQL).
  await createSubstringIndex(db, dialect, 'scans', 'value');
  await db.schema.createIndex('scans_upload_idx').on('scans').columns(['upload_id']).where(sql.ref('upload_id'), 'is not', null).execute();

  // The question text is kept with the answer: a question deleted later must not blank old answers.
  await withIdColumn(dialect, db.schema.createTable('scan_answers'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('question_text', 'text', notNullDefault(''))
    .addColumn('position', 'integer', notNullDefault(0))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .execute();
  await db.schema.createIndex('scan_answers_scan_idx').on('scan_answers').columns(['scan_id', 'question_id', 'position']).execute();

  await db.schema
    .createTable('scan_properties')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_properties_pk', ['scan_id', 'name'])
    .execute();
  // Every change an administrator makes to a scan, readable in the editor.
  await withIdColumn(dialect, db.schema.createTable('scan_edits'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('at', ts, (c) => c.notNull())
    .addColumn('editor', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_edits_scan_idx').on('scan_edits').columns(['scan_id', 'id']).execute();

  await db.schema.createIndex('scan_properties_name_idx').on('scan_properties').columns(['account_id', 'name', 'value']).execute();
}
