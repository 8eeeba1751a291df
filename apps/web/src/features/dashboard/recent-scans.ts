import type { ScanRow } from '@scanbase/contracts/scanner';

/** How many scans the dashboard keeps on screen. */
export const DASHBOARD_LIMIT = 100;

/** Newer scans (from an afterId fetch) on top of the list, without doubles, newest first, at most `limit`. */
export function mergeNewer(current: readonly ScanRow[], newer: readonly ScanRow[], limit = DASHBOARD_LIMIT): ScanRow[] {
  const byId = new Map<number, ScanRow>();
  for (const row of [...newer, ...current]) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}

/** The newest id on screen (0 when empty): the next fetch asks for scans after it. */
export function newestId(rows: readonly ScanRow[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

/**
 * Runs `task` for a burst of triggers at most once at a time: a trigger while it runs schedules exactly
 * one more run afterwards (a flood of websocket messages makes at most two requests in flight order).
 */
export function coalesce(task: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void task()
      .catch((error: unknown) => console.error('Live dashboard refresh failed', error))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
