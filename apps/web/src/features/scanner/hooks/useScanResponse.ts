import { appScanResponse, scanResponse, type ScanResponseView } from '@scanbase/contracts/scanner-pages';
import { useCallback, useEffect, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';
import { scannerServices } from '../scanner-services';

/** Who is looking: the app user who made the scan (scanner token) or an administrator (web session). */
export type ResponseViewer = 'app' | 'admin';

export type ScanResponseState =
  | { kind: 'loading' }
  | { kind: 'ok'; scan: ScanResponseView; viewer: ResponseViewer }
  | { kind: 'not-found' }
  | { kind: 'forbidden' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string; retry: () => void };

type Refusal = 'not-found' | 'forbidden' | 'signed-out';

/** A refusal to show (or undefined: another failure, to report as an error). */
function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof V2Error)) return undefined;
  if (error.code === 'NOT_FOUND') return 'not-found';
  if (error.code === 'FORBIDDEN') return 'forbidden';
  if (error.code === 'AUTH_FAILED') return 'signed-out';
  return undefined;
}

/**
 * One scan's response as the scanner showed it. The scanner's app token is tried first (`app/scan-response`:
 * the maker's own scans); when there is none, or it is refused, an administrator's web session
 * (`scans/response`). The first refusal's reason is kept when the second has nothing better to say.
 */
export function useScanResponse(scanId: number | null): ScanResponseState {
  const { session, v2 } = useServices();
  const [state, setState] = useState<{ id: number | null; attempt: number; value: ScanResponseState }>({ id: null, attempt: 0, value: { kind: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (scanId === null) return;
    let cancelled = false;
    const done = (value: ScanResponseState) => {
      if (!cancelled) setState({ id: scanId, attempt, value });
    };
    const load = async (): Promise<ScanResponseState> => {
      const scanner = scannerServices();
      let refusal: Refusal | undefined;
      if (scanner.session.token !== null) {
        try {
          return { kind: 'ok', scan: await scanner.client.call(appScanResponse, { scanId }), viewer: 'app' };
        } catch (error) {
          refusal = refusalOf(error);
          if (refusal === undefined) throw error;
          // A refused app token ends the scanner's session, as the scanner itself does.
          if (refusal === 'signed-out') scanner.session.clear();
        }
      }
      if (session.token !== null) {
        try {
          return { kind: 'ok', scan: await v2.call(scanResponse, { scanId }), viewer: 'admin' };
        } catch (error) {
          const second = refusalOf(error);
          if (second === undefined) throw error;
          // A team member without an admin role, or an administrator of another account, says less than the maker's refusal.
          return { kind: refusal === 'forbidden' ? 'forbidden' : second === 'signed-out' ? (refusal ?? 'signed-out') : second };
        }
      }
      return { kind: refusal ?? 'signed-out' };
    };
    load()
      .then(done)
      .catch((error: unknown) => done({ kind: 'error', message: error instanceof Error ? error.message : 'The response could not be loaded.', retry }));
    return () => {
      cancelled = true;
    };
  }, [scanId, attempt, session, v2, retry]);

  return state.id === scanId && state.attempt === attempt ? state.value : { kind: 'loading' };
}
