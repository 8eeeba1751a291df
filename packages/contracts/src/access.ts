import { hasPrivilege, isAdminRole, type PrivilegeName } from './roles.js';

/**
 * Who may call a legacy action or a V2 route (product spec section 6). The one table of these
 * rules is `access-table.ts`; both API dispatchers read it and refuse to start when an action or
 * route has no rule.
 *
 * - `public`: anyone, signed in or not.
 * - `app`: an app user's token (the scanner API).
 * - `member`: any signed-in team member of the account (the owner included).
 * - `admin`: a member whose role is owner, billing_admin or admin.
 * - `owner`: the account owner only.
 *
 * `privilege` adds a privilege the caller must hold (the owner holds every one). `apiKey` lets an
 * account's API key call it (legacy API only); a key acts as the owner, as codeREADr's does.
 */
export type AccessRule =
  | { readonly who: 'public' }
  | { readonly who: 'app' }
  | { readonly who: 'member' | 'admin' | 'owner'; readonly privilege?: Exclude<PrivilegeName, 'user'>; readonly apiKey?: boolean };

/** Who is calling, as far as access is concerned. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'app' }
  /** An account API key (legacy API): acts as the account owner where a rule admits keys. */
  | { kind: 'api_key' }
  | { kind: 'session'; role: string; privileges: Partial<Record<PrivilegeName, boolean>> };

/** Why a call is refused: no usable credentials (legacy 101, V2 401) or not allowed (legacy 10, V2 403). */
export type AccessRefusal = { reason: 'unauthenticated' | 'forbidden'; message: string };

/** Everyone. */
export const PUBLIC: AccessRule = { who: 'public' };
/** An app user's token (scanner API). */
export const APP: AccessRule = { who: 'app' };

type StaffOptions = { privilege?: Exclude<PrivilegeName, 'user'>; apiKey?: boolean };
/** Any signed-in team member. */
export const member = (options: StaffOptions = {}): AccessRule => ({ who: 'member', ...options });
/** A team member with an admin role (owner, billing_admin, admin). */
export const admin = (options: StaffOptions = {}): AccessRule => ({ who: 'admin', ...options });
/** The account owner. */
export const owner = (options: StaffOptions = {}): AccessRule => ({ who: 'owner', ...options });

/** Decides one call: undefined when the caller may go on, else why not. */
export function checkAccess(rule: AccessRule, caller: Caller): AccessRefusal | undefined {
  if (rule.who === 'public') return undefined;
  if (rule.who === 'app') return caller.kind === 'app' ? undefined : { reason: 'unauthenticated', message: 'Your scanner session has ended. Please sign in again.' };
  if (caller.kind === 'anonymous' || caller.kind === 'app') return { reason: 'unauthenticated', message: 'Your session has ended. Please sign in again.' };
  if (caller.kind === 'api_key') return rule.apiKey === true ? undefined : { reason: 'forbidden', message: 'This action is only available to the web app, not to API keys.' };
  if (rule.who === 'admin' && !isAdminRole(caller.role)) return { reason: 'forbidden', message: 'Only account administrators can do this.' };
  if (rule.who === 'owner' && caller.role !== 'owner') return { reason: 'forbidden', message: 'Only the account owner can do this.' };
  if (rule.privilege && !hasPrivilege(caller.role, caller.privileges, rule.privilege)) return { reason: 'forbidden', message: `This needs the ${rule.privilege} privilege.` };
  return undefined;
}

/** A rule in words, for the API documentation and error texts ("admin role, API key"). */
export function describeAccess(rule: AccessRule): string {
  if (rule.who === 'public') return 'anyone';
  if (rule.who === 'app') return 'app user token';
  const who = { member: 'any team member', admin: 'admin role', owner: 'owner only' }[rule.who];
  return [who, rule.privilege && `privilege ${rule.privilege}`, rule.apiKey && 'API key'].filter(Boolean).join(', ');
}
