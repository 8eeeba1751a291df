/** The place a visitor was trying to reach. */
export type Target = { name: string | undefined; pathname: string; search: string };

/** Route-name prefix -> the flow whose own sign-in handles it (spec sections 2 and 6). */
export const flowPrefixes = { AP: 'attendance', UP: 'shared preview', CIO: 'check in/out', TP: 'task portal' } as const;

/** The query string as a plain object (what `referenceParams` carries as JSON). */
export function queryObject(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function withReference(base: string, target: Target): string {
  const params = new URLSearchParams({ referenceState: target.name ?? '', referenceParams: JSON.stringify(queryObject(target.search)) });
  return `${base}?${params.toString()}`;
}

/** True for a same-site path we may send someone to after sign-in (never another origin). */
export function isSafeReturnPath(value: string | undefined): value is string {
  return value !== undefined && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * The sign-in that handles an unauthenticated visit: attendance and check-in/out sign-ins take
 * `referenceState` and `referenceParams`, the shared preview login keeps the query string, the
 * task portal has its own login, and everything else goes to `/signin?to=<path>`.
 */
export function signInHref(target: Target): string {
  const prefix = target.name?.split('.')[0];
  switch (prefix ?? '') {
    case 'AP':
      return withReference('/attendance/signin/', target);
    case 'CIO':
      return withReference('/checkinout/signin/', target);
    case 'UP':
      return `/share/preview/login/${target.search}`;
    case 'TP':
      return '/task-portal/login/';
    default:
      return `/signin?${new URLSearchParams({ to: target.pathname + target.search }).toString()}`;
  }
}
