import type { OnlineStatus } from '../../api/online-status';

/** How often the scanner asks the server whether it is reachable while it believes it is offline. */
export const OFFLINE_RETRY_MS = 15_000;

/** Answers whether the server is reachable (true for any reply below 500). */
export type HealthCheck = () => Promise<boolean>;

/** Asks the server's health route; a network failure reads as unreachable. */
export const fetchHealth: HealthCheck = async () => {
  try {
    const reply = await fetch('/healthz', { cache: 'no-store' });
    return reply.status < 500;
  } catch {
    return false;
  }
};

/**
 * Probes at once, again on the browser's "online" and every OFFLINE_RETRY_MS while unreachable, and sets the
 * flag from the answer; returns the stopping function. A probe's answer counts only if no online or offline
 * event arrived while it was in flight: a reply that left before the device lost its network must not undo
 * the browser's "offline".
 */
export function watchConnectivity(online: OnlineStatus, target: EventTarget, check: HealthCheck = fetchHealth, retryMs = OFFLINE_RETRY_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by every browser event; a probe of an older generation drops its answer.
  let generation = 0;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void probe(), retryMs);
  };
  const probe = async () => {
    const mine = generation;
    const reachable = await check();
    if (stopped || mine !== generation) return;
    online.set(reachable);
    if (!reachable) later();
  };
  const cameOnline = () => {
    generation += 1;
    clearTimeout(timer);
    void probe();
  };
  const wentOffline = () => {
    generation += 1;
    later();
  };
  target.addEventListener('online', cameOnline);
  target.addEventListener('offline', wentOffline);
  void probe();
  return () => {
    stopped = true;
    clearTimeout(timer);
    target.removeEventListener('online', cameOnline);
    target.removeEventListener('offline', wentOffline);
  };
}
