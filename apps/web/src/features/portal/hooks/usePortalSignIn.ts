import { appSignIn } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import type { V2Error } from '../../../api/v2-client';
import type { PortalFlow } from '../../../session/portal-flows';
import { portalServices } from '../portal-services';

export const portalDeviceNames: Record<PortalFlow, string> = { checkinout: 'Check in/out portal', attendance: 'Attendance portal', userportal: 'User portal', taskportal: 'Task portal' };

/** Signs an app user in to a portal (`app/signin` with this browser's portal device); answers true on success. */
export function usePortalSignIn(flow: PortalFlow) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<V2Error | null>(null);
  const signIn = async (values: { username: string; password: string }): Promise<boolean> => {
    const { client, session } = portalServices(flow);
    setPending(true);
    setError(null);
    try {
      const reply = await client.call(appSignIn, { username: values.username, password: values.password, udid: session.udid, deviceName: portalDeviceNames[flow] });
      session.signedIn(reply.token, reply.user);
      return true;
    } catch (caught) {
      setError(caught as V2Error);
      return false;
    } finally {
      setPending(false);
    }
  };
  return { signIn, pending, error };
}
