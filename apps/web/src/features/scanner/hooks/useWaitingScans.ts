import { useEffect, useState, useSyncExternalStore } from 'react';
import type { QueuedScan } from '../offline-queue';
import { useScanner } from './useScanner';

/** The scans of this user still waiting on the device, re-read whenever the queue's counts change (added, sent). */
export function useWaitingScans(userId: number | null): QueuedScan[] {
  const { queue } = useScanner();
  const counts = useSyncExternalStore(queue.subscribe, queue.getCounts);
  const [items, setItems] = useState<{ userId: number | null; list: QueuedScan[] }>({ userId: null, list: [] });
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    queue
      .waiting(userId)
      .then((list) => {
        if (!cancelled) setItems({ userId, list });
      })
      .catch((error: unknown) => console.warn('Could not read the scans waiting on this device', error));
    return () => {
      cancelled = true;
    };
  }, [queue, userId, counts.waiting, counts.sent, counts.rejected]);
  return items.userId === userId ? items.list : [];
}
