import { useEffect } from 'react';
import { useServices } from '../../../app/useServices';
import { watchConnectivity } from '../connectivity-probe';

/**
 * Asks the server whether it answers, at start and every few seconds while offline, and sets the online
 * flag from the answer. Why: navigator.onLine says only that a network interface is up, so a phone on a
 * warehouse Wi-Fi without upstream, or a scanner opened from the service worker's cache, reads "online"
 * while nothing can be sent.
 */
export function useConnectivityProbe(): void {
  const { online } = useServices();
  useEffect(() => watchConnectivity(online, window), [online]);
}
