import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../db/database.js';
import { InProcessEventBus, PostgresEventBus, type EventBus } from './event-bus.js';

/** In-process events on SQLite (one process); LISTEN/NOTIFY on PostgreSQL (any number of processes). */
export function createEventBus(config: Config, db: Db): EventBus {
  if (config.database.kind !== 'postgres') return new InProcessEventBus();
  return new PostgresEventBus(config.database.url, async (channel, payload) => {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db.kysely);
  });
}
