import { appServices } from '@scanbase/contracts/scanner';
import { useEffect } from 'react';
import { useOnline } from '../../../api/useOnline';
import { V2Error } from '../../../api/v2-client';
import { useScanner } from './useScanner';

/** Refreshes the services list (and settings, questions) whenever the scanner opens online; a refused token signs out. */
export function useRefreshServices(signedIn: boolean): void {
  const { client, session } = useScanner();
  const online = useOnline();
  useEffect(() => {
    if (!signedIn || !online) return;
    let cancelled = false;
    client
      .call(appServices, {})
      .then((reply) => {
        if (!cancelled) session.updateProfile(reply);
      })
      .catch((error: unknown) => {
        if (!cancelled && error instanceof V2Error && error.code === 'AUTH_FAILED') session.clear();
      });
    return () => {
      cancelled = true;
    };
  }, [client, online, session, signedIn]);
}
