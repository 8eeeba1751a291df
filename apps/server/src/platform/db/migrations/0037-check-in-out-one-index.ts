import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Check in/out gate speed (issue 13 "Figures": the gate at >= 0.8 of a plain service). Every movement
 * rewrote the state row's entries in three secondary indexes (roster by state, newest first, counts). One
 * partial index of moved values now serves all three reads: the roster's first page walks it backwards in
 * (since, value_key) order (a state filter is checked on the entry), and the counts in and out read only it (it holds every column they need).
 * PostgreSQL's lock placeholders (moves = 0) are left out of it, so taking a lock writes no index entry.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('checkinout_states_roster_idx').execute();
  await db.schema.dropIndex('checkinout_states_recent_idx').execute();
  await db.schema.dropIndex('checkinout_states_counts_idx').execute();
  await db.schema
    .createIndex('checkinout_states_moved_idx')
    .on('checkinout_states')
    .columns(['account_id', 'service_id', 'since', 'value_key', 'state', 'moves'])
    .where(sql.ref('moves'), '>', sql.lit(0))
    .execute();
}
