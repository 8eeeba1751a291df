import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { createPgDatabase, postgresUrl } from '../../../test/test-app.js';
import { openDatabase, type Db } from '../database.js';
import { migrations } from './index.js';

/** Runs the migrations before `stop` (exclusive), as a database made by an older release has them. */
export async function migrateBefore(db: Db, stop: string): Promise<void> {
  const older = Object.entries(migrations).filter(([name]) => name < stop);
  const provider = { getMigrations: () => Promise.resolve(Object.fromEntries(older.map(([name, m]): [string, Migration] => [name, { up: (k: Kysely<unknown>) => m.up(k, db.dialect) }]))) };
  const result = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  if (result.error !== undefined) throw result.error instanceof Error ? result.error : new Error('migrating failed');
}

/** An empty database of the dialect under test (PostgreSQL when the tests run there); cleanups close and remove it. */
export async function emptyDatabase(name: string, cleanups: (() => Promise<void>)[]): Promise<Db> {
  let db: Db;
  if (postgresUrl) {
    const pg = await createPgDatabase(postgresUrl);
    cleanups.push(() => pg.drop());
    db = openDatabase({ kind: 'postgres', url: pg.url });
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scanbase-${name}-`));
    cleanups.push(() => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite'), synchronous: 'NORMAL' });
  }
  cleanups.push(() => db.close());
  return db;
}
