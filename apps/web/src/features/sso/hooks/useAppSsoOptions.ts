import { appSsoOptions } from '@scanbase/contracts/sso';
import { useEffect, useState } from 'react';
import type { V2Client } from '../../../api/v2-client';

/**
 * Whether this account's scanner and portals offer "Sign in with <provider>"; without an account, whether any company of
 * this install signs its app users in with SSO (the email path). Null while unknown.
 */
export function useAppSsoOptions(client: V2Client, accountId: number | null): { available: boolean; providerName: string } | null {
  const [options, setOptions] = useState<{ available: boolean; providerName: string } | null>(null);
  useEffect(() => {
    let live = true;
    client.call(appSsoOptions, accountId === null ? {} : { accountId }).then(
      (o) => live && setOptions(o),
      // Offline or refused: no button; the password form still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, accountId]);
  return options;
}
