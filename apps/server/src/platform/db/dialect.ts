import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
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
  const [t, f, c] = [sql.table(table), sql.table(fts), sql.ref(column)];
  // columnsize=0: no per-row size table (we never rank), which keeps imports cheaper.
  await sql`CREATE VIRTUAL TABLE ${f} USING fts5(${c}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram', columnsize=0)`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ai`)} AFTER INSERT ON ${t} BEGIN INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ad`)} AFTER DELETE ON ${t} BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_au`)} AFTER UPDATE OF ${c} ON ${t} WHEN old.${c} IS NOT new.${c} BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
}

/** Tables the dialect adds for substring indexes (rebuilt from their source; not exported). */
export function substringIndexTables(table: string): string[] {
  const fts = trigramTable(table);
  return [fts, `${fts}_data`, `${fts}_idx`, `${fts}_config`, `${fts}_docsize`, `${fts}_content`];
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
