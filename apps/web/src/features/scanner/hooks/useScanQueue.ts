import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useOnline } from '../../../api/useOnline';
import type { QueueCounts, SyncOutcome } from '../offline-queue';
import { useScanner } from './useScanner';

const RETRY_MS = 20_000;

/** A queued scan's result once the server judged it on sync (for services whose type decides: check in/out). */
export type SyncedResult = { clientScanId: string; value: string; status: 1 | 0 | -1; text: string; direction: string | null };

export type QueueState = QueueCounts & { syncNow: () => void; synced: SyncedResult[]; dismissSynced: () => void };

/**
 * The offline queue of the signed-in app user: counts, and syncing on its own at start, whenever the
 * browser comes back online, and every 20 s while something waits. Mount it once (ScannerHome).
 */
export function useScanQueue(userId: number | null): QueueState {
  const { queue, session } = useScanner();
  const online = useOnline();
  const counts = useSyncExternalStore(queue.subscribe, queue.getCounts);
  const [synced, setSynced] = useState<SyncedResult[]>([]);

  const syncNow = useCallback(() => {
    if (userId === null) return;
    void queue
      .waiting(userId)
      .then(async (waiting) => {
        const outcome: SyncOutcome = await queue.sync(userId);
        // What the server decided on sync (judged again there, now) is what the person sees, not the device's guess.
        const values = new Map(waiting.map((item) => [item.clientScanId, item.scan.value]));
        const decided = ('results' in outcome ? outcome.results : [])
          .filter((r) => r.outcome !== undefined && values.has(r.clientScanId))
          .map((r) => ({ clientScanId: r.clientScanId, value: values.get(r.clientScanId) ?? '', status: r.status, text: r.text, direction: r.outcome?.direction ?? null }));
        if (decided.length > 0) setSynced((now) => [...decided.reverse(), ...now].slice(0, 20));
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

  return { ...counts, syncNow, synced, dismissSynced: () => setSynced([]) };
}
