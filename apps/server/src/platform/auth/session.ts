import type { Privileges } from '@scanbase/contracts';

/** Who is calling through a web session: account, owner admin, team member (if any), role and privileges. */
export type Session = {
  tokenId: number;
  accountId: number;
  adminId: number;
  accountUserId: number | null;
  role: string;
  privileges: Privileges;
};

/** Reads a session token into a Session (undefined when unknown or expired). */
export type SessionResolver = (token: string) => Promise<Session | undefined>;
