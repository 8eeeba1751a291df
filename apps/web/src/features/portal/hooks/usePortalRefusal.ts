import { useEffect } from 'react';
import type { V2Error } from '../../../api/v2-client';
import type { PortalFlow } from '../../../session/portal-flows';
import { portalServices } from '../portal-services';

/** Sends someone whose portal access was taken away (FORBIDDEN) to the portal's sign-in with `errCode`. */
export function usePortalRefusal(flow: PortalFlow, signInPath: string, error: V2Error | null) {
  useEffect(() => {
    if (error?.code !== 'FORBIDDEN') return;
    void portalServices(flow)
      .session.signOut()
      .then(() => window.location.assign(`${signInPath}?errCode=FORBIDDEN`));
  }, [error, flow, signInPath]);
}
