import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The one-row `<table>_fts_bulk` flags (SQLite) paused the substring index's insert trigger during bulk loads
 * (0003, 0005). Both indexed tables are fed in batches now (scans since 0009, database values since 0043): no
 * trigger reads the flag any more, so the tables go.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`DROP TABLE IF EXISTS scans_fts_bulk`.execute(db);
  await sql`DROP TABLE IF EXISTS db_values_fts_bulk`.execute(db);
}
