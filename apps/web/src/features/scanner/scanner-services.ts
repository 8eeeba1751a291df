import { appUpload } from '@scanbase/contracts/scanner';
import { createContext } from 'react';
import type { NavigationPort } from '../../api/navigation-port';
import { V2Client } from '../../api/v2-client';
import { browserStore } from '../../session/storage';
import { browserQueueStore } from './idb-queue-store';
import { ScanQueue } from './offline-queue';
import { ScannerSession } from './scanner-session';

/** What the scanner pages share: its own session, a V2 client that sends the app token, and the offline queue. */
export type ScannerServices = { session: ScannerSession; client: V2Client; queue: ScanQueue };

/** The scanner handles every error itself (a refused app token must not touch the admin session or navigate). */
const stayHere: NavigationPort = {
  current: () => ({ name: 'scanner', pathname: '/scanner', search: '', authenticate: false }),
  go: () => undefined,
};

/** fetch with a time limit: a scan that hangs on a bad connection is queued instead (retries are safe). */
export function fetchWithTimeout(timeoutMs: (url: string) => number): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs(url)) });
  };
}

let shared: ScannerServices | null = null;

/** One set per tab (the queue's single-flight sync must be shared by every component). */
export function scannerServices(): ScannerServices {
  if (shared) return shared;
  const session = new ScannerSession(browserStore());
  const client = new V2Client({
    baseUrl: (import.meta.env.VITE_API_V2_BASE as string | undefined) ?? `${window.location.origin}/api-v2/`,
    session,
    navigation: stayHere,
    fetch: fetchWithTimeout((url) => (url.includes('/app/upload') ? 60_000 : 12_000)),
  });
  const queue = new ScanQueue({ store: browserQueueStore(), upload: async (scans) => (await client.call(appUpload, { scans })).results });
  shared = { session, client, queue };
  return shared;
}

export const ScannerContext = createContext<ScannerServices | null>(null);
