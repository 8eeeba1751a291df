import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../platform/workers/module-worker.js';
import { BarcodeEncodeError, runRenderTask, type RenderResult, type RenderTask } from './render-core.js';

type Pending = { task: RenderTask; resolve: (r: RenderResult) => void; reject: (e: Error) => void };
type Reply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; encode: boolean; message: string } | { ready: true };
type Slot = { worker: Worker; busy: Pending | null; id: number };

/**
 * How long the threads stay after the last render. Each thread holds bwip-js in an isolate of its own (about 27 MB
 * of memory), so a server that renders now and then does not keep them between uses; the first render after a pause
 * waits for the threads to start again (tens of milliseconds).
 */
export const RENDER_THREADS_IDLE_MS = 5 * 60_000;

/**
 * Renders barcodes on a pool of worker threads so the event loop stays free; falls back to in-process rendering.
 * The threads start with the first render and stop after `idleMs` without one.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private inline = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly size = Math.max(1, Math.min(4, availableParallelism())),
    private readonly idleMs = RENDER_THREADS_IDLE_MS,
  ) {}

  /** Render threads running now (0 before the first render and after an idle pause). */
  get threads(): number {
    return this.slots.length;
  }

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
    await this.stopThreads();
  }

  /** Forgets a planned idle stop (the threads are needed again, or stop now). */
  private cancelIdleStop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async stopThreads(): Promise<void> {
    this.cancelIdleStop();
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Once every thread is idle and nothing waits, stops the threads after `idleMs` unless a render comes first. */
  private armIdleStop(): void {
    this.cancelIdleStop();
    if (this.closed || this.queue.length > 0 || this.slots.length === 0 || this.slots.some((s) => s.busy)) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.queue.length === 0 && this.slots.every((s) => !s.busy)) void this.stopThreads();
    }, this.idleMs);
    this.idleTimer.unref();
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
      this.armIdleStop();
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
    if (this.queue.length > 0) this.cancelIdleStop();
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
