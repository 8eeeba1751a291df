import { useEffect, useRef } from 'react';

/**
 * Calls `onVisit` on every fragment navigation that names a section (`parse` of the new fragment): a link to
 * `#camera`, back and forward, and a second click of the same link. The fragment on load is the page's to read.
 */
export function useHashSection<T extends string>(parse: (hash: string) => T | null, onVisit: (id: T) => void): void {
  const visit = useRef(onVisit);
  useEffect(() => {
    visit.current = onVisit;
  });
  useEffect(() => {
    const follow = () => {
      const id = parse(window.location.hash);
      if (id) visit.current(id);
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [parse]);
}
