import { appSignOut } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import { useScanner } from './useScanner';

/** Ends the app token on the server (when reachable) and forgets it here; queued scans stay for this user's next sign-in. */
export function useScannerSignOut() {
  const { client, session } = useScanner();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await client.call(appSignOut, {});
    } catch (error) {
      console.warn('Sign-out did not reach the server; the token is forgotten here anyway', error);
    } finally {
      session.clear();
      setPending(false);
    }
  };
  return { signOut, pending };
}
