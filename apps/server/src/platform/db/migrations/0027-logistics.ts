import type { Kysely } from 'kysely';
import { timestampType } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Logistics (issue 14): where each package of an instance (a service of type `logistics`) is now: its
 * stage, since when, where (the location of the scan that moved it) and by whom; written by the engine in
 * the transaction of that scan. One row per (service, package value). The package list reads by
 * (account, service, since, value), in order; the counts and the late filter by (account, service, stage, final, since).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  // float4 would round a coordinate to about a metre on PostgreSQL.
  const coordinate = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('logistics_packages')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    // The stage's name ('' while the row only holds the lock of a package never moved).
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('final', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('since', ts, (c) => c.notNull())
    .addColumn('latitude', coordinate)
    .addColumn('longitude', coordinate)
    .addColumn('by_app_user_id', 'integer', (c) => c.references('app_users.id').onDelete('set null'))
    .addColumn('last_scan_id', 'integer', (c) => c.references('scans.id').onDelete('set null'))
    .addColumn('moves', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('logistics_packages_pk', ['service_id', 'value'])
    .execute();
  await db.schema.createIndex('logistics_packages_since_idx').on('logistics_packages').columns(['account_id', 'service_id', 'since', 'value']).execute();
  // The counts by stage and the late rule (stage, not delivered, since before its cutoff) are index ranges.
  await db.schema.createIndex('logistics_packages_stage_idx').on('logistics_packages').columns(['account_id', 'service_id', 'stage', 'final', 'since']).execute();
}
