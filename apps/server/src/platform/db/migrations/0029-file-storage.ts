import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';

/**
 * File storage (issue 16, docs/FILE-STORAGE.md): the stores an account connected (Google Drive, Dropbox, OneDrive
 * by OAuth 2; S3-compatible and WebDAV by credentials) and the copies of task-run files made to them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('file_stores'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // google_drive, dropbox, onedrive, s3, webdav
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // connected, disconnected (a revoked grant; connect again)
    .addColumn('status', 'text', notNullDefault('connected'))
    // JSON of what may be shown: endpoint, region, bucket, prefix, key id, URL, user, folder
    .addColumn('settings', 'text', notNullDefault('{}'))
    // AES-256-GCM with SECRETS_KEY: the OAuth tokens or the secret key / password, as JSON
    .addColumn('secret_enc', 'text', notNullDefault(''))
    .addColumn('for_exports', 'integer', notNullDefault(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_stores_account_idx').on('file_stores').columns(['account_id', 'id']).execute();
  await withIdColumn(dialect, db.schema.createTable('file_storage_copies'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // The task run whose result file is copied (jobs.id; not a foreign key: runs are cleaned up on their own).
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.references('file_stores.id').onDelete('set null'))
    .addColumn('store_name', 'text', (c) => c.notNull())
    // pending, copied, failed
    .addColumn('state', 'text', notNullDefault('pending'))
    .addColumn('remote_path', 'text', notNullDefault(''))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', notNullDefault(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_storage_copies_job_idx').on('file_storage_copies').columns(['account_id', 'job_id']).execute();
}
