import { useEffect } from 'react';
import { portalLiveUpdates } from '../portal-live';

/** Keeps the portal's live-updates socket open while the page is shown. */
export function usePortalLive(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const live = portalLiveUpdates();
    live.start();
    return () => live.stop();
  }, [signedIn]);
}
