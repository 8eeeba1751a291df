import { appBranding, publicBrandingRoute, type PublicBranding } from '@scanbase/contracts/branding';
import { useEffect, useState } from 'react';
import type { V2Client } from '../../../api/v2-client';
import { browserStore } from '../../../session/storage';
import { recallBranding, rememberBranding } from '../branding-store';

/**
 * The branding app users and visitors see: their account's once signed in (`app/branding` with the app token), the
 * account named in the address (`?account=<id>`, `branding/public`) before, else the last one this device saw.
 * null = Scanbase's own look. (Plain state, not react-query: the scanner and portals live outside the admin shell.)
 */
export function useBrandingFor(client: V2Client, input: { signedIn: boolean; accountId: number | null }): PublicBranding | null {
  const { signedIn, accountId } = input;
  const [branding, setBranding] = useState<PublicBranding | null>(() => recallBranding(browserStore()));
  useEffect(() => {
    if (!signedIn && accountId === null) return;
    let live = true;
    const load = signedIn ? client.call(appBranding, {}) : client.call(publicBrandingRoute, { accountId: accountId! });
    load
      .then((b) => {
        if (!live) return;
        rememberBranding(browserStore(), b);
        setBranding(b);
      })
      // Offline or refused: keep what this device saw last (or Scanbase's look).
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, signedIn, accountId]);
  return branding;
}

/** The account id of `?account=` in the address, or null. */
export function accountFromAddress(search: string): number | null {
  const value = new URLSearchParams(search).get('account');
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
