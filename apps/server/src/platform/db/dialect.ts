import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type Kysely, type QueryExecutorProvider, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
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

/**
 * Folds A-Z to a-z and nothing else. SQLite's lower() folds only ASCII letters, and so does PostgreSQL's under
 * `COLLATE "C"`, whatever the server's locale; JavaScript's toLowerCase() folds every letter. Comparing a
 * toLowerCase()d value with lower(column) therefore missed names such as "Ünit" on both databases.
 */
export function foldAsciiCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** lower(column), folding A-Z only on both databases (see foldAsciiCase). */
export function lowerAscii(dialect: DialectName, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`lower(${column} COLLATE "C")` : sql<string>`lower(${column})`;
}

/** Case-insensitive equality on text, A-Z folded the same way on both databases (names with other letters match as written). */
export function lowerEquals(dialect: DialectName, column: Expression<string>, value: string): RawBuilder<boolean> {
  return sql<boolean>`${lowerAscii(dialect, column)} = ${foldAsciiCase(value)}`;
}

/** The column for a byte-wise sort, the same on both databases (SQLite's default BINARY, PostgreSQL's "C"). */
export function byteOrder(dialect: DialectName, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`${column} COLLATE "C"` : sql<string>`${column}`;
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
  // While a bulk load ran (loading = 1) inserts were indexed in one statement at its end instead of row by row. Both
  // indexed tables have since been deferred (0009, 0043), which drops these triggers, and 0044 drops the flag table.
  await sql`CREATE TABLE ${bulk} (loading INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO ${bulk} (loading) VALUES (0)`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ai`)} AFTER INSERT ON ${t} WHEN (SELECT loading FROM ${bulk}) = 0 BEGIN INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ad`)} AFTER DELETE ON ${t} BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_au`)} AFTER UPDATE OF ${c} ON ${t} WHEN old.${c} IS NOT new.${c} AND (SELECT loading FROM ${bulk}) = 0 BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
}

/**
 * Tables whose SQLite substring index is fed in batches rather than by an insert trigger (`deferSubstringIndex`),
 * with the column it indexes. Scans arrive one by one under load: a trigram row per insert, and an FTS5 segment
 * written per commit, cost about as much as the rest of storing the scan. A database's values arrive by imports of a
 * million: building their index was a quarter of the import (migration 0043); `SubstringFeeder` feeds it after.
 */
const deferredSubstringIndexes: ReadonlyMap<string, string> = new Map([
  ['scans', 'value'],
  ['db_values', 'value'],
]);

/** The one-row table holding the highest id of a deferred table that its substring index holds. */
function indexedUpTo(table: string): string {
  return `${trigramTable(table)}_upto`;
}

/**
 * Moves `table`'s substring index off the insert path (SQLite; PostgreSQL's GIN index batches its own
 * insertions): rows are indexed later, in batches, by `indexPendingSubstrings`; rows above the
 * watermark are not in the index yet and `substringMatch` reads them directly, so a search finds a row
 * as soon as it is stored. Deletes and updates of indexed rows still go through triggers.
 */
export async function deferSubstringIndex(db: Kysely<unknown>, dialect: DialectName, table: string, column: string): Promise<void> {
  if (dialect === 'postgres') return;
  if (deferredSubstringIndexes.get(table) !== column) throw new Error(`${table}.${column} is not listed in deferredSubstringIndexes`);
  const fts = trigramTable(table);
  const [t, f, c, upto] = [sql.table(table), sql.table(fts), sql.ref(column), sql.table(indexedUpTo(table))];
  await sql`DROP TRIGGER ${sql.id(`${fts}_ai`)}`.execute(db);
  await sql`DROP TRIGGER ${sql.id(`${fts}_ad`)}`.execute(db);
  await sql`DROP TRIGGER ${sql.id(`${fts}_au`)}`.execute(db);
  // Every row so far was indexed by the insert trigger.
  await sql`CREATE TABLE ${upto} (upto INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO ${upto} (upto) SELECT COALESCE(MAX(id), 0) FROM ${t}`.execute(db);
  // A row not indexed yet must not be removed from the index (FTS5 would take out trigrams it never had).
  await sql`CREATE TRIGGER ${sql.id(`${fts}_ad`)} AFTER DELETE ON ${t} WHEN old.id <= (SELECT upto FROM ${upto}) BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_au`)} AFTER UPDATE OF ${c} ON ${t} WHEN old.${c} IS NOT new.${c} AND old.id <= (SELECT upto FROM ${upto}) BEGIN INSERT INTO ${f}(${f}, rowid, ${c}) VALUES ('delete', old.id, old.${c}); INSERT INTO ${f}(rowid, ${c}) VALUES (new.id, new.${c}); END`.execute(db);
}

/** How many rows of a deferred table (ids above the watermark) wait for the substring index; 0 elsewhere. */
export async function pendingSubstringRows(db: QueryExecutorProvider, dialect: DialectName, table: string): Promise<number> {
  if (dialect !== 'sqlite' || !deferredSubstringIndexes.has(table)) return 0;
  const { rows } = await sql<{ n: number | null }>`SELECT (SELECT MAX(id) FROM ${sql.table(table)}) - upto AS n FROM ${sql.table(indexedUpTo(table))}`.execute(db);
  return Math.max(0, Number(rows[0]?.n ?? 0));
}

/**
 * Indexes up to `limit` ids above the watermark of a deferred table and moves the watermark past them
 * (call inside a transaction; SQLite has one writer, so no row at or below the new watermark can arrive
 * later: ids only grow). Answers how many ids it covered; 0 when nothing waits or on PostgreSQL.
 */
export async function indexPendingSubstrings(db: QueryExecutorProvider, dialect: DialectName, table: string, limit: number): Promise<number> {
  const column = deferredSubstringIndexes.get(table);
  if (dialect !== 'sqlite' || column === undefined) return 0;
  const [t, upto] = [sql.table(table), sql.table(indexedUpTo(table))];
  const { rows } = await sql<{ upto: number; last: number | null }>`SELECT upto, (SELECT MAX(id) FROM ${t}) AS last FROM ${upto}`.execute(db);
  const from = Number(rows[0]?.upto ?? 0);
  const to = Math.min(Number(rows[0]?.last ?? 0), from + limit);
  if (to <= from) return 0;
  await sql`INSERT INTO ${sql.table(trigramTable(table))}(rowid, ${sql.ref(column)}) SELECT id, ${sql.ref(column)} FROM ${t} WHERE id > ${from} AND id <= ${to}`.execute(db);
  await sql`UPDATE ${upto} SET upto = ${to}`.execute(db);
  return to - from;
}

/** Tables the dialect adds for substring indexes (rebuilt from their source; not exported). */
export function substringIndexTables(table: string): string[] {
  const fts = trigramTable(table);
  return [fts, `${fts}_data`, `${fts}_idx`, `${fts}_config`, `${fts}_docsize`, `${fts}_content`, ...(deferredSubstringIndexes.has(table) ? [indexedUpTo(table)] : [])];
}

/**
 * The words of `term` to look up in a substring index: its runs of 3+ ASCII letters or digits ('T-0042' gives
 * ['0042']), or just the term when the runs are the whole term, none is 3 long ('a-b-c'), or the term has other
 * than ASCII characters. Trigrams that span punctuation or begin a word ('T-0', '-00' in FTS5, '  0' in pg_trgm)
 * are in nearly every value shaped like TICKET-0…, and reading their lists cost more than the rest of the search;
 * a row found through the runs is then checked for the whole term (`substringMatch`).
 */
export function trigramWords(term: string): string[] {
  // Past ASCII the databases fold case differently from the index (FTS5 folds every letter, SQLite's lower() only A-Z).
  if (!/^[\x20-\x7e]*$/.test(term)) return [term];
  const runs = term.match(/[A-Za-z0-9]{3,}/g) ?? [];
  return runs.length === 0 ? [term] : runs;
}

/**
 * A case-insensitive "column contains term" condition on `table` (whose key is `id`), through
 * the substring index for 3+ characters and a bounded scan for shorter terms. The index is asked
 * for `trigramWords(term)`; when they are not the whole term, each row found is checked for it.
 */
export function substringMatch(dialect: DialectName, table: string, column: string, term: string): RawBuilder<boolean> {
  const ref = sql.ref<string>(`${table}.${column}`);
  const words = trigramWords(term);
  // The runs are ASCII letters and digits here, so lower-casing the term in JS folds it as lower() does on both databases.
  const recheck = words.length === 1 && words[0] === term ? undefined : containsText(dialect, ref, term);
  if (dialect === 'postgres') {
    const ilike = words.map((word) => sql<boolean>`${ref} ILIKE ${`%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    return sql<boolean>`(${sql.join([...ilike, ...(recheck ? [recheck] : [])], sql` AND `)})`;
  }
  // foldAsciiCase, not toLowerCase: lower() leaves other letters as written, so "Ünit" must stay "Ünit" to be found.
  if ([...term].length < 3) return sql<boolean>`instr(lower(${ref}), ${foldAsciiCase(term)}) > 0`;
  // Quoted FTS5 phrases of trigrams, all required: a row that contains the term has every one.
  const query = words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
  const fts = sql.table(trigramTable(table));
  const withRecheck = (found: RawBuilder<boolean>) => (recheck ? sql<boolean>`(${found} AND ${recheck})` : found);
  if (!deferredSubstringIndexes.has(table)) return withRecheck(sql<boolean>`${sql.ref(`${table}.id`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query})`);
  // Rows above the watermark are not indexed yet: read directly (a range of the newest ids, about a thousand).
  // One IN list, not an OR: with an OR SQLite gives up driving the query from the matches and reads every row.
  return withRecheck(
    sql<boolean>`${sql.ref(`${table}.id`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query} UNION ALL SELECT pending.id FROM ${sql.table(table)} AS pending WHERE pending.id > (SELECT upto FROM ${sql.table(indexedUpTo(table))}) AND instr(lower(${sql.ref(`pending.${column}`)}), ${foldAsciiCase(term)}) > 0)`,
  );
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
 * For a deferred index these are the indexed rows only: `substringTailIds` has the rest, all with higher ids.
 * (In one UNION ALL SQLite sorts every match before the first page: 84 ms against 0.03 ms for a term in
 * every value of a million.)
 */
export function substringIds(dialect: DialectName, table: string, term: string): RawBuilder<{ id: number }> | undefined {
  if (dialect !== 'sqlite' || [...term].length < 3) return undefined;
  const fts = sql.table(trigramTable(table));
  return sql<{ id: number }>`(SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${`"${term.replace(/"/g, '""')}"`})`;
}

/**
 * With `substringIds`, on a deferred index: the ids of the rows above its watermark (not indexed yet) that
 * contain `term`, read directly, ascending; undefined where `substringIds` has them all.
 */
export function substringTailIds(dialect: DialectName, table: string, term: string): RawBuilder<{ id: number }> | undefined {
  const column = deferredSubstringIndexes.get(table);
  if (dialect !== 'sqlite' || [...term].length < 3 || column === undefined) return undefined;
  return sql<{ id: number }>`(SELECT id FROM ${sql.table(table)} WHERE id > (SELECT upto FROM ${sql.table(indexedUpTo(table))}) AND instr(lower(${sql.ref(column)}), ${foldAsciiCase(term)}) > 0)`;
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

/** A table stored in its primary key's order (SQLite `WITHOUT ROWID`: one B-tree, so a key range is read without a lookup per row); PostgreSQL has no such option. */
export function clusteredByKey<T extends string, C extends string>(dialect: DialectName, table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> {
  return dialect === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table;
}

/** The column type of a UTC hour slot as `utcTimeSlot(…, 60)` computes it: `YYYY-MM-DDTHH` text on SQLite, a UTC `timestamp` on PostgreSQL. */
export function utcHourSlotType(dialect: DialectName): 'text' | 'timestamp' {
  return dialect === 'postgres' ? 'timestamp' : 'text';
}

/** The UTC hour slot starting at `ms` (a whole hour), as a parameter compared with a column of `utcHourSlotType`. */
export function utcHourSlotValue(dialect: DialectName, ms: number): string {
  const iso = new Date(ms).toISOString();
  return dialect === 'postgres' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00:00` : iso.slice(0, 13);
}

/** The UTC quarter-hour slot starting at `ms` (a whole quarter hour; a whole hour will do), as a parameter compared with a quarter-slot column (`scan_counts_account_quarter_hourly.slot`, `YYYY-MM-DDTHH:MM` text on SQLite). */
export function utcQuarterSlotValue(dialect: DialectName, ms: number): string {
  const iso = new Date(ms).toISOString();
  return dialect === 'postgres' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}:00` : iso.slice(0, 16);
}

/** The UTC hour of a quarter-slot column, as `utcTimeSlot(…, 60)` gives it for a scan in that quarter. */
export function utcHourOfQuarterSlot(dialect: DialectName, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`date_trunc('hour', ${column})` : sql<string>`substr(${column}, 1, 13)`;
}

/** Text holding a `utcQuarterSlotValue` (read from JSON, say) as a value comparable with a slot column: a timestamp on PostgreSQL, the text itself on SQLite. */
export function slotFromText(dialect: DialectName, text: Expression<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`CAST(${text} AS timestamp)` : sql<string>`${text}`;
}

/** A SQL expression over one source row, given the row's alias (`new`, `old`, or a table alias). */
export type RowExpression = (row: string) => RawBuilder<unknown>;

/**
 * Count tables kept by triggers on `source`, inside the statement (so the transaction) that changes a row:
 * each target's row is keyed by `keys` and holds `counts`, each a 0/1 expression of the source row
 * (summed). Inserts add, deletes subtract, and an update of a `watched` column (every column the
 * expressions read) moves the row's counts from its old key to its new one.
 */
export type CountTables = {
  /** Prefix of the trigger (and PostgreSQL function) names. */
  name: string;
  source: string;
  watched: string[];
  targets: { table: string; keys: Record<string, RowExpression>; counts: Record<string, RowExpression> }[];
};

/**
 * How `createCountTriggers` treats an install that has them already: `replace` drops triggers of the same
 * name first (SQLite keeps an existing trigger; PostgreSQL's are always re-created), and `fill` names the
 * targets recounted from the source (default all; a later migration that adds one target counts only it).
 */
export type CountTriggerOptions = { replace?: boolean; fill?: readonly string[] };

/**
 * Creates the triggers of `CountTables` and fills the targets from the source's current rows (call in
 * one transaction, or before anything else writes; running it again recounts). SQLite: row triggers, one upsert per target.
 * PostgreSQL: statement triggers over transition tables for inserts and deletes (a batch of rows is one
 * grouped upsert per target, keys in order so concurrent writers lock count rows in the same order),
 * and a row trigger for updates of the watched columns.
 */
export async function createCountTriggers(db: Kysely<unknown>, dialect: DialectName, spec: CountTables, options: CountTriggerOptions = {}): Promise<void> {
  const list = (items: RawBuilder<unknown>[]) => sql.join(items, sql`, `);
  const id = (name: string) => sql.id(name);
  const upsert = (t: CountTables['targets'][number], rows: RawBuilder<unknown>, alias: string, sign: RawBuilder<unknown>, grouped: boolean) => {
    const keyNames = Object.keys(t.keys);
    const countNames = Object.keys(t.counts);
    const keyExprs = keyNames.map((k) => t.keys[k]!(alias));
    const countExprs = countNames.map((c) => (grouped ? sql`sum(${sign} * (${t.counts[c]!(alias)}))` : sql`${sign} * (${t.counts[c]!(alias)})`));
    const target = sql.table(t.table);
    const columns = list([...keyNames, ...countNames].map(id));
    const sets = list(countNames.map((c) => sql`${id(c)} = ${target}.${id(c)} + excluded.${id(c)}`));
    const conflict = sql`ON CONFLICT (${list(keyNames.map(id))}) DO UPDATE SET ${sets}`;
    if (!grouped) return sql`INSERT INTO ${target} (${columns}) VALUES (${list([...keyExprs, ...countExprs])}) ${conflict}`;
    const positions = list(keyNames.map((_, i) => sql.raw(String(i + 1))));
    // The SELECT always has a WHERE: SQLite would otherwise read ON CONFLICT as a join constraint.
    return sql`INSERT INTO ${target} (${columns}) SELECT ${list([...keyExprs, ...countExprs])} FROM ${rows} WHERE true GROUP BY ${positions} ORDER BY ${positions} ${conflict}`;
  };
  const changed = (o: string, n: string) => sql.join(spec.watched.map((c) => (dialect === 'postgres' ? sql`${sql.raw(o)}.${id(c)} IS DISTINCT FROM ${sql.raw(n)}.${id(c)}` : sql`${sql.raw(o)}.${id(c)} IS NOT ${sql.raw(n)}.${id(c)}`)), sql` OR `);
  const source = sql.table(spec.source);
  const watched = list(spec.watched.map(id));
  const plus = sql.raw('1');
  const minus = sql.raw('-1');

  if (dialect === 'sqlite') {
    const body = (parts: RawBuilder<unknown>[]) => sql.join(parts.map((p) => sql`${p};`), sql` `);
    const [ins, del, upd] = ['ai', 'ad', 'au'].map((s) => id(`${spec.name}_${s}`));
    if (options.replace) for (const trigger of [ins, del, upd]) await sql`DROP TRIGGER IF EXISTS ${trigger}`.execute(db);
    await sql`CREATE TRIGGER IF NOT EXISTS ${ins} AFTER INSERT ON ${source} BEGIN ${body(spec.targets.map((t) => upsert(t, sql``, 'new', plus, false)))} END`.execute(db);
    await sql`CREATE TRIGGER IF NOT EXISTS ${del} AFTER DELETE ON ${source} BEGIN ${body(spec.targets.map((t) => upsert(t, sql``, 'old', minus, false)))} END`.execute(db);
    await sql`CREATE TRIGGER IF NOT EXISTS ${upd} AFTER UPDATE OF ${watched} ON ${source} WHEN ${changed('old', 'new')} BEGIN ${body(spec.targets.flatMap((t) => [upsert(t, sql``, 'old', minus, false), upsert(t, sql``, 'new', plus, false)]))} END`.execute(db);
  } else {
    const fn = (suffix: string, statements: RawBuilder<unknown>[]) =>
      sql`CREATE OR REPLACE FUNCTION ${id(`${spec.name}_${suffix}`)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`BEGIN\n${statements.map((s) => `${s.compile(db).sql};`).join('\n')}\nRETURN NULL;\nEND`)}`.execute(db);
    await fn('ins', spec.targets.map((t) => upsert(t, sql`new_rows AS r`, 'r', plus, true)));
    await fn('del', spec.targets.map((t) => upsert(t, sql`old_rows AS r`, 'r', minus, true)));
    // The old row's counts leave its key and the new row's arrive at its key (the same key when only a counted column changed).
    const both = sql`(SELECT -1 AS sign, ${list(spec.watched.map((c) => sql`OLD.${id(c)} AS ${id(c)}`))} UNION ALL SELECT 1, ${list(spec.watched.map((c) => sql`NEW.${id(c)}`))}) AS r`;
    await fn('upd', spec.targets.map((t) => upsert(t, both, 'r', sql.raw('r.sign'), true)));
    const trigger = async (suffix: string, when: RawBuilder<unknown>) => {
      await sql`DROP TRIGGER IF EXISTS ${id(`${spec.name}_${suffix}`)} ON ${source}`.execute(db);
      await sql`CREATE TRIGGER ${id(`${spec.name}_${suffix}`)} ${when} EXECUTE FUNCTION ${id(`${spec.name}_${suffix}`)}()`.execute(db);
    };
    await trigger('ins', sql`AFTER INSERT ON ${source} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT`);
    await trigger('del', sql`AFTER DELETE ON ${source} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT`);
    await trigger('upd', sql`AFTER UPDATE OF ${watched} ON ${source} FOR EACH ROW WHEN (${changed('OLD', 'NEW')})`);
  }
  // Counts of the rows already there (a migration on an existing install).
  for (const t of spec.targets) {
    if (options.fill && !options.fill.includes(t.table)) continue;
    await sql`DELETE FROM ${sql.table(t.table)}`.execute(db);
    await upsert(t, sql`${source} AS r`, 'r', plus, true).execute(db);
  }
}

/**
 * Keeps a copy of `source.column` on the rows of `target` whose `targetKey` is the source row's id: an update
 * that changes the column on `source` writes the new value to those rows in the same statement (so the same
 * transaction). Inserts are the writers' job (they know the value already).
 */
export async function createCopiedColumnTrigger(db: Kysely<unknown>, dialect: DialectName, spec: { name: string; source: string; column: string; target: string; targetKey: string }): Promise<void> {
  const [name, source, target, column, key] = [sql.id(spec.name), sql.table(spec.source), sql.table(spec.target), sql.id(spec.column), sql.id(spec.targetKey)];
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER IF NOT EXISTS ${name} AFTER UPDATE OF ${column} ON ${source} WHEN old.${column} IS NOT new.${column} BEGIN UPDATE ${target} SET ${column} = new.${column} WHERE ${key} = new.id; END`.execute(db);
    return;
  }
  const body = sql`UPDATE ${target} SET ${column} = NEW.${column} WHERE ${key} = NEW.id`.compile(db).sql;
  await sql`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`BEGIN\n${body};\nRETURN NULL;\nEND`)}`.execute(db);
  await sql`DROP TRIGGER IF EXISTS ${name} ON ${source}`.execute(db);
  await sql`CREATE TRIGGER ${name} AFTER UPDATE OF ${column} ON ${source} FOR EACH ROW WHEN (OLD.${column} IS DISTINCT FROM NEW.${column}) EXECUTE FUNCTION ${name}()`.execute(db);
}

/**
 * Whether concurrent writes of one kind share one transaction (group commit). SQLite has one writer and
 * pays for every commit (a WAL frame per page touched, an FTS segment), so scans stored at the same moment
 * commit together. PostgreSQL already flushes concurrent commits together, and a shared transaction
 * there would hold each scan's row lock until the others are done (and two batches could deadlock).
 */
export function groupsCommits(dialect: DialectName): boolean {
  return dialect === 'sqlite';
}

/**
 * The rows of a subquery as one JSON array column, so that a parent row and its few children come in one
 * query; read the column with `jsonRows`. (SQLite answers JSON text, node-pg parses PostgreSQL's json.)
 */
export function jsonRowsOf<O>(dialect: DialectName, query: Parameters<typeof sqliteJsonArrayFrom<O>>[0]): RawBuilder<unknown> {
  return dialect === 'postgres' ? pgJsonArrayFrom(query) : sqliteJsonArrayFrom(query);
}

/** The rows of a `jsonRowsOf` column. */
export function jsonRows<O>(value: unknown): O[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as O[];
}

/**
 * An aggregate of rows as one JSON array of tuples (each row's `items` as a JSON array), in `order`: a whole
 * batch of rows in one value, which the driver hands over as one string (SQLite) or parses once (node-pg)
 * instead of building an object per row. Over no rows: `[]` on SQLite, null on PostgreSQL; read the column
 * with `jsonTuples`. Timestamps go in through `isoText`. Without `order` the tuples come in the order the
 * rows are read (an ordered subquery's, in practice, but not promised: the reader checks it).
 */
export function jsonTuplesAgg(dialect: DialectName, items: Expression<unknown>[], order: Expression<unknown>[]): RawBuilder<unknown> {
  const values = sql.join(items);
  const by = order.length > 0 ? sql` ORDER BY ${sql.join(order)}` : sql``;
  return dialect === 'postgres' ? sql`json_agg(json_build_array(${values})${by})` : sql`json_group_array(json_array(${values})${by})`;
}

const noTuples: never[] = [];

/** The tuples of a `jsonTuplesAgg` column (SQLite answers JSON text, node-pg parses PostgreSQL's json; null is none). */
export function jsonTuples<T>(value: unknown): readonly T[] {
  if (value === null || value === undefined || value === '[]') return noTuples;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/**
 * A timestamp as the ISO-8601 text the code reads everywhere (`2026-03-07T12:00:00.000Z`, what
 * `Date.toISOString` writes), for JSON built by the database: SQLite stores that text already; PostgreSQL's
 * timestamptz would otherwise be written in the session's zone and without fixed milliseconds.
 */
export function isoText(dialect: DialectName, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : sql<string>`${column}`;
}
