import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The check in/out roster of a big instance (issue 13 "Figures": 100,000 people, first page with counts
 * p95 < 50 ms): the newest movements are read from an index in their order (no sort of every row), and the
 * counts in and out from an index that holds every column they need (no row reads).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('checkinout_states_recent_idx').on('checkinout_states').columns(['service_id', 'since', 'value_key']).execute();
  await db.schema.createIndex('checkinout_states_counts_idx').on('checkinout_states').columns(['account_id', 'service_id', 'state', 'moves']).execute();
}
