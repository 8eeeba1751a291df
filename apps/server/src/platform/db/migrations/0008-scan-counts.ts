import { sql, type Kysely } from 'kysely';
import { clusteredByKey, createCountTriggers, utcHourSlotType, utcTimeSlot, type RowExpression } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Counters of scans, kept by triggers in the statement (so the transaction) that inserts, deletes or
 * changes a scan, so totals and statistics on millions of scans read thousands of rows, not millions:
 * - `scan_counts`: per service and app user (0: none), by result. The account's and each service's
 *   totals are sums of these few rows; finer than per account so that "leave out deleted users" and
 *   user filters can be answered.
 * - `scan_counts_hourly`: the same per UTC hour of the scanned time (`utcTimeSlot`), which statistics
 *   fold into days, weeks and months of any time zone (docs/SCANS.md).
 * - `scan_counts_account_hourly`: per UTC hour for the whole account, which an unfiltered chart reads
 *   (one row per hour instead of one per hour and app user).
 * Existing scans are counted here. The tables are derived: not exported, rebuilt by the triggers on import.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const counts = (t: Parameters<typeof clusteredByKey>[1]) =>
    t.addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('not_validated', 'integer', (c) => c.notNull().defaultTo(0));
  await clusteredByKey(
    dialect,
    counts(db.schema.createTable('scan_counts').ifNotExists().addColumn('account_id', 'integer', (c) => c.notNull()).addColumn('service_id', 'integer', (c) => c.notNull()).addColumn('app_user_id', 'integer', (c) => c.notNull())).addPrimaryKeyConstraint('scan_counts_pk', ['account_id', 'service_id', 'app_user_id']),
  ).execute();
  await clusteredByKey(
    dialect,
    counts(
      db.schema
        .createTable('scan_counts_hourly')
        .ifNotExists()
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('slot', utcHourSlotType(dialect), (c) => c.notNull())
        .addColumn('service_id', 'integer', (c) => c.notNull())
        .addColumn('app_user_id', 'integer', (c) => c.notNull()),
    ).addPrimaryKeyConstraint('scan_counts_hourly_pk', ['account_id', 'slot', 'service_id', 'app_user_id']),
  ).execute();
  await clusteredByKey(
    dialect,
    counts(db.schema.createTable('scan_counts_account_hourly').ifNotExists().addColumn('account_id', 'integer', (c) => c.notNull()).addColumn('slot', utcHourSlotType(dialect), (c) => c.notNull())).addPrimaryKeyConstraint(
      'scan_counts_account_hourly_pk',
      ['account_id', 'slot'],
    ),
  ).execute();

  const col = (row: string, name: string) => sql`${sql.raw(row)}.${sql.id(name)}`;
  const by = { account_id: (r: string) => col(r, 'account_id'), service_id: (r: string) => col(r, 'service_id'), app_user_id: (r: string) => sql`coalesce(${col(r, 'app_user_id')}, 0)` } satisfies Record<string, RowExpression>;
  const results = {
    valid: (r: string) => sql`CASE WHEN ${col(r, 'status')} = 1 THEN 1 ELSE 0 END`,
    invalid: (r: string) => sql`CASE WHEN ${col(r, 'status')} = 0 THEN 1 ELSE 0 END`,
    not_validated: (r: string) => sql`CASE WHEN ${col(r, 'status')} NOT IN (0, 1) THEN 1 ELSE 0 END`,
  } satisfies Record<string, RowExpression>;
  const hour: RowExpression = (r) => utcTimeSlot(dialect, col(r, 'scanned_at') as never, 60);
  await createCountTriggers(db, dialect, {
    name: 'scan_counts',
    source: 'scans',
    watched: ['account_id', 'service_id', 'app_user_id', 'status', 'scanned_at'],
    targets: [
      { table: 'scan_counts', keys: by, counts: results },
      { table: 'scan_counts_hourly', keys: { account_id: by.account_id, slot: hour, service_id: by.service_id, app_user_id: by.app_user_id }, counts: results },
      { table: 'scan_counts_account_hourly', keys: { account_id: by.account_id, slot: hour }, counts: results },
    ],
  });
}
