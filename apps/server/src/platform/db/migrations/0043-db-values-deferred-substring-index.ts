import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { deferSubstringIndex } from '../dialect.js';

/**
 * Database imports (issue 18: 1M values at >= 0.37 of a raw insert). The trigram index of values was built at the
 * end of each import in one statement, about a quarter of its time (1.0 of 4.0 s for 1M values). On SQLite it is now
 * fed after the import commits, in batches (`SubstringFeeder`), as scans' is (0009); "value contains" reads the
 * values not indexed yet directly meanwhile (dialect.ts `substringMatch`, `substringIds`). PostgreSQL's GIN index is
 * unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await deferSubstringIndex(db, dialect, 'db_values', 'value');
}
