import { useEffect } from 'react';
import { useServices } from '../../../app/useServices';

/** How often the scanner asks the server whether it is reachable while it believes it is offline. */
const OFFLINE_RETRY_MS = 15_000;

/**
 * Asks the server whether it answers, at start and every few seconds while offline, and sets the online
 * flag from the answer. Why: navigator.onLine says only that a network interface is up, so a phone on a
 * warehouse Wi-Fi without upstream, or a scanner opened from the service worker's cache, reads "online"
 * while nothing can be sent.
 */
export function useConnectivityProbe(): void {
  const { online } = useServices();
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = async () => {
      try {
        const reply = await fetch('/healthz', { cache: 'no-store' });
        if (!cancelled) online.set(reply.status < 500);
      } catch {
        if (!cancelled) online.set(false);
      }
      if (!cancelled && !online.online) timer = setTimeout(() => void probe(), OFFLINE_RETRY_MS);
    };
    void probe();
    const retry = () => {
      clearTimeout(timer);
      void probe();
    };
    window.addEventListener('online', retry);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [online]);
}
