import type { ScanAnswerInput, ScanInput, ScanResult } from '@scanbase/contracts/scanner';
import { V2Error } from '../../api/v2-client';

/** A scan waiting on this device to be sent (taken offline, or its submission failed for a passing reason). */
export type QueuedScan = {
  clientScanId: string;
  /** The app user who took it: only that user's token uploads it. */
  userId: number;
  scan: ScanInput & { scannedAt: string };
  queuedAt: string;
  attempts: number;
  /** Set when the server refused the scan itself (not the connection): it stays until someone discards it. */
  rejected?: string;
};

/** Where queued scans live: IndexedDB in the browser (idb-queue-store.ts), memory in tests. */
export interface ScanQueueStore {
  put(item: QueuedScan): Promise<void>;
  /** Every item, oldest first. */
  list(): Promise<QueuedScan[]>;
  delete(clientScanIds: readonly string[]): Promise<void>;
}

export class MemoryQueueStore implements ScanQueueStore {
  private readonly items = new Map<string, QueuedScan>();

  async put(item: QueuedScan): Promise<void> {
    this.items.set(item.clientScanId, structuredClone(item));
  }

  async list(): Promise<QueuedScan[]> {
    return [...this.items.values()].map((item) => structuredClone(item)).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  }

  async delete(clientScanIds: readonly string[]): Promise<void> {
    for (const id of clientScanIds) this.items.delete(id);
  }
}

/** Failures that say nothing about the scan itself: no connection, maintenance, rate limit, a server error. Retry later. */
export function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof V2Error)) return true;
  if (error.code === 'NETWORK' || error.code === 'ERROR_MAINTENANCE' || error.code === 'LIMIT_MINUTE' || error.code === 'INTERNAL_ERROR') return true;
  return error.code === 'UNKNOWN' && (error.status === 0 || error.status >= 500);
}

/** What waits, what the server refused, whether a sync runs, and how many scans syncs sent since the page opened. */
export type QueueCounts = { waiting: number; rejected: number; syncing: boolean; sent: number };

export type SyncOutcome =
  | { kind: 'idle' }
  | { kind: 'synced'; results: ScanResult[] }
  /** Stopped early: the connection (or server) failed; what was sent before stays sent. */
  | { kind: 'offline'; results: ScanResult[] }
  /** The app token was refused: sign in again; the scans stay queued. */
  | { kind: 'signed-out'; results: ScanResult[] };

export type ScanQueueOptions = {
  store: ScanQueueStore;
  /** app/upload with the current token. */
  upload: (scans: ScanInput[]) => Promise<ScanResult[]>;
  batchSize?: number;
  now?: () => Date;
};

/**
 * The offline queue: scans are added with their client scan id and sent in batches through app/upload.
 * A retry of a batch that did arrive is harmless (the server answers the stored result for a known
 * client scan id), so a scan leaves the queue only once its result is in hand.
 */
export class ScanQueue {
  private running: Promise<SyncOutcome> | null = null;
  private counts: QueueCounts = { waiting: 0, rejected: 0, syncing: false, sent: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly batchSize: number;

  constructor(private readonly options: ScanQueueOptions) {
    this.batchSize = options.batchSize ?? 100;
  }

  async add(userId: number, scan: ScanInput & { scannedAt: string }): Promise<void> {
    const now = (this.options.now ?? (() => new Date()))();
    await this.options.store.put({ clientScanId: scan.clientScanId, userId, scan, queuedAt: now.toISOString(), attempts: 0 });
    await this.refresh(userId);
  }

  /** Re-reads the counts for this user (null: nobody signed in, nothing counts). */
  async refresh(userId: number | null): Promise<QueueCounts> {
    const items = userId === null ? [] : (await this.options.store.list()).filter((item) => item.userId === userId);
    this.publish({ waiting: items.filter((item) => !item.rejected).length, rejected: items.filter((item) => item.rejected).length });
    return this.counts;
  }

  /** The scans of this user still waiting to be sent (not refused), oldest first: the scanner's map shows them apart. */
  async waiting(userId: number): Promise<QueuedScan[]> {
    return (await this.options.store.list()).filter((item) => item.userId === userId && !item.rejected);
  }

  /** The scans the server refused, to show and discard. */
  async rejected(userId: number): Promise<QueuedScan[]> {
    return (await this.options.store.list()).filter((item) => item.userId === userId && item.rejected);
  }

  async discard(userId: number, clientScanIds: readonly string[]): Promise<void> {
    await this.options.store.delete(clientScanIds);
    await this.refresh(userId);
  }

  /**
   * Adds answers to a scan still waiting (questions asked after a result shown offline). False when the
   * scan has left the queue meanwhile.
   */
  async amend(clientScanId: string, answers: readonly ScanAnswerInput[]): Promise<boolean> {
    if (this.running) await this.running.catch(() => undefined);
    const item = (await this.options.store.list()).find((entry) => entry.clientScanId === clientScanId);
    if (!item) return false;
    await this.options.store.put({ ...item, scan: { ...item.scan, answers: [...(item.scan.answers ?? []), ...answers] } });
    return true;
  }

  /** Sends everything this user has waiting; one run at a time (a second call joins the first). */
  sync(userId: number): Promise<SyncOutcome> {
    if (!this.running) {
      this.publish({ syncing: true });
      this.running = this.run(userId).finally(() => {
        this.running = null;
        this.publish({ syncing: false });
      });
    }
    return this.running;
  }

  private publish(change: Partial<QueueCounts>): void {
    const next = { ...this.counts, ...change };
    if (next.waiting === this.counts.waiting && next.rejected === this.counts.rejected && next.syncing === this.counts.syncing && next.sent === this.counts.sent) return;
    this.counts = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getCounts = (): QueueCounts => this.counts;

  private async run(userId: number): Promise<SyncOutcome> {
    const { store } = this.options;
    const waiting = (await store.list()).filter((item) => item.userId === userId && !item.rejected);
    if (waiting.length === 0) {
      await this.refresh(userId);
      return { kind: 'idle' };
    }
    const results: ScanResult[] = [];
    try {
      for (let start = 0; start < waiting.length; start += this.batchSize) {
        const outcome = await this.send(waiting.slice(start, start + this.batchSize), results);
        if (outcome !== 'ok') return { kind: outcome, results };
      }
      return { kind: 'synced', results };
    } finally {
      this.publish({ sent: this.counts.sent + results.length });
      await this.refresh(userId);
    }
  }

  /** Sends one batch; a batch the server refuses is split until the refused scans are found and set aside. */
  private async send(batch: QueuedScan[], results: ScanResult[]): Promise<'ok' | 'offline' | 'signed-out'> {
    const { store, upload } = this.options;
    try {
      const answered = await upload(batch.map((item) => item.scan));
      results.push(...answered);
      await store.delete(batch.map((item) => item.clientScanId));
      return 'ok';
    } catch (error) {
      if (error instanceof V2Error && error.code === 'AUTH_FAILED') return 'signed-out';
      if (isPassingFailure(error)) {
        for (const item of batch) await store.put({ ...item, attempts: item.attempts + 1 });
        return 'offline';
      }
      if (batch.length === 1) {
        const [item] = batch;
        if (item) await store.put({ ...item, attempts: item.attempts + 1, rejected: error instanceof Error ? error.message : 'The server refused this scan' });
        return 'ok';
      }
      const middle = Math.ceil(batch.length / 2);
      for (const half of [batch.slice(0, middle), batch.slice(middle)]) {
        const outcome = await this.send(half, results);
        if (outcome !== 'ok') return outcome;
      }
      return 'ok';
    }
  }
}
