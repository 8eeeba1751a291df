import { appSignIn } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import type { V2Error } from '../../../api/v2-client';
import { useScanner } from './useScanner';

/** Signs an app user in on this device; keeps the token and the services reply. */
export function useScannerSignIn() {
  const { client, session } = useScanner();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<V2Error | null>(null);
  const signIn = async (values: { username: string; password: string; deviceName: string }) => {
    setPending(true);
    setError(null);
    try {
      const reply = await client.call(appSignIn, { username: values.username, password: values.password, udid: session.udid, deviceName: values.deviceName });
      session.signedIn(reply.token, { user: reply.user, device: reply.device, services: reply.services }, reply.device.name || values.deviceName);
      if (reply.services.length === 1 && reply.services[0]) session.chooseService(reply.services[0].id);
    } catch (caught) {
      setError(caught as V2Error);
    } finally {
      setPending(false);
    }
  };
  return { signIn, pending, error };
}
