/** How long a page chunk may take before its loading is reported as failed (spec section 8). */
export const CHUNK_REPORT_AFTER_MS = 120_000;

type Listener = (error: Error) => void;
const listeners = new Set<Listener>();

/** Reports a chunk that failed or is still loading after the limit; the root shows a notice. */
export function reportChunkFailure(error: Error): void {
  console.error('Page code could not be loaded', error);
  for (const listener of listeners) listener(error);
}

/** Listens to chunk loading failures. */
export function onChunkFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wraps a chunk loader so a rejection, or no answer within the limit, is reported. */
export function withChunkReporting<T>(load: () => Promise<T>, limitMs = CHUNK_REPORT_AFTER_MS): () => Promise<T> {
  return async () => {
    const timer = setTimeout(() => reportChunkFailure(new Error(`Still loading after ${limitMs / 1000} s`)), limitMs);
    try {
      return await load();
    } catch (error) {
      reportChunkFailure(error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
