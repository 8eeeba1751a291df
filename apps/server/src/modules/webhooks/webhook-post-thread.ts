import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../platform/workers/module-worker.js';
import { WebhookPoster, type Attempt, type PostItem, type PostOptions, type PostTarget } from './webhook-post.js';

type Pending = { target: PostTarget; items: PostItem[]; options: PostOptions; resolve: (a: Attempt[]) => void };

/**
 * Posts series of deliveries on a worker thread of its own (one for every subscription: its event loop sends them
 * concurrently), or in process when the thread cannot start or stops.
 */
export class WebhookPostThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private inline: WebhookPoster | null = null;
  private closed = false;

  constructor(private readonly allowPrivate: boolean) {}

  /** Posts `items` in order, stopping after the first that failed; answers the attempts made. */
  series(target: PostTarget, items: PostItem[], options: PostOptions): Promise<Attempt[]> {
    if (!this.inline && !this.closed && this.worker === null) this.start();
    if (this.inline || this.worker === null) return this.fallback().series(target, items, options);
    const worker = this.worker;
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, { target, items, options, resolve });
      worker.ref();
      worker.postMessage({ id, target, items, options });
    });
  }

  /** Where series are sent: on the thread, or in process (the thread could not start or stopped). */
  get mode(): 'thread' | 'inline' {
    return this.inline ? 'inline' : 'thread';
  }

  private fallback(): WebhookPoster {
    this.inline ??= new WebhookPoster(this.allowPrivate);
    return this.inline;
  }

  private start(): void {
    try {
      this.worker = startModuleWorker(import.meta.url, 'webhook-post-worker', { workerData: { allowPrivate: this.allowPrivate } });
    } catch {
      this.fallback();
      return;
    }
    const worker = this.worker;
    // An idle thread must not keep the process alive (tests, CLI).
    worker.unref();
    worker.on('message', (m: { id: number; attempts: Attempt[] } | { ready: true }) => {
      if ('ready' in m) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      p?.resolve(m.attempts);
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      // What the thread had not answered is sent again here (at least once, as after any crash of a sender).
      const waiting = [...this.pending.values()];
      this.pending.clear();
      if (this.closed) {
        for (const p of waiting) p.resolve([]);
        return;
      }
      const poster = this.fallback();
      for (const p of waiting) void poster.series(p.target, p.items, p.options).then(p.resolve);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
  }

  /** Stops the thread and closes the connections. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.inline?.close();
    if (!worker) return;
    worker.postMessage('close');
    await worker.terminate();
  }
}
