import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createSubstringIndex, notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** Scan configuration: databases and their values, questions and answers, app users, devices, services. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id').onDelete('cascade');

  await withIdColumn(dialect, db.schema.createTable('databases'))
    .addColumn('account_id', 'integer', account)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('case_sensitive', 'integer', notNullDefault(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('databases_account_idx').on('databases').columns(['account_id', 'name']).execute();

  // value_key is what uniqueness is judged on: lower-cased value in case-insensitive databases.
  await withIdColumn(dialect, db.schema.createTable('db_values'))
    // No foreign key on account_id here: the database's own key cascades, and a second lookup per row slows imports.
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('response', 'text', notNullDefault(''))
    .addColumn('validity', 'integer', notNullDefault(1))
    .execute();
  await db.schema.createIndex('db_values_key_idx').on('db_values').columns(['database_id', 'value_key']).unique().execute();
  // Pages walk a database in id order and stop after `limit` matches (filters are checked on the way).
  await db.schema.createIndex('db_values_database_idx').on('db_values').columns(['database_id', 'id']).execute();
  await createSubstringIndex(db, dialect, 'db_values', 'value');

  await withIdColumn(dialect, db.schema.createTable('questions'))
    .addColumn('account_id', 'integer', account)
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_account_idx').on('questions').columns(['account_id', 'id']).execute();

  await withIdColumn(dialect, db.schema.createTable('question_answers'))
    .addColumn('account_id', 'integer', account)
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_answers_question_idx').on('question_answers').columns(['question_id', 'id']).execute();

  // App usernames are unique across the install among live users: the scanner app signs in with
  // username and password alone. Deleted users keep their row (scans point at them).
  await withIdColumn(dialect, db.schema.createTable('app_users'))
    .addColumn('account_id', 'integer', account)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('device_limit', 'integer')
    .addColumn('is_owner', 'integer', notNullDefault(0))
    .addColumn('invite_token_hash', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .execute();
  await db.schema.createIndex('app_users_username_idx').on('app_users').column('username_key').unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('app_users_account_idx').on('app_users').columns(['account_id', 'deleted_at', 'id']).execute();

  await withIdColumn(dialect, db.schema.createTable('devices'))
    .addColumn('account_id', 'integer', account)
    .addColumn('udid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('app_user_id', 'integer', (c) => c.references('app_users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts)
    .execute();
  await db.schema.createIndex('devices_udid_idx').on('devices').columns(['account_id', 'udid']).unique().execute();

  // Settings no query filters on live in one JSON column (see docs/SCAN-CONFIGURATION.md).
  await withIdColumn(dialect, db.schema.createTable('services'))
    .addColumn('account_id', 'integer', account)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('validation_method', 'text', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.references('databases.id').onDelete('set null'))
    .addColumn('postback_url', 'text', notNullDefault(''))
    .addColumn('description', 'text', notNullDefault(''))
    .addColumn('duplicate_value', 'integer', notNullDefault(1))
    .addColumn('settings', 'text', notNullDefault('{}'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .execute();
  await db.schema.createIndex('services_account_idx').on('services').columns(['account_id', 'deleted_at', 'id']).execute();
  await db.schema.createIndex('services_database_idx').on('services').columns(['database_id']).execute();

  await db.schema
    .createTable('service_users')
    .addColumn('account_id', 'integer', account)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('app_user_id', 'integer', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('service_users_pk', ['service_id', 'app_user_id'])
    .execute();
  await db.schema.createIndex('service_users_user_idx').on('service_users').columns(['app_user_id']).execute();

  await db.schema
    .createTable('service_questions')
    .addColumn('account_id', 'integer', account)
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', notNullDefault('pre_submit'))
    .addColumn('required', 'integer', notNullDefault(0))
    .addPrimaryKeyConstraint('service_questions_pk', ['service_id', 'question_id'])
    .execute();
  await db.schema.createIndex('service_questions_question_idx').on('service_questions').columns(['question_id']).execute();
}
