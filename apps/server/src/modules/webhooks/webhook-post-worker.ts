import { createRequire } from 'node:module';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { bindSlots } from '../../platform/db/prepared.js';
import type { BatchRead } from './webhooks.statements.js';
import { postDue, WebhookPoster, type BatchDelivery, type PostItem, type PostOptions, type PostTarget } from './webhook-post.js';
import type { BatchReader } from './webhook-post-thread.js';

// The webhook sender's thread: signing and HTTP (about 0.1 ms of CPU a delivery, three deliveries a scan with three
// subscriptions) run here, so the scans' event loop keeps its time. On SQLite it also reads each batch, through a
// read-only connection of its own (WAL: reading never waits for the writer nor holds it up); every write stays on
// the main thread, which is SQLite's one writer.

type SeriesRequest = { id: number; target: PostTarget; items: PostItem[]; options: PostOptions };
type ReadRequest = { id: number; target: PostTarget; read: BatchRead; nowIso: string; options: PostOptions };

// Deliveries may wait a few milliseconds; the gates' answers may not. On Linux a nice value belongs to one thread
// (elsewhere it would be the whole process's), so this thread yields the CPU to the scans' event loop when both want it.
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here (some sandboxes): the thread keeps the process's priority.
  }
}
const data = workerData as { allowPrivate: boolean; reader: BatchReader | null };
const poster = new WebhookPoster(data.allowPrivate);

let reading: { db: SQLite.Database; statement: SQLite.Statement } | null = null;

/** The batch `read` asks for, through this thread's own connection (opened on the first read). */
function readBatch(reader: BatchReader, read: BatchRead): BatchDelivery[] {
  if (!reading) {
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;
    const db = new Database(reader.file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    reading = { db, statement: db.prepare(reader.sql) };
  }
  return reading.statement.all(...bindSlots(reader.slots, read)) as BatchDelivery[];
}

parentPort?.on('message', (m: SeriesRequest | ReadRequest | 'close') => {
  if (m === 'close') {
    poster.close();
    reading?.db.close();
    reading = null;
    return;
  }
  if ('read' in m) {
    let rows: BatchDelivery[];
    try {
      if (!data.reader) throw new Error('This thread has no database to read.');
      rows = readBatch(data.reader, m.read);
    } catch (error) {
      // The main thread reads this batch itself, and the next ones.
      parentPort?.postMessage({ id: m.id, readFailed: error instanceof Error ? error.message : String(error) });
      return;
    }
    void postDue(rows, m.nowIso, (items) => poster.series(m.target, items, m.options)).then((answer) => parentPort?.postMessage({ id: m.id, answer }));
    return;
  }
  void poster.series(m.target, m.items, m.options).then((attempts) => parentPort?.postMessage({ id: m.id, attempts }));
});
parentPort?.postMessage({ ready: true });
