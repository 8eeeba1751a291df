import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { sql, type Kysely } from 'kysely';
import type { Db } from './database.js';
import { indexPendingSubstrings } from './dialect.js';
import type { Database } from './schema.js';
import { tablesInOrder } from './tables.js';

const FORMAT = 'scanbase-export';
const BATCH = 500;

type Row = Record<string, unknown>;
// The export walks every table generically, so it needs an untyped view of the schema.
type AnyDb = Kysely<Record<string, Row>>;

/** Writes every row of every table to a JSON Lines file; answers rows written per table. */
export async function exportData(db: Db, file: string): Promise<Record<string, number>> {
  const k = db.kysely as unknown as AnyDb;
  const out = fs.createWriteStream(file);
  const write = async (obj: unknown) => {
    if (!out.write(`${JSON.stringify(obj)}\n`)) await once(out, 'drain');
  };
  const counts: Record<string, number> = {};
  await write({ format: FORMAT, version: 1, dialect: db.dialect, exportedAt: new Date().toISOString() });
  for (const { name, key } of tablesInOrder) {
    counts[name] = 0;
    if (key === null) {
      for (const row of await k.selectFrom(name).selectAll().execute()) {
        await write({ t: name, r: row });
        counts[name]++;
      }
      continue;
    }
    let after = 0;
    for (;;) {
      const rows = await k.selectFrom(name).selectAll().where(key, '>', after).orderBy(key).limit(BATCH).execute();
      for (const row of rows) await write({ t: name, r: row });
      counts[name] += rows.length;
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]?.[key]);
    }
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return counts;
}

/** Loads an export into an empty, migrated database in one transaction; answers rows read per table. */
export async function importData(db: Db, file: string): Promise<Record<string, number>> {
  const typed: Kysely<Database> = db.kysely;
  const existing = await typed.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) throw new Error('The target database already holds accounts; import only into a new, empty install.');
  const known = new Set<string>(tablesInOrder.map((t) => t.name));
  const counts: Record<string, number> = {};
  await typed.transaction().execute(async (trx) => {
    // Opened here, not before BEGIN: lines read while PostgreSQL starts the transaction would be lost.
    const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
    const k = trx as unknown as AnyDb;
    let header = false;
    let pending: { table: string; rows: Row[] } = { table: '', rows: [] };
    let lineNo = 0;
    let propertiesWithoutTime = false;
    const flush = async () => {
      if (pending.rows.length > 0) await k.insertInto(pending.table).values(pending.rows).execute();
      pending = { table: pending.table, rows: [] };
    };
    for await (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      const obj = JSON.parse(line) as { format?: string; t?: string; r?: Row };
      if (!header) {
        if (obj.format !== FORMAT) throw new Error(`${file} is not a Scanbase export (line 1).`);
        header = true;
        continue;
      }
      if (!obj.t || !obj.r || !known.has(obj.t)) throw new Error(`Line ${lineNo}: unknown table ${String(obj.t)}.`);
      if (obj.t !== pending.table) {
        await flush();
        pending = { table: obj.t, rows: [] };
      }
      // Exports made before migration 0039 have no scan time on properties: filled from the scans after the load.
      if (obj.t === 'scan_properties' && obj.r.scanned_at === undefined) {
        obj.r.scanned_at = new Date(0).toISOString();
        propertiesWithoutTime = true;
      }
      pending.rows.push(obj.r);
      counts[obj.t] = (counts[obj.t] ?? 0) + 1;
      if (pending.rows.length >= BATCH) await flush();
    }
    await flush();
    if (!header) throw new Error(`${file} is empty.`);
    if (propertiesWithoutTime) await sql`UPDATE scan_properties SET scanned_at = (SELECT s.scanned_at FROM scans s WHERE s.id = scan_properties.scan_id)`.execute(trx);
    // Scans' substring index is fed in batches (SQLite, migration 0009): take every imported scan now, in one statement.
    await indexPendingSubstrings(trx, db.dialect, 'scans', Number.MAX_SAFE_INTEGER);
    if (db.dialect === 'postgres') {
      // Explicit ids do not move PostgreSQL sequences; move each past the highest id imported.
      for (const { name, key } of tablesInOrder) {
        if (key === null) continue;
        await sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(name)}), 0) + 1, false)`.execute(trx);
      }
    }
  });
  return counts;
}
