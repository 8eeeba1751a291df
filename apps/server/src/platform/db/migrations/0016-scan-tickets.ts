import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Scan tickets (issue 13): the entry state of each ticket (a value of the service's database) in a
 * scan-tickets service, moved in the transaction of the scan that changes it. One row per ticket that
 * was scanned at least once: entries in total, entries on the last entry's local day, whether it is
 * inside now (re-entry after exit), and how often it was scanned after the scan that made the row (`seen`).
 * The row is the lock two gates scanning the same ticket at once queue on (PostgreSQL: the upsert's update).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('scan_ticket_states')
    .ifNotExists()
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('db_value_id', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day_entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inside', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_ticket_states_pk', ['account_id', 'service_id', 'db_value_id'])
    .execute();
}
