import { sql, type Kysely } from 'kysely';
import { clusteredByKey, createCountTriggers, utcHourSlotType, type RowExpression } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * The account's scan counters per UTC quarter hour (`scan_counts_account_quarter_hourly`) instead of per
 * UTC hour (`scan_counts_account_hourly`, dropped). A zone whose offset is not whole hours (India +5:30,
 * Nepal +5:45) starts its days inside a UTC hour, so hourly rows could not be folded into its days and an
 * unfiltered chart there counted the scans; every offset in use is a multiple of 15 minutes, so quarter
 * rows fold into the buckets of any zone (in SQL: docs/SCANS.md). Still one account row written per scan.
 *
 * The triggers of migration 0008 are re-created with the new table in place of the old one (the same
 * statements otherwise, copied here so that this migration keeps meaning what it meant when it shipped),
 * and the new table is counted from the existing scans; the other counters are left as they are.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await clusteredByKey(
    dialect,
    db.schema
      .createTable('scan_counts_account_quarter_hourly')
      .ifNotExists()
      .addColumn('account_id', 'integer', (c) => c.notNull())
      // The same column type as the hourly slots: `YYYY-MM-DDTHH:MM` text on SQLite, a UTC timestamp on PostgreSQL.
      .addColumn('slot', utcHourSlotType(dialect), (c) => c.notNull())
      .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('not_validated', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('scan_counts_account_quarter_hourly_pk', ['account_id', 'slot']),
  ).execute();

  const col = (row: string, name: string) => sql`${sql.raw(row)}.${sql.id(name)}`;
  const by = { account_id: (r: string) => col(r, 'account_id'), service_id: (r: string) => col(r, 'service_id'), app_user_id: (r: string) => sql`coalesce(${col(r, 'app_user_id')}, 0)` } satisfies Record<string, RowExpression>;
  const results = {
    valid: (r: string) => sql`CASE WHEN ${col(r, 'status')} = 1 THEN 1 ELSE 0 END`,
    invalid: (r: string) => sql`CASE WHEN ${col(r, 'status')} = 0 THEN 1 ELSE 0 END`,
    not_validated: (r: string) => sql`CASE WHEN ${col(r, 'status')} NOT IN (0, 1) THEN 1 ELSE 0 END`,
  } satisfies Record<string, RowExpression>;
  // The UTC hour and quarter hour of the scanned time (ISO text on SQLite, timestamptz on PostgreSQL).
  const hour: RowExpression = (r) => (dialect === 'postgres' ? sql`date_trunc('hour', (${col(r, 'scanned_at')} AT TIME ZONE 'UTC'))` : sql`substr(${col(r, 'scanned_at')}, 1, 13)`);
  const quarter: RowExpression = (r) =>
    dialect === 'postgres'
      ? sql`(date_trunc('hour', (${col(r, 'scanned_at')} AT TIME ZONE 'UTC')) + floor(extract(minute from (${col(r, 'scanned_at')} AT TIME ZONE 'UTC')) / 15) * interval '15 minutes')`
      : sql`(substr(${col(r, 'scanned_at')}, 1, 14) || printf('%02d', (CAST(substr(${col(r, 'scanned_at')}, 15, 2) AS INTEGER) / 15) * 15))`;
  await createCountTriggers(
    db,
    dialect,
    {
      name: 'scan_counts',
      source: 'scans',
      watched: ['account_id', 'service_id', 'app_user_id', 'status', 'scanned_at'],
      targets: [
        { table: 'scan_counts', keys: by, counts: results },
        { table: 'scan_counts_hourly', keys: { account_id: by.account_id, slot: hour, service_id: by.service_id, app_user_id: by.app_user_id }, counts: results },
        { table: 'scan_counts_account_quarter_hourly', keys: { account_id: by.account_id, slot: quarter }, counts: results },
      ],
    },
    { replace: true, fill: ['scan_counts_account_quarter_hourly'] },
  );
  await db.schema.dropTable('scan_counts_account_hourly').ifExists().execute();
}
