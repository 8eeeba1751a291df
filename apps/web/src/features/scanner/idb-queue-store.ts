import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { MemoryQueueStore, type QueuedScan, type ScanQueueStore } from './offline-queue';

interface QueueSchema extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { queuedAt: string } };
}

const DB_NAME = 'scanbase-scanner';

/** The offline queue in IndexedDB (database `scanbase-scanner`, store `scans`, keyed by client scan id). */
export class IdbQueueStore implements ScanQueueStore {
  private db: Promise<IDBPDatabase<QueueSchema>> | null = null;

  private open(): Promise<IDBPDatabase<QueueSchema>> {
    this.db ??= openDB<QueueSchema>(DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore('scans', { keyPath: 'clientScanId' });
        store.createIndex('queuedAt', 'queuedAt');
      },
    });
    return this.db;
  }

  async put(item: QueuedScan): Promise<void> {
    await (await this.open()).put('scans', item);
  }

  async list(): Promise<QueuedScan[]> {
    return (await this.open()).getAllFromIndex('scans', 'queuedAt');
  }

  async delete(clientScanIds: readonly string[]): Promise<void> {
    const db = await this.open();
    const tx = db.transaction('scans', 'readwrite');
    await Promise.all([...clientScanIds.map((id) => tx.store.delete(id)), tx.done]);
  }
}

/** IndexedDB when the browser offers it; memory otherwise (some private modes), with the reason logged. */
export function browserQueueStore(): ScanQueueStore {
  if (typeof indexedDB === 'undefined') {
    console.warn('IndexedDB is not available: scans taken offline are kept only while this page stays open');
    return new MemoryQueueStore();
  }
  return new IdbQueueStore();
}
