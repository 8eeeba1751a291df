import { useSyncExternalStore } from 'react';
import { useServices } from '../app/useServices';
import type { CurrentUser } from './current-user';
import type { SessionStore } from './session-store';

/** The session and its current user; re-renders when either changes. */
export function useSession(): { session: SessionStore; user: CurrentUser | null; signedIn: boolean } {
  const { session } = useServices();
  useSyncExternalStore(session.subscribe, session.getVersion);
  return { session, user: session.user, signedIn: session.signedIn };
}
