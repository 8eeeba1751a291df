import { appSsoOptions } from '@scanbase/contracts/sso';
import { useEffect, useState } from 'react';
import type { V2Client } from '../../../api/v2-client';

/** Whether this account's scanner and portals offer "Sign in with <provider>" (null while unknown or without an account). */
export function useAppSsoOptions(client: V2Client, accountId: number | null): { available: boolean; providerName: string } | null {
  const [options, setOptions] = useState<{ available: boolean; providerName: string } | null>(null);
  useEffect(() => {
    if (accountId === null) return;
    let live = true;
    client.call(appSsoOptions, { accountId }).then(
      (o) => live && setOptions(o),
      // Offline or refused: no button; the password form still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, accountId]);
  return accountId === null ? null : options;
}
