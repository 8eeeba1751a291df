import type { appLocations } from '@scanbase/contracts/scanner-pages';
import type { RouteReply } from '@scanbase/contracts/route';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type LocationsReply = RouteReply<typeof appLocations>;

/** A loaded `app/locations` reply kept on the device, so the map opens offline with what was seen last. */
export type CachedLocations = { key: string; savedAt: string; reply: LocationsReply };

/** Where loaded replies are kept: IndexedDB in the browser, memory in tests and where IndexedDB is missing. */
export interface LocationsCache {
  get(key: string): Promise<CachedLocations | undefined>;
  put(entry: CachedLocations): Promise<void>;
}

/** How many replies are kept (each user, service and period its own); the oldest go first. */
export const KEEP_REPLIES = 12;

export class MemoryLocationsCache implements LocationsCache {
  private readonly entries = new Map<string, CachedLocations>();

  async get(key: string): Promise<CachedLocations | undefined> {
    return this.entries.get(key);
  }

  async put(entry: CachedLocations): Promise<void> {
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    while (this.entries.size > KEEP_REPLIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

interface CacheSchema extends DBSchema {
  replies: { key: string; value: CachedLocations; indexes: { savedAt: string } };
}

/** IndexedDB database `scanbase-mapview`, store `replies` keyed by user, service and period. */
export class IdbLocationsCache implements LocationsCache {
  private db: Promise<IDBPDatabase<CacheSchema>> | null = null;

  private open(): Promise<IDBPDatabase<CacheSchema>> {
    this.db ??= openDB<CacheSchema>('scanbase-mapview', 1, {
      upgrade(database) {
        database.createObjectStore('replies', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
      },
    });
    return this.db;
  }

  async get(key: string): Promise<CachedLocations | undefined> {
    return (await this.open()).get('replies', key);
  }

  async put(entry: CachedLocations): Promise<void> {
    const db = await this.open();
    await db.put('replies', entry);
    const keys = await db.getAllKeysFromIndex('replies', 'savedAt');
    if (keys.length > KEEP_REPLIES) {
      const tx = db.transaction('replies', 'readwrite');
      await Promise.all([...keys.slice(0, keys.length - KEEP_REPLIES).map((key) => tx.store.delete(key)), tx.done]);
    }
  }
}

let shared: LocationsCache | null = null;

/** One cache per tab: IndexedDB when the browser has it, memory otherwise. */
export function locationsCache(): LocationsCache {
  shared ??= typeof indexedDB === 'undefined' ? new MemoryLocationsCache() : new IdbLocationsCache();
  return shared;
}

const TILES_KEY = 'scanner.mapTiles';

/** Keeps the server's tile settings, so waiting scans can be drawn even before any reply of a period was loaded. */
export function rememberTiles(reply: Pick<LocationsReply, 'tileUrl' | 'attribution'>): void {
  try {
    localStorage.setItem(TILES_KEY, JSON.stringify({ tileUrl: reply.tileUrl, attribution: reply.attribution }));
  } catch {
    // Storage full or blocked: the map then waits for a reply.
  }
}

/** The tile settings seen last (null before the first reply). */
export function rememberedTiles(): { tileUrl: string; attribution: string } | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(TILES_KEY) ?? 'null');
    if (value && typeof value === 'object' && 'tileUrl' in value && 'attribution' in value && typeof value.tileUrl === 'string' && typeof value.attribution === 'string') return { tileUrl: value.tileUrl, attribution: value.attribution };
  } catch {
    // Unreadable: as if never seen.
  }
  return null;
}
