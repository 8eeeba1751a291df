import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `everyMs` (for "has it started" checks that change while the page is open). */
export function useClock(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
