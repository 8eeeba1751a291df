import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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

  /** Tasks waiting for a worker (for tests and figures). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  private start(): void {
    const here = import.meta.url;
    // Under vitest/tsx the sources are .ts: the worker needs the same loader.
    const fromSource = here.endsWith('.ts');
    const url = new URL(fromSource ? './render-worker.ts' : './render-worker.js', here);
    const execArgv = fromSource && !process.execArgv.some((a) => a.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : process.execArgv;
    try {
      for (let i = 0; i < this.size; i += 1) this.slots.push(this.spawn(url, execArgv));
    } catch {
      this.inline = true;
    }
  }

  private spawn(url: URL, execArgv: string[]): Slot {
    const worker = new Worker(url, { execArgv });
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
    worker.on('error', (error) => {
      const job = slot.busy;
      slot.busy = null;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (this.slots.length === 0) this.inline = true;
      // The task itself is still good: run it here rather than fail the request.
      if (job) runRenderTask(job.task).then(job.resolve, job.reject);
      if (this.inline) this.drainInline();
      void error;
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
