import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { lazyPackage } from '../lazy-package.js';
import type { Config } from '../../config.js';
import type { Database } from './schema.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, which dialect it speaks, and how to close it. */
export type Db = {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
};

// PostgreSQL hands back int8 (counts, bigint ids) as text and timestamptz as Date; the rest of
// the code base expects numbers and ISO-8601 text, the same as SQLite gives.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;

/** node-postgres, loaded only by installs that use PostgreSQL. */
export const pgPackage = lazyPackage<typeof pg>('pg');

function pgTypes(): pg.CustomTypesConfig {
  const parsers: Record<number, (value: string) => unknown> = {
    [PG_INT8]: (v) => Number(v),
    [PG_NUMERIC]: (v) => Number(v),
    [PG_TIMESTAMPTZ]: (v) => new Date(v).toISOString(),
    [PG_TIMESTAMP]: (v) => new Date(`${v}Z`).toISOString(),
  };
  return {
    getTypeParser: ((oid: number, format?: string) =>
      parsers[oid] ?? (pgPackage().types.getTypeParser(oid, format as 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** The SQLite database's file, which other connections (worker threads) can open too; null for PostgreSQL and in-memory SQLite. */
export function sqliteFileOf(database: Config['database']): string | null {
  return database.kind === 'sqlite' && database.file !== ':memory:' ? database.file : null;
}

/** Opens the configured database (SQLite file under DATA_DIR, or PostgreSQL). */
export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new (pgPackage().Pool)({ connectionString: database.url, max: 10, types: pgTypes() });
    // An idle connection can be cut by the server (restart, failover, admin command). pg reports it
    // on the pool; without a listener that would crash the process. The pool replaces the client.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = sqliteFileOf(database);
  if (file !== null) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // WAL + NORMAL: ~78k commits/s on our machines (FULL: ~9k). A power loss can lose the last
  // transactions committed before the crash but never corrupts the file; see docs/OPERATIONS.md.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${database.synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache instead of SQLite's 2 MiB: searches and counts over millions of scans read
  // the same index pages again and again.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  const checkpointer = file === null ? undefined : startWalCheckpointer(sqlite, file);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    kysely,
    dialect: 'sqlite',
    async close() {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running a simple
 * query (a scan runs about ten). Statements are kept by their SQL text (least recently used dropped
 * past `max`). Reuse is safe: the driver runs one query at a time on the connection.
 */
function withStatementCache(db: SQLite.Database, max = 2_000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text);
      } else {
        stmt = db.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, stmt);
      return stmt;
    },
  };
}
