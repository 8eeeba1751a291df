import type { Privileges } from '@scanbase/contracts';

/** Who is calling through a web session: account, owner admin, team member (if any), role and privileges. */
export type Session = {
  tokenId: number;
  accountId: number;
  adminId: number;
  accountUserId: number | null;
  role: string;
  privileges: Privileges;
  /** The account requires two-factor sign-in and this login has not set it up: only the set-up routes and sign-out answer. */
  twoFactorPending: boolean;
};

/** Reads a session token into a Session (undefined when unknown or expired). */
export type SessionResolver = (token: string) => Promise<Session | undefined>;

/** Who is calling through an app token (the scanner API): account, app user and the device it signed in on. */
export type AppSession = { tokenId: number; accountId: number; appUserId: number; username: string; deviceId: number };

/** Reads an app token into an AppSession (undefined when unknown or expired). */
export type AppSessionResolver = (token: string) => Promise<AppSession | undefined>;
