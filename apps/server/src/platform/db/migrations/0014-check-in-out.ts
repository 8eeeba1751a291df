import type { Kysely } from 'kysely';
import { timestampType } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Check in/out (issue 13): the current state of each value of an instance (a service of type
 * `check-in-out`), written by the engine in the transaction of the scan that moves it. One row per
 * (service, value key); `last_scan_id` is that scan. The roster reads by (account, service, state).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable('checkinout_states')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('since', ts, (c) => c.notNull())
    .addColumn('by_app_user_id', 'integer', (c) => c.references('app_users.id').onDelete('set null'))
    .addColumn('last_scan_id', 'integer', (c) => c.references('scans.id').onDelete('set null'))
    // 0 while the row only holds the lock of a value never moved (a refused first scan): the roster skips it.
    .addColumn('moves', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('checkinout_states_pk', ['service_id', 'value_key'])
    .execute();
  await db.schema.createIndex('checkinout_states_roster_idx').on('checkinout_states').columns(['account_id', 'service_id', 'state', 'since']).execute();
}
