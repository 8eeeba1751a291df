import type { NavigationPort } from '../../api/navigation-port';
import { V2Client } from '../../api/v2-client';
import type { PortalFlow } from '../../session/portal-flows';
import { browserStore } from '../../session/storage';
import { PortalSession } from './portal-session';

/** What a portal's pages share: its session and a V2 client that sends the portal's app token. */
export type PortalServices = { session: PortalSession; client: V2Client };

/** Where the browser is, for the client's error catalogue (a refused token sends the person to the portal's sign-in). */
function windowNavigation(routeName: () => string | undefined): NavigationPort {
  return {
    current: () => ({ name: routeName(), pathname: window.location.pathname, search: window.location.search, authenticate: currentAuthenticate }),
    go: (href) => window.location.assign(href),
  };
}

const shared = new Map<PortalFlow, PortalServices>();
let currentRoute: string | undefined;
let currentAuthenticate = true;

/**
 * Tells the portal client which route is shown (its prefix picks the sign-in a refused token leads to);
 * `authenticate` false on a sign-in page, where a refused password is an answer to show, not a redirect.
 */
export function setPortalRoute(name: string, authenticate = true): void {
  currentRoute = name;
  currentAuthenticate = authenticate;
}

/** One set per flow and tab. */
export function portalServices(flow: PortalFlow): PortalServices {
  const existing = shared.get(flow);
  if (existing) return existing;
  const session = new PortalSession(flow, browserStore());
  const client = new V2Client({
    baseUrl: (import.meta.env.VITE_API_V2_BASE as string | undefined) ?? `${window.location.origin}/api-v2/`,
    session,
    navigation: windowNavigation(() => currentRoute),
  });
  const made = { session, client };
  shared.set(flow, made);
  return made;
}
