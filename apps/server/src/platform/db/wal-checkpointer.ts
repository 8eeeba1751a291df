import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// SQLite copies the write-ahead log back into the database file (a checkpoint) on the connection that commits, once
// the log passes 1,000 pages: every few dozen commits one of them stalls the event loop for ~10 ms of copying and
// fsync. Under a stream of scans that was half of all commit time (694 µs a commit, 365 µs without checkpoints).
// A second connection on a thread of its own does that copying: a PASSIVE checkpoint never blocks the writer, which
// keeps appending while earlier frames are copied.
//
// SQLite starts the log over only after a checkpoint that ended level with it, which a checkpoint running beside
// a steady writer never does. So the main connection keeps a checkpoint of its own, at a higher mark
// (MAIN_CHECKPOINT_PAGES): by then the thread has copied nearly every frame, so the main thread's checkpoint is
// short, and the log starts over and stays bounded. If the thread cannot start or dies, the main connection goes
// back to SQLite's default.

/** How soon the thread checkpoints again: at rest, and while the log has frames it has not copied yet. */
const IDLE_MS = 100;
const BUSY_MS = 5;
/** The main connection's own checkpoint mark while the thread runs (4 KiB pages: ~32 MiB of log). */
const MAIN_CHECKPOINT_PAGES = 8_000;
/** SQLite's default, for when the thread is gone. */
const DEFAULT_CHECKPOINT_PAGES = 1_000;

// Plain CommonJS, so the thread starts in milliseconds without a TypeScript loader in development.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file, { fileMustExist: true });
let timer;
const checkpoint = () => {
  let caughtUp = true;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    caughtUp = r.log === r.checkpointed;
  } catch { /* another connection is checkpointing: next time */ }
  timer = setTimeout(checkpoint, caughtUp ? workerData.idleMs : workerData.busyMs);
};
timer = setTimeout(checkpoint, workerData.idleMs);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearTimeout(timer);
  db.close();
  parentPort.postMessage('closed');
});
parentPort.postMessage('ready');
`;

export type WalCheckpointer = { stop(): Promise<void> };

/** Moves most WAL checkpoint work of `db` (a file database in WAL mode) to a thread of its own. */
export function startWalCheckpointer(db: SQLite.Database, file: string): WalCheckpointer {
  const setMark = (pages: number) => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${pages}`);
  };
  const alone = () => setMark(DEFAULT_CHECKPOINT_PAGES);
  let thread: Worker;
  try {
    const workerData = { file, module: createRequire(import.meta.url).resolve('better-sqlite3'), idleMs: IDLE_MS, busyMs: BUSY_MS };
    thread = new Worker(WORKER_CODE, { eval: true, workerData });
  } catch {
    return { stop: () => Promise.resolve() };
  }
  thread.unref();
  thread.on('message', (m) => m === 'ready' && setMark(MAIN_CHECKPOINT_PAGES));
  thread.on('error', alone);
  thread.on('exit', alone);
  return {
    async stop() {
      thread.off('exit', alone);
      thread.off('error', alone);
      const closed = new Promise<void>((resolve) => {
        thread.on('message', (m) => m === 'closed' && resolve());
        thread.once('exit', () => resolve());
      });
      thread.postMessage('close');
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      await thread.terminate();
      alone();
    },
  };
}
