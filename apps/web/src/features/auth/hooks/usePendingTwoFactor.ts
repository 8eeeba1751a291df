import { useSyncExternalStore } from 'react';
import { loadPendingTwoFactor, onPendingTwoFactor, type PendingTwoFactor } from '../pending-two-factor';

/** The sign-in's pending second step (code or required set-up), kept current as it is saved or cleared. */
export function usePendingTwoFactor(): PendingTwoFactor | null {
  return useSyncExternalStore(onPendingTwoFactor, loadPendingTwoFactor, () => null);
}
