import { useSyncExternalStore } from 'react';
import { sampleLanguages, type SampleLanguage } from '../code-samples';

const KEY = 'apidocs.language';
const listeners = new Set<() => void>();
let current: SampleLanguage = 'curl';

function read(): SampleLanguage {
  try {
    const stored = window.localStorage.getItem(KEY);
    return sampleLanguages.find((l) => l === stored) ?? 'curl';
  } catch {
    return current;
  }
}

/** The language of the sample requests, the same for every action and kept between visits. */
export function useSampleLanguage(): [SampleLanguage, (language: SampleLanguage) => void] {
  const language = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => 'curl' as const,
  );
  const set = (next: SampleLanguage) => {
    current = next;
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Storage may be unavailable (private mode): the choice then lasts for this page only.
    }
    listeners.forEach((l) => l());
  };
  return [language, set];
}
