import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

// Stands in for a named parameter while the query is built; never sent to the database.
const MARK = '\u0000prepared-param:';

/** The named parameters of a prepared query, each typed as the builder expects it. */
export type Params<P> = <K extends keyof P & string>(name: K) => P[K];

/**
 * A query that Kysely builds and compiles once, then runs with new parameter values: building and
 * compiling a query costs 30–60 µs, more than running a simple one (hot paths run several per request).
 * `build` gets stand-ins for the named parameters (`p('accountId')`) and must not branch on their values;
 * constants in it stay as they were compiled. SQLite keeps the statement prepared by its text
 * (`database.ts`), so the whole cost left per call is binding and running. Works on either dialect,
 * inside or outside a transaction (pass the transaction as `db`).
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, p: Params<P>) => { compile(db: Kysely<Database>): CompiledQuery<R> }): (db: Kysely<Database>, params: P) => Promise<R[]> {
  let compiled: PreparedText<R> | undefined;
  return async (db, params) => {
    compiled ??= preparedText(db, build, params);
    const { query, slots } = compiled;
    return (await db.executeQuery<R>({ ...query, parameters: bindSlots(slots, params) })).rows;
  };
}

/** One parameter of a compiled query: a name to fill in per call, or a constant of the query. */
export type Slot = { name: string | null; value: unknown };

/** A query compiled once: its text (in `db`'s dialect) and where each parameter comes from. */
export type PreparedText<R> = { query: CompiledQuery<R>; slots: Slot[] };

/**
 * Compiles `build` as `prepared` does, for running the same statement elsewhere (another connection, a worker thread):
 * bind with `bindSlots`. `example` lists the names a call will fill in (checked here).
 */
export function preparedText<P extends Record<string, unknown>, R>(db: Kysely<Database>, build: (db: Kysely<Database>, p: Params<P>) => { compile(db: Kysely<Database>): CompiledQuery<R> }, example: P): PreparedText<R> {
  const query = build(db, ((name: string) => `${MARK}${name}`) as Params<P>).compile(db);
  const slots = query.parameters.map((v) => (typeof v === 'string' && v.startsWith(MARK) ? { name: v.slice(MARK.length), value: undefined } : { name: null, value: v }));
  for (const { name } of slots) if (name !== null && !(name in example)) throw new Error(`prepared query: no value for ${name}`);
  return { query, slots };
}

/** The parameter values of one call of a compiled query, in order. */
export function bindSlots(slots: Slot[], params: Record<string, unknown>): unknown[] {
  return slots.map((s) => (s.name === null ? s.value : params[s.name]));
}
