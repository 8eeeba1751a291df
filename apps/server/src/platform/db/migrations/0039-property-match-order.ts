import { sql, type Kysely } from 'kysely';
import { createCopiedColumnTrigger, timestampType } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Property match newest first (issue 18: p95 < 20 ms with 1M scans). A page of "property = value" sorted by the
 * scanned time had to read every matching scan's time from `scans` before it could sort and keep 50. The
 * properties now carry their scan's `scanned_at`, and one index `(account, name, value, scanned_at, scan)` hands
 * the page's scan ids out in order. Writers set it on insert; a trigger follows a scan whose time changes.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await db.schema.alterTable('scan_properties').addColumn('scanned_at', timestampType(dialect)).execute();
    await sql`UPDATE scan_properties SET scanned_at = s.scanned_at FROM scans s WHERE s.id = scan_properties.scan_id`.execute(db);
    await sql`ALTER TABLE scan_properties ALTER COLUMN scanned_at SET NOT NULL`.execute(db);
  } else {
    // SQLite adds a NOT NULL column only with a default (changing it needs a rebuild of the table); every insert sets it.
    await db.schema.alterTable('scan_properties').addColumn('scanned_at', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`UPDATE scan_properties SET scanned_at = (SELECT s.scanned_at FROM scans s WHERE s.id = scan_properties.scan_id)`.execute(db);
  }
  await db.schema.createIndex('scan_properties_time_idx').on('scan_properties').columns(['account_id', 'name', 'value', 'scanned_at', 'scan_id']).execute();
  // The new index answers every lookup the old (account, name, value, scan) one did: one index to keep up per property, as before.
  await db.schema.dropIndex('scan_properties_match_idx').execute();
  await createCopiedColumnTrigger(db, dialect, { name: 'scan_properties_scanned_at', source: 'scans', column: 'scanned_at', target: 'scan_properties', targetKey: 'scan_id' });
}
