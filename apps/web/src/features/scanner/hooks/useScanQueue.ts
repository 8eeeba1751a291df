import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useOnline } from '../../../api/useOnline';
import type { QueueCounts, SyncOutcome } from '../offline-queue';
import { useScanner } from './useScanner';

const RETRY_MS = 20_000;

export type QueueState = QueueCounts & { syncNow: () => void };

/**
 * The offline queue of the signed-in app user: counts, and syncing on its own at start, whenever the
 * browser comes back online, and every 20 s while something waits. Mount it once (ScannerHome).
 */
export function useScanQueue(userId: number | null): QueueState {
  const { queue, session } = useScanner();
  const online = useOnline();
  const counts = useSyncExternalStore(queue.subscribe, queue.getCounts);

  const syncNow = useCallback(() => {
    if (userId === null) return;
    void queue
      .sync(userId)
      .then((outcome: SyncOutcome) => {
        // The token was refused: sign in again; the scans stay queued for this user.
        if (outcome.kind === 'signed-out') session.clear();
      })
      .catch((error: unknown) => console.error('Sync of queued scans failed', error));
  }, [queue, session, userId]);

  useEffect(() => {
    void queue.refresh(userId);
  }, [queue, userId]);

  useEffect(() => {
    if (online && counts.waiting > 0) syncNow();
  }, [online, counts.waiting, syncNow]);

  useEffect(() => {
    if (counts.waiting === 0) return;
    const timer = setInterval(syncNow, RETRY_MS);
    return () => clearInterval(timer);
  }, [counts.waiting, syncNow]);

  useEffect(() => {
    const up = () => syncNow();
    window.addEventListener('online', up);
    return () => window.removeEventListener('online', up);
  }, [syncNow]);

  return { ...counts, syncNow };
}
