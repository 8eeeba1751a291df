import type { AppSsoFlow, AppUserGroupGrant, RouteReply, SsoFailReason, v2Routes } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { AppUsersService } from '../app-users/app-users.service.js';
import type { ScannerSessionsService } from '../scans/scanner-sessions.service.js';
import type { SsoConfigRow } from './sso.repo.js';

/** Where an app user's SSO sign-in returns to, kept in the state row with the device it binds. */
export type AppTarget = { flow: AppSsoFlow; returnTo: string; udid: string; deviceName: string };
/** The scanner's app-token issuing (the same token `app/signin` answers). */
export type AppSessions = Pick<ScannerSessionsService, 'issue'>;
export type AppSignedIn = Extract<RouteReply<typeof v2Routes.finishSso>, { kind: 'app_signed_in' }>;

/**
 * What a just-in-time app user gets: the union of the rows whose group the person has ('*' matches everyone);
 * undefined when no row matches (then no app user is made: docs/SSO.md "App users").
 */
export function grantsFor(groups: string[], mapping: AppUserGroupGrant[]): Omit<AppUserGroupGrant, 'group'> | undefined {
  const rows = mapping.filter((m) => m.group === '*' || groups.includes(m.group));
  if (rows.length === 0) return undefined;
  return { serviceIds: [...new Set(rows.flatMap((r) => r.serviceIds))], userPortal: rows.some((r) => r.userPortal), taskPortal: rows.some((r) => r.taskPortal) };
}

/** The stored mapping (JSON text), tolerant of an empty or unreadable value. */
export function appUserGroupsOf(row: SsoConfigRow | undefined): AppUserGroupGrant[] {
  try {
    const parsed: unknown = JSON.parse(row?.app_user_groups ?? '[]');
    return Array.isArray(parsed) ? (parsed as AppUserGroupGrant[]) : [];
  } catch {
    return [];
  }
}

type Fail = (reason: SsoFailReason, detail?: string) => Error;

/**
 * The identity provider vouched for `email`: the account's app user with that username (matched case-insensitively),
 * or a new one (just-in-time) with the grants of the person's groups; then an app token for the device that started.
 */
export async function appUserLogin(
  deps: { appUsers: AppUsersService; sessions: AppSessions; room: (accountId: number) => Promise<void> },
  accountId: number,
  config: SsoConfigRow,
  email: string,
  groups: string[],
  target: AppTarget,
  fail: Fail,
): Promise<AppSignedIn> {
  if (config.app_users_enabled !== 1) throw fail('app_sso_off');
  await deps.appUsers.ensureOwner(accountId);
  let user = await deps.appUsers.repo.findByUsernameKey(email);
  if (user && user.account_id !== accountId) throw fail('app_user_taken', email);
  if (!user) {
    if (config.app_users_jit !== 1) throw fail('no_app_user', email);
    const grants = grantsFor(groups, appUserGroupsOf(config));
    if (!grants) throw fail('no_app_user', `${email}: none of your groups (${groups.length > 0 ? groups.join(', ') : 'none sent'}) gives access to the scanner or the portals.`);
    // A user made just in time counts against the plan like one an administrator adds.
    try {
      await deps.room(accountId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') throw fail('app_user_limit', error.message);
      throw error;
    }
    try {
      await deps.appUsers.createFromSso(accountId, { email, ...grants });
    } catch {
      // A username taken meanwhile (another company, or a parallel first sign-in): read again below.
    }
    user = await deps.appUsers.repo.findByUsernameKey(email);
    if (!user || user.account_id !== accountId) throw fail('app_user_taken', email);
  }
  try {
    const signed = await deps.sessions.issue(user, target.udid, target.deviceName);
    return { kind: 'app_signed_in', flow: target.flow, returnTo: target.returnTo, ...signed };
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw fail('device_limit', error.message);
    throw error;
  }
}
