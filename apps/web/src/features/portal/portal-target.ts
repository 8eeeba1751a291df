import { routesByName } from '../../app/route-table';
import type { PortalFlow } from '../../session/portal-flows';

/** Where each portal starts when the sign-in was not sent from a page of it. */
export const portalHome: Record<PortalFlow, string> = { checkinout: '/checkinout/', attendance: '/attendance/', userportal: '/share/preview/scans/', taskportal: '/task-portal/tasks/' };

/**
 * The page to open after a portal sign-in: the route named by `referenceState` with the query of
 * `referenceParams` (spec section 2), when it is a route of the same portal without path parameters;
 * otherwise the portal's start page (with `instance_id` kept for the check-in/out portal).
 */
export function portalTarget(flow: PortalFlow, referenceState: string | undefined, referenceParams: string | undefined, instanceId?: string): string {
  let params: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(referenceParams ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      params = Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    params = {};
  }
  const prefix = flow === 'checkinout' ? 'CIO.' : 'AP.';
  const def = referenceState?.startsWith(prefix) ? routesByName.get(referenceState) : undefined;
  const query = new URLSearchParams(params).toString();
  if (def && !def.path.includes('{') && !def.name.endsWith('signin')) return `${def.path}${query ? `?${query}` : ''}`;
  const home = portalHome[flow];
  return instanceId ? `${home}?${new URLSearchParams({ instance_id: instanceId }).toString()}` : home;
}
