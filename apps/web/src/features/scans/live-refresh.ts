/** A throttled function: `call()` runs it now or once later, `cancel()` drops a waiting run. */
export type Throttled = { call: () => void; cancel: () => void };

type Timers = { now: () => number; setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `task` at most once every `ms`: the first call of a quiet spell runs at once, calls during the wait
 * collapse into one run at its end (a burst of websocket messages costs two requests, not hundreds).
 */
export function throttle(task: () => void, ms: number, timers: Timers = realTimers): Throttled {
  let last = -Infinity;
  let waiting: unknown = null;
  const run = () => {
    waiting = null;
    last = timers.now();
    task();
  };
  return {
    call: () => {
      if (waiting !== null) return;
      const wait = last + ms - timers.now();
      if (wait <= 0) run();
      else waiting = timers.setTimeout(run, wait);
    },
    cancel: () => {
      if (waiting !== null) timers.clearTimeout(waiting);
      waiting = null;
    },
  };
}

/** How many scans arrived since the page loaded: the latest count minus the one the page showed (never negative). */
export function newScanCount(shownTotal: number | undefined, latestTotal: number | undefined): number {
  if (shownTotal === undefined || latestTotal === undefined) return 0;
  return Math.max(0, latestTotal - shownTotal);
}
