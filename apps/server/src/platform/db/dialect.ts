import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type Kysely, type QueryExecutorProvider, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from './database.js';

// Every difference between SQLite and PostgreSQL lives in this file.

/** Adds an integer auto-increment primary key named `id`. */
export function withIdColumn<T extends string>(dialect: DialectName, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The column type for a UTC timestamp. */
export function timestampType(dialect: DialectName): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** The column type for a 64-bit integer. */
export function bigintType(dialect: DialectName): 'bigint' | 'integer' {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}

/** Case-insensitive equality on text (ids and emails are stored lower-cased where it matters). */
export function lowerEquals(column: Expression<string>, value: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) = ${value.toLowerCase()}`;
}

/** A NOT NULL column with a default, written the same on both dialects. */
export function notNullDefault(value: string | number) {
  return (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
}

/** The current time as ISO-8601 UTC text, the form every timestamp is written in. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * Lets concurrent claimers skip rows another transaction holds (PostgreSQL). SQLite has a single
 * writer, so the claiming UPDATE is atomic there without it.
 */
export function skipLocked<DB, TB extends keyof DB, O>(dialect: DialectName, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/** The SQLite full-text table that indexes `table.column` by trigrams (substring search). */
function trigramTable(table: string): string {
  return `${table}_fts`;
}

/**
 * Creates the substring index on `table.column` (3+ character terms): an external-content FTS5
 * trigram table kept current by triggers on SQLite, a pg_trgm GIN index on PostgreSQL.
 */
export async function createSubstringIndex(db: Kysely<unknown>, dialect: DialectName, table: string, column: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_${column}_trgm_idx`)} ON ${sql.table(table)} USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    return;
  }
  const fts = trigramTable(table);
  const [t, f, c, bulk] = [sql.table(table), sql.table(fts), sql.ref(column), sql.table(`${fts}_bulk`)];
  // columnsize=0: no per-row size table (we never rank), which keeps imports cheaper.
  await sql`CREATE VIRTUAL TABLE ${f} USING fts5(${c}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram', columnsize=0)`.execute(db);
  // While a bulk load runs (loading = 1) inserts are indexed in one statement at its end instead of row by row.
  // Updates never need it then: only the letter case of a value can change under its key, and trigrams ignore case.
  await sql`CREATE TABLE ${bulk} (loading INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO ${bulk} (loading) VALUES (0)`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ai`)} AFTER INSERT ON ${t} WHEN (SELECT loading FROM ${bulk}) = 0 BEGIN INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ad`)} AFTER DELETE ON ${t} BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_au`)} AFTER UPDATE OF ${c} ON ${t} WHEN old.${c} IS NOT new.${c} AND (SELECT loading FROM ${bulk}) = 0 BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
}

/**
 * Starts a bulk load into `table` inside the caller's transaction; answers the highest id before it,
 * which `endBulkLoad` needs. On SQLite the trigram index is then fed once at the end.
 */
export async function beginBulkLoad(db: QueryExecutorProvider, dialect: DialectName, table: string): Promise<number> {
  const row = await sql<{ m: number | null }>`SELECT MAX(id) AS m FROM ${sql.table(table)}`.execute(db);
  if (dialect === 'sqlite') await sql`UPDATE ${sql.table(`${trigramTable(table)}_bulk`)} SET loading = 1`.execute(db);
  return Number(row.rows[0]?.m ?? 0);
}

/** Ends a bulk load: indexes the rows added since `sinceId` (SQLite) and turns row-by-row indexing back on. */
export async function endBulkLoad(db: QueryExecutorProvider, dialect: DialectName, table: string, column: string, sinceId: number): Promise<void> {
  if (dialect !== 'sqlite') return;
  const fts = trigramTable(table);
  await sql`INSERT INTO ${sql.table(fts)}(rowid, ${sql.ref(column)}) SELECT id, ${sql.ref(column)} FROM ${sql.table(table)} WHERE id > ${sinceId}`.execute(db);
  await sql`UPDATE ${sql.table(`${fts}_bulk`)} SET loading = 0`.execute(db);
}

/** Tables the dialect adds for substring indexes (rebuilt from their source; not exported). */
export function substringIndexTables(table: string): string[] {
  const fts = trigramTable(table);
  return [fts, `${fts}_data`, `${fts}_idx`, `${fts}_config`, `${fts}_docsize`, `${fts}_content`, `${fts}_bulk`];
}

/**
 * A case-insensitive "column contains term" condition on `table` (whose key is `id`), through
 * the substring index for 3+ characters and a bounded scan for shorter terms.
 */
export function substringMatch(dialect: DialectName, table: string, column: string, term: string): RawBuilder<boolean> {
  const ref = sql.ref(`${table}.${column}`);
  if (dialect === 'postgres') {
    const pattern = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    return sql<boolean>`${ref} ILIKE ${pattern}`;
  }
  if ([...term].length < 3) return sql<boolean>`instr(lower(${ref}), ${term.toLowerCase()}) > 0`;
  // A quoted FTS5 phrase of trigrams matches exactly the rows that contain the term.
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return sql<boolean>`${sql.ref(`${table}.id`)} IN (SELECT rowid FROM ${sql.table(trigramTable(table))} WHERE ${sql.table(trigramTable(table))} MATCH ${phrase})`;
}

/** A case-insensitive "column contains term" condition without an index (short, bounded sets). */
export function containsText(dialect: DialectName, column: Expression<string>, term: string): RawBuilder<boolean> {
  const fn = dialect === 'postgres' ? sql`strpos` : sql`instr`;
  return sql<boolean>`${fn}(lower(${column}), ${term.toLowerCase()}) > 0`;
}

/**
 * The ids of rows whose column contains `term` (case-insensitive), ascending, as a table with one
 * column `id` to drive a query from; undefined when the dialect does better with `substringMatch`
 * (PostgreSQL's planner picks the trigram index itself; SQLite needs the FTS table as the outer loop).
 */
export function substringIds(dialect: DialectName, table: string, term: string): RawBuilder<{ id: number }> | undefined {
  if (dialect !== 'sqlite' || [...term].length < 3) return undefined;
  const fts = sql.table(trigramTable(table));
  return sql<{ id: number }>`(SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${`"${term.replace(/"/g, '""')}"`})`;
}

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Locks the selected rows until the transaction ends (PostgreSQL); SQLite's single writer needs no lock. */
export function lockForUpdate<DB, TB extends keyof DB, O>(dialect: DialectName, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * The elements of a JSON array given as one parameter, as rows `alias(value)`; `value ->> i` reads
 * item i of an element that is itself an array. Bulk writes pass a whole batch this way: one short
 * statement with one parameter instead of one placeholder per cell, which SQLite must prepare anew
 * for every batch.
 */
export function jsonArrayRows(dialect: DialectName, json: string, alias: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`jsonb_array_elements(CAST(${json} AS jsonb)) AS ${sql.id(alias)}(value)` : sql`json_each(${json}) AS ${sql.id(alias)}`;
}

/**
 * The UTC time slot an instant falls in, the hour (`minutes` 60) or its quarter (15), as a value whose
 * text starts `YYYY-MM-DDTHH` (hours on SQLite) or `YYYY-MM-DDTHH:MM`: statistics group by it and fold
 * slots into the viewer's zone in JS, which stays right across daylight-saving changes. SQLite holds ISO
 * text, so a cut of it; PostgreSQL holds timestamptz, truncated to a UTC timestamp (read back as ISO text
 * by the type parsers in database.ts; formatting every row with to_char made the grouping 2-4 times
 * slower). No bound parameters, so the same expression can be repeated in GROUP BY.
 */
export function utcTimeSlot(dialect: DialectName, column: Expression<string>, minutes: 60 | 15): RawBuilder<string> {
  if (dialect === 'postgres') {
    const utc = sql`(${column} AT TIME ZONE 'UTC')`;
    return minutes === 60 ? sql<string>`date_trunc('hour', ${utc})` : sql<string>`(date_trunc('hour', ${utc}) + floor(extract(minute from ${utc}) / 15) * interval '15 minutes')`;
  }
  return minutes === 60 ? sql<string>`substr(${column}, 1, 13)` : sql<string>`(substr(${column}, 1, 14) || printf('%02d', (CAST(substr(${column}, 15, 2) AS INTEGER) / 15) * 15))`;
}
