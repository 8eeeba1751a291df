import { appLocations } from '@scanbase/contracts/scanner-pages';
import { useCallback, useEffect, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { isPassingFailure } from '../offline-queue';
import { locationsCache, rememberTiles, type LocationsReply } from '../mapview-cache';
import { locationsKey, type PeriodRange } from '../mapview';
import { useScanner } from './useScanner';

export type MyLocations = {
  /** The reply shown: fresh from the server, or the one kept on this device for the same service and period. */
  data: LocationsReply | undefined;
  /** When the reply shown was loaded from the server (ISO). */
  savedAt: string | undefined;
  /** True while the reply shown comes from the device (offline, or the server could not be reached). */
  fromDevice: boolean;
  loading: boolean;
  /** The server could not be reached on the last try. */
  unreachable: boolean;
  /** A refusal the person should read (not a connection problem). */
  error: string | null;
  refetch: () => void;
};

/**
 * The signed-in app user's own scans of a service and period (`app/locations`). Every reply loaded is kept
 * on the device (IndexedDB) and shown at once the next time, so the map works offline with what was seen
 * last; online, the server's reply replaces it. `refreshKey` changes (scans synced) fetch again.
 */
export function useMyLocations(userId: number | null, serviceId: number | null, range: PeriodRange | null, online: boolean, refreshKey: number): MyLocations {
  const { client, session } = useScanner();
  const key = userId !== null && serviceId !== null && range ? locationsKey(userId, serviceId, range) : null;
  const [state, setState] = useState<Omit<MyLocations, 'refetch'> & { key: string | null }>({ key: null, data: undefined, savedAt: undefined, fromDevice: false, loading: false, unreachable: false, error: null });
  const [attempt, setAttempt] = useState(0);

  // What this device kept for this key, shown before (or instead of) the server's answer.
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) setState((s) => (s.key === key ? s : { key, data: undefined, savedAt: undefined, fromDevice: false, loading: true, unreachable: false, error: null }));
    });
    void locationsCache()
      .get(key)
      .then((cached) => {
        if (cancelled || !cached) return;
        setState((s) => (s.key === key && (s.data === undefined || s.fromDevice) ? { ...s, data: cached.reply, savedAt: cached.savedAt, fromDevice: true } : s));
      })
      .catch((error: unknown) => console.warn('Could not read the scans kept on this device', error));
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (key === null || userId === null || serviceId === null || !range) return;
    if (!online) {
      queueMicrotask(() => setState((s) => (s.key === key ? { ...s, loading: false } : s)));
      return;
    }
    let cancelled = false;
    queueMicrotask(() => setState((s) => (s.key === key ? { ...s, loading: true } : s)));
    client
      .call(appLocations, { serviceId, from: range.from, to: range.to })
      .then((reply) => {
        const savedAt = new Date().toISOString();
        rememberTiles(reply);
        void locationsCache()
          .put({ key, savedAt, reply })
          .catch((error: unknown) => console.warn('Could not keep the scans on this device', error));
        if (!cancelled) setState({ key, data: reply, savedAt, fromDevice: false, loading: false, unreachable: false, error: null });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof V2Error && error.code === 'AUTH_FAILED') {
          session.clear();
          return;
        }
        if (isPassingFailure(error)) setState((s) => ({ ...s, loading: false, unreachable: true }));
        else setState((s) => ({ ...s, loading: false, unreachable: false, error: error instanceof Error ? error.message : 'The scans could not be loaded.' }));
      });
    return () => {
      cancelled = true;
    };
    // `range` is part of `key`; the call reads the values of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, attempt, refreshKey, client, session]);

  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const shown = state.key === key ? state : { data: undefined, savedAt: undefined, fromDevice: false, loading: key !== null, unreachable: false, error: null };
  return { data: shown.data, savedAt: shown.savedAt, fromDevice: shown.fromDevice, loading: shown.loading, unreachable: shown.unreachable, error: shown.error, refetch };
}
