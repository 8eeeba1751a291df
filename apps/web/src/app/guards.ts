import { hasPrivilege, isAdminRole } from '@scanbase/contracts/role-rules';
import type { AccessSnapshot } from '../session/session-store';
import { signInHref } from '../session/sign-in-target';
import type { RouteDef, RouteMeta } from './route-types';

export const UNAUTHORIZED_PATH = '/unauthorized/';

/** What a guard decides: let the visitor in, send them to sign in, or to the unauthorized page. */
export type GuardOutcome = { kind: 'allow' } | { kind: 'signin'; href: string } | { kind: 'unauthorized'; href: string };

/** Whether the session meets the route meta (spec section 6), without deciding where to go. */
export function checkAccess(meta: RouteMeta, access: AccessSnapshot): 'allow' | 'signin' | 'unauthorized' {
  if (!meta.authenticate) return 'allow';
  if (!access.signedIn) return 'signin';
  const firstRole = access.roles[0] ?? '';
  if (meta.admin && !isAdminRole(firstRole)) return 'unauthorized';
  if (meta.owner && firstRole !== 'owner') return 'unauthorized';
  if (meta.privilege && !hasPrivilege(firstRole, access.privileges, meta.privilege)) return 'unauthorized';
  return 'allow';
}

/** The guard of one route at one address: allow, or where to send the visitor. */
export function guardRoute(def: RouteDef, access: AccessSnapshot, location: { pathname: string; search: string }): GuardOutcome {
  switch (checkAccess(def.meta, access)) {
    case 'allow':
      return { kind: 'allow' };
    case 'signin':
      return { kind: 'signin', href: signInHref({ name: def.name, pathname: location.pathname, search: location.search }) };
    case 'unauthorized':
      return { kind: 'unauthorized', href: UNAUTHORIZED_PATH };
  }
}
