import { V2Error } from '../../api/v2-client';

/** Retry a failed load once, unless the server refused the request itself (4xx: the same search fails again). */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof V2Error && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
