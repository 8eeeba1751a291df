import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { deferSubstringIndex } from '../dialect.js';

/**
 * Scan ingest (issue 18): every index on `scans` is maintained on each insert, so only those a query
 * needs stay, and the trigram index of values is fed in batches instead of row by row (SQLite).
 * - `scans_value_idx (service_id, value)` served only conditional limits, which now read
 *   `scans_account_value_idx (account_id, value)` (the service is a filter on a handful of rows).
 * - The FTS5 insert trigger goes; `ScansRepo.indexPendingValues` indexes new scans in batches, and
 *   "value contains" reads the few scans not indexed yet directly (dialect.ts `substringMatch`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('scans_value_idx').execute();
  await deferSubstringIndex(db, dialect, 'scans', 'value');
}
