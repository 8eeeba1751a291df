import { useEffect } from 'react';
import type { V2Error } from '../../../api/v2-client';

/**
 * Sends someone whose portal access was taken away (FORBIDDEN) to the portal's sign-in with `errCode`, which ends
 * the session there. Ending it here first would refetch this page's queries without a token, and their 401 would
 * send the person to the sign-in without saying why.
 */
export function usePortalRefusal(signInPath: string, error: V2Error | null) {
  useEffect(() => {
    if (error?.code !== 'FORBIDDEN') return;
    window.location.assign(`${signInPath}?errCode=FORBIDDEN`);
  }, [error, signInPath]);
}
