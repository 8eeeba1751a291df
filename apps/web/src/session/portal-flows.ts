/*
 * The portals' sign-ins (spec sections 2 and 6): route-name prefix CIO is the check-in/out portal, AP the
 * attendance portal, UP the user portal (shared preview), TP the task portal. A portal user is an app user; their token is kept under the flow's own keys, apart
 * from the admin session and the scanner. Kept tiny: the router reads it on every guarded navigation.
 */

/** The portals that sign app users in. */
export type PortalFlow = 'checkinout' | 'attendance' | 'userportal' | 'taskportal';

/** The flow whose sign-in guards a route, by its name's prefix (undefined: the admin session guards it). */
export const portalFlowOf = (routeName: string): PortalFlow | undefined => flowByPrefix[routeName.split('.')[0] ?? ''];
const flowByPrefix: Record<string, PortalFlow> = { CIO: 'checkinout', AP: 'attendance', UP: 'userportal', TP: 'taskportal' };

/** The local-storage keys of a portal's session. */
export const portalKeys = (flow: PortalFlow) => ({ token: `portal.${flow}.token`, udid: `portal.${flow}.udid`, user: `portal.${flow}.user` });

/** Whether this browser holds a portal token for the flow (the server still checks it on every call; a refused storage reads as none). */
export function hasPortalToken(flow: PortalFlow): boolean {
  try {
    return !!localStorage.getItem(`portal.${flow}.token`);
  } catch {
    return false;
  }
}
