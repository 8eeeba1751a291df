import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { WebhookPoster, type PostItem, type PostOptions, type PostTarget } from './webhook-post.js';

// The webhook sender's thread: signing and HTTP (about 0.1 ms of CPU a delivery, three deliveries a scan with three
// subscriptions) run here, so the scans' event loop keeps its time. The database work stays on the main thread.

type Request = { id: number; target: PostTarget; items: PostItem[]; options: PostOptions };

// Deliveries may wait a few milliseconds; the gates' answers may not. On Linux a nice value belongs to one thread
// (elsewhere it would be the whole process's), so this thread yields the CPU to the scans' event loop when both want it.
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here (some sandboxes): the thread keeps the process's priority.
  }
}
const poster = new WebhookPoster((workerData as { allowPrivate: boolean }).allowPrivate);

parentPort?.on('message', (m: Request | 'close') => {
  if (m === 'close') {
    poster.close();
    return;
  }
  void poster.series(m.target, m.items, m.options).then((attempts) => parentPort?.postMessage({ id: m.id, attempts }));
});
parentPort?.postMessage({ ready: true });
