import { useSyncExternalStore } from 'react';
import { useServices } from '../app/useServices';

/** The online flag (browser events plus what legacy calls learn). */
export function useOnline(): boolean {
  const { online } = useServices();
  return useSyncExternalStore(online.subscribe, online.getSnapshot);
}
