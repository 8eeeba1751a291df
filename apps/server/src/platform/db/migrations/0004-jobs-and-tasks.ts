import type { Kysely } from 'kysely';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/** The jobs platform (queue, leases, progress, logs) and scheduled tasks. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);

  await withIdColumn(dialect, db.schema.createTable('tasks'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('outputs', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', notNullDefault(1))
    .addColumn('next_run_at', ts)
    .addColumn('last_run_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_account_idx').on('tasks').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('tasks_due_idx').on('tasks').columns(['enabled', 'next_run_at']).execute();

  await withIdColumn(dialect, db.schema.createTable('jobs'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', notNullDefault(0))
    .addColumn('max_attempts', 'integer', notNullDefault(3))
    .addColumn('run_at', ts, (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', ts)
    .addColumn('cancel_requested', 'integer', notNullDefault(0))
    .addColumn('progress_done', 'integer', notNullDefault(0))
    .addColumn('progress_total', 'integer')
    .addColumn('progress_message', 'text', notNullDefault(''))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('started_at', ts)
    .addColumn('finished_at', ts)
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_account_idx').on('jobs').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('jobs_task_idx').on('jobs').columns(['task_id', 'id']).execute();

  await withIdColumn(dialect, db.schema.createTable('job_logs'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('at', ts, (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_logs_job_idx').on('job_logs').columns(['job_id', 'id']).execute();
}
