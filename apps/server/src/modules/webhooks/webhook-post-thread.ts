import type { Worker } from 'node:worker_threads';
import type { Slot } from '../../platform/db/prepared.js';
import { startModuleWorker } from '../../platform/workers/module-worker.js';
import type { BatchRead } from './webhooks.statements.js';
import { postDue, WebhookPoster, type Attempt, type BatchDelivery, type PostItem, type PostOptions, type PostTarget, type SeriesAnswer } from './webhook-post.js';

/** How the thread reads batches itself: the SQLite file, and the batch read's text with its parameters' names. */
export type BatchReader = { file: string; sql: string; slots: Slot[] };

/** Reads a batch on the main thread's connection (PostgreSQL, or when the thread cannot read). */
export type ReadHere = (read: BatchRead) => Promise<BatchDelivery[]>;

type Pending =
  | { kind: 'series'; target: PostTarget; items: PostItem[]; options: PostOptions; resolve: (a: Attempt[]) => void }
  | { kind: 'read'; target: PostTarget; read: BatchRead; nowIso: string; options: PostOptions; readHere: ReadHere; resolve: (a: SeriesAnswer) => void; reject: (e: unknown) => void };

type Reply = { id: number; attempts: Attempt[] } | { id: number; answer: SeriesAnswer } | { id: number; readFailed: string } | { ready: true };

/**
 * Posts series of deliveries on a worker thread of its own (one for every subscription: its event loop sends them
 * concurrently), or in process when the thread cannot start or stops. With a `reader` (SQLite on a file) the thread
 * also reads the batches, so a run's main-thread work per batch is its log.
 */
export class WebhookPostThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private inline: WebhookPoster | null = null;
  private closed = false;

  constructor(
    private readonly allowPrivate: boolean,
    private reader: BatchReader | null = null,
  ) {}

  /** Posts `items` in order, stopping after the first that failed; answers the attempts made. */
  series(target: PostTarget, items: PostItem[], options: PostOptions): Promise<Attempt[]> {
    const worker = this.ready();
    if (!worker) return this.fallback().series(target, items, options);
    return new Promise((resolve) => this.send(worker, { kind: 'series', target, items, options, resolve }));
  }

  /**
   * Reads the batch `read` names and posts its deliveries due at `nowIso` in order, stopping after the first that
   * failed. The thread reads when it has a reader; otherwise (or when its read fails) `readHere` does.
   */
  async readAndPost(target: PostTarget, read: BatchRead, nowIso: string, options: PostOptions, readHere: ReadHere): Promise<SeriesAnswer> {
    const worker = this.reader ? this.ready() : null;
    if (!worker) return postDue(await readHere(read), nowIso, (items) => this.series(target, items, options));
    return new Promise((resolve, reject) => this.send(worker, { kind: 'read', target, read, nowIso, options, readHere, resolve, reject }));
  }

  /** Where series are sent: on the thread, or in process (the thread could not start or stopped). */
  get mode(): 'thread' | 'inline' {
    return this.inline ? 'inline' : 'thread';
  }

  /** Whether the thread reads the batches (false on PostgreSQL, and once a read of its failed). */
  get readsBatches(): boolean {
    return this.reader !== null && this.mode === 'thread';
  }

  private ready(): Worker | null {
    if (!this.inline && !this.closed && this.worker === null) this.start();
    return this.inline ? null : this.worker;
  }

  private send(worker: Worker, p: Pending): void {
    const id = this.nextId++;
    this.pending.set(id, p);
    worker.ref();
    if (p.kind === 'series') worker.postMessage({ id, target: p.target, items: p.items, options: p.options });
    else worker.postMessage({ id, target: p.target, read: p.read, nowIso: p.nowIso, options: p.options });
  }

  private fallback(): WebhookPoster {
    this.inline ??= new WebhookPoster(this.allowPrivate);
    return this.inline;
  }

  /** A read request done here after all: the main thread reads, and the thread (or the fallback) posts. */
  private readHere(p: Extract<Pending, { kind: 'read' }>): void {
    p.readHere(p.read).then(
      (rows) => postDue(rows, p.nowIso, (items) => this.series(p.target, items, p.options)).then(p.resolve),
      p.reject,
    );
  }

  private start(): void {
    try {
      this.worker = startModuleWorker(import.meta.url, 'webhook-post-worker', { workerData: { allowPrivate: this.allowPrivate, reader: this.reader } });
    } catch {
      this.fallback();
      return;
    }
    const worker = this.worker;
    // An idle thread must not keep the process alive (tests, CLI).
    worker.unref();
    worker.on('message', (m: Reply) => {
      if ('ready' in m) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (!p) return;
      if (p.kind === 'series') p.resolve('attempts' in m ? m.attempts : []);
      else if ('answer' in m) p.resolve(m.answer);
      else {
        // The thread could not read (the file moved, a driver error): batches are read here from now on.
        this.reader = null;
        this.readHere(p);
      }
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      // What the thread had not answered is sent again here (at least once, as after any crash of a sender).
      const waiting = [...this.pending.values()];
      this.pending.clear();
      if (this.closed) {
        for (const p of waiting) {
          if (p.kind === 'series') p.resolve([]);
          else p.resolve({ rows: [], due: 0, attempts: [] });
        }
        return;
      }
      const poster = this.fallback();
      for (const p of waiting) {
        if (p.kind === 'series') void poster.series(p.target, p.items, p.options).then(p.resolve);
        else this.readHere(p);
      }
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
