import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/test-app.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';

/** Rows of `t` in the database file alone, as a copy without its write-ahead log would show them. */
function rowsInFileAlone(file: string, dir: string): number {
  const copy = path.join(dir, `copy-${Date.now()}.sqlite`);
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

// SQLite only: the PostgreSQL pass (`npm run test:pg`) would run the same thing again.
describe.skipIf(postgresUrl)('WAL checkpoints on a thread of their own (SQLite only; skipped in the PostgreSQL pass)', () => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function open(): { db: SQLite.Database; file: string; dir: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-wal-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'db.sqlite');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    cleanups.push(() => {
      db.close();
    });
    return { db, file, dir };
  }

  async function started(db: SQLite.Database, file: string): Promise<WalCheckpointer> {
    const checkpointer = startWalCheckpointer(db, file);
    cleanups.push(() => checkpointer.stop());
    await expect.poll(() => db.pragma('wal_autocheckpoint', { simple: true }), { timeout: 5_000 }).toBe(8_000);
    return checkpointer;
  }

  it('copies committed writes into the database file while the writer only commits', async () => {
    const { db, file, dir } = open();
    await started(db, file);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    for (let i = 0; i < 200; i++) insert.run(`row ${i}`);
    // 200 commits are far below the writer's own checkpoint mark: only the thread can have copied them.
    await expect.poll(() => rowsInFileAlone(file, dir), { timeout: 5_000, interval: 50 }).toBe(200);
  });

  it('keeps the log bounded under writes that never pause, and hands checkpoints back when stopped', async () => {
    const { db, file } = open();
    const checkpointer = await started(db, file);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const value = 'x'.repeat(3_000);
    // ~40,000 log pages of commits back to back: five times the writer's mark.
    for (let i = 0; i < 40_000; i++) insert.run(value);
    const walPages = fs.statSync(`${file}-wal`).size / 4_096;
    // Without the writer's own mark the log measured 123,000 pages. On a loaded CI machine the thread falls behind
    // and a restart can come late (16,400 pages seen once), so the bound has room: it only has to tell bounded from not.
    expect(walPages).toBeLessThan(40_000);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 40_000 });
    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });
});
