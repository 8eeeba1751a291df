import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../platform/workers/module-worker.js';
import { BarcodeEncodeError, runRenderTask, type RenderResult, type RenderTask } from './render-core.js';

type Pending = { task: RenderTask; resolve: (r: RenderResult) => void; reject: (e: Error) => void };
type Reply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; encode: boolean; message: string } | { ready: true };
type Slot = { worker: Worker; busy: Pending | null; id: number };

/** Renders barcodes on a pool of worker threads so the event loop stays free; falls back to in-process rendering. */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private inline = false;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism()))) {}

  /** Renders one task (worker threads when they start, in-process otherwise). */
  render(task: RenderTask): Promise<RenderResult> {
    if (this.inline || this.closed) return runRenderTask(task);
    if (this.slots.length === 0) this.start();
    if (this.inline) return runRenderTask(task);
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.pump();
    });
  }

  /** Where renders run: worker threads, or this thread when workers could not start. */
  get mode(): 'workers' | 'inline' {
    return this.inline || this.closed ? 'inline' : 'workers';
  }

  /** Tasks waiting for a worker (for tests and figures). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Starts the workers and lets their JIT warm up on a few renders (cold bwip-js is several times slower). */
  async warmUp(rounds = 20): Promise<void> {
    const tasks: Promise<RenderResult>[] = [];
    for (let i = 0; i < rounds * this.size; i += 1) {
      tasks.push(this.render({ op: 'png', opts: { bcid: 'qrcode', text: `warm-up ${i}`, scale: 2 } }));
      tasks.push(this.render({ op: 'label', opts: { bcid: 'code128', text: `WARM-${i}` } }));
    }
    await Promise.all(tasks);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  private start(): void {
    try {
      for (let i = 0; i < this.size; i += 1) this.slots.push(this.spawn(() => startModuleWorker(import.meta.url, 'render-worker')));
    } catch {
      this.inline = true;
    }
  }

  private spawn(create: () => Worker): Slot {
    const worker = create();
    // Idle workers must not keep the process alive (tests, CLI).
    worker.unref();
    const slot: Slot = { worker, busy: null, id: 0 };
    worker.on('message', (msg: Reply) => {
      if ('ready' in msg) return;
      const job = slot.busy;
      slot.busy = null;
      worker.unref();
      if (job && msg.id === slot.id) {
        if (msg.ok) job.resolve(msg.result);
        else job.reject(msg.encode ? new BarcodeEncodeError(msg.message) : new Error(msg.message));
      }
      this.pump();
    });
    worker.on('error', () => {
      const job = slot.busy;
      slot.busy = null;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (this.slots.length === 0) this.inline = true;
      // The task itself is still good: run it here rather than fail the request.
      if (job) runRenderTask(job.task).then(job.resolve, job.reject);
      if (this.inline) this.drainInline();
    });
    return slot;
  }

  private drainInline(): void {
    for (const job of this.queue.splice(0)) runRenderTask(job.task).then(job.resolve, job.reject);
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.busy) continue;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.id = this.nextId++;
      slot.worker.ref();
      slot.worker.postMessage({ id: slot.id, task: job.task });
    }
  }
}
