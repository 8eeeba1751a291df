import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Account settings of `account/settings/` (issue 15): company details beside the company name, the date and time
 * formats the web app shows, and how long scans are kept (null: for ever; a daily job deletes older ones). Decisions in
 * docs/ACCOUNT-TEAM-SETTINGS.md.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('company_address', 'text', notNullDefault(''))
    .execute();
  await db.schema.alterTable('accounts').addColumn('company_phone', 'text', notNullDefault('')).execute();
  await db.schema.alterTable('accounts').addColumn('date_format', 'text', notNullDefault('d MMM yyyy')).execute();
  await db.schema.alterTable('accounts').addColumn('time_format', 'text', notNullDefault('24h')).execute();
  await db.schema.alterTable('accounts').addColumn('scan_retention_days', 'integer').execute();
}
