import { useSyncExternalStore } from 'react';
import type { ScannerProfile } from '../scanner-session';
import { useScanner } from './useScanner';

/** The scanner session's token presence and profile; re-renders when either changes. */
export function useScannerSession(): { signedIn: boolean; profile: ScannerProfile | null; serviceId: number | null; continuous: boolean; camera: boolean } {
  const { session } = useScanner();
  useSyncExternalStore(session.subscribe, session.getVersion);
  return { signedIn: session.token !== null, profile: session.profile, serviceId: session.serviceId, continuous: session.continuous, camera: session.camera };
}
