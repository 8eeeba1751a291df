import type { Privileges, SessionUser } from '@scanbase/contracts';

/** Account settings carried by the admin record (spec section 3, with its defaults). */
export type UserSettings = { timezoneBehavior: number; adminEmail: string; databaseCount: number };

/** The signed-in person as the app uses it: the admin record, overridden by the account user when present. */
export type CurrentUser = {
  adminId: number;
  id: number;
  accountUserId: number | null;
  username: string;
  name: string;
  account: string;
  accountId: number;
  role: string;
  accountPrivileges: Privileges;
  timezone: string;
  settings: UserSettings;
};

export const defaultSettings: UserSettings = { timezoneBehavior: 2, adminEmail: '', databaseCount: 0 };

/** Maps the V2 sign-in reply's user into the app's user record. */
export function userFromSession(user: SessionUser): CurrentUser {
  return {
    adminId: user.adminId,
    id: user.accountUserId ?? user.adminId,
    accountUserId: user.accountUserId,
    username: user.username,
    name: user.name,
    account: user.account,
    accountId: user.accountId,
    role: user.accountUserId === null ? 'owner' : user.role,
    accountPrivileges: user.accountPrivileges,
    timezone: user.timezone,
    settings: { ...defaultSettings },
  };
}
