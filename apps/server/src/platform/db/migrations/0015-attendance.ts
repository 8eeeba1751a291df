import type { Kysely } from 'kysely';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Attendance (issue 13): the sessions of an attendance instance (one-off, or weekly on chosen weekdays
 * between two dates; local dates and times in the account's time zone), one mark per person per session
 * occurrence, and the occurrences a leader closed. A person is a value of the instance's roster database;
 * the mark keeps their code and name as they were, so a roster change does not rewrite history.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('attendance_sessions'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('place', 'text', notNullDefault(''))
    // 'none' (one-off on start_date) or 'weekly' (on weekdays from start_date to end_date).
    .addColumn('repeat', 'text', notNullDefault('none'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    // ISO weekdays, comma-separated: "1,3" = Monday and Wednesday.
    .addColumn('weekdays', 'text', notNullDefault(''))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('late_after_minutes', 'integer', notNullDefault(10))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_sessions_service_idx').on('attendance_sessions').columns(['account_id', 'service_id']).execute();

  await withIdColumn(dialect, db.schema.createTable('attendance_marks'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('attendance_sessions.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    // The roster value (db_values.id); no foreign key: clearing the roster keeps the history.
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('person_code', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', notNullDefault(''))
    // present | late | excused | absent
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scan_id', 'integer')
    .addColumn('marked_by', 'text', notNullDefault(''))
    .addColumn('note', 'text', notNullDefault(''))
    .addColumn('marked_at', ts, (c) => c.notNull())
    .execute();
  // One mark per person per occurrence: a second scan at the same moment on another gate finds it (ON CONFLICT DO NOTHING).
  await db.schema.createIndex('attendance_marks_person_idx').on('attendance_marks').columns(['session_id', 'occurrence_date', 'person_id']).unique().execute();
  await db.schema.createIndex('attendance_marks_service_idx').on('attendance_marks').columns(['account_id', 'service_id', 'occurrence_date']).execute();

  await db.schema
    .createTable('attendance_closed')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('attendance_sessions.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'text', notNullDefault(''))
    .addColumn('closed_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_closed_pk', ['session_id', 'occurrence_date'])
    .execute();
}
