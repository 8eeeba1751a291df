import type { Privileges, SessionUser } from '@scanbase/contracts';
import type { DateFormat, TimeFormat } from '@scanbase/contracts/settings';

// The contract's lists, written out so the session code (in the first chunk) does not pull zod in with the contract.
const dateFormats: readonly DateFormat[] = ['d MMM yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'];
const timeFormats: readonly TimeFormat[] = ['24h', '12h'];

/** Account settings carried by the admin record (spec section 3, with its defaults). */
export type UserSettings = { timezoneBehavior: number; adminEmail: string; databaseCount: number; dateFormat: DateFormat; timeFormat: TimeFormat };

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

export const defaultSettings: UserSettings = { timezoneBehavior: 2, adminEmail: '', databaseCount: 0, dateFormat: 'd MMM yyyy', timeFormat: '24h' };

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

/** A stored date format, or the default for anything else. */
export function dateFormatOf(value: string | undefined): DateFormat {
  return (dateFormats as readonly string[]).includes(value ?? '') ? (value as DateFormat) : defaultSettings.dateFormat;
}

/** A stored time format, or the default for anything else. */
export function timeFormatOf(value: string | undefined): TimeFormat {
  return (timeFormats as readonly string[]).includes(value ?? '') ? (value as TimeFormat) : defaultSettings.timeFormat;
}
