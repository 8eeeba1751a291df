/** The small key-value surface the session needs; localStorage satisfies it. */
export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/** A store kept in memory only: used when the browser refuses local storage (private modes, quotas, sandboxed frames). */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * Wraps a persistent store so that any failure (access denied, quota exceeded) moves every
 * later read and write to memory: the session keeps working for this tab instead of breaking.
 */
export function createFallbackStore(primary: () => KeyValueStore | undefined): KeyValueStore {
  const memory = createMemoryStore();
  let target: KeyValueStore = memory;
  try {
    const candidate = primary();
    if (candidate) {
      const probe = '__scanbase_probe__';
      candidate.setItem(probe, '1');
      candidate.removeItem(probe);
      target = candidate;
    }
  } catch {
    target = memory;
  }
  const guard = <T>(action: (store: KeyValueStore) => T): T => {
    try {
      return action(target);
    } catch {
      target = memory;
      return action(memory);
    }
  };
  return {
    getItem: (key) => guard((s) => s.getItem(key)),
    setItem: (key, value) => guard((s) => s.setItem(key, value)),
    removeItem: (key) => guard((s) => s.removeItem(key)),
  };
}

/** The browser's local storage with the in-memory fallback. */
export function browserStore(): KeyValueStore {
  return createFallbackStore(() => (typeof window === 'undefined' ? undefined : window.localStorage));
}
