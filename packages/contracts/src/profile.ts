import { z } from 'zod';
import { email, id, okReply, password } from './common.js';
import { defineV2Route } from './route.js';
import { sessionUser } from './auth.js';
import { isTimeZone } from './settings.js';

/** The signed-in person's own record (spec section 2, `account/userprofile/`). */
export const profile = z.object({
  name: z.string(),
  email: z.string(),
  timezone: z.string(),
  /** owner: the account's admin record; member: a team member (account user). */
  kind: z.enum(['owner', 'member']),
  /** An address waiting for its confirmation link to be opened (null when none). */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

/** One web session signed in with this login. */
export const profileSession = z.object({
  id,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof profileSession>;

export const getProfile = defineV2Route({
  path: 'me/profile',
  access: 'session',
  summary: 'The signed-in person’s name, email, time zone and any email change waiting for confirmation.',
  body: z.object({}),
  reply: profile,
});

export const updateProfile = defineV2Route({
  path: 'me/update',
  access: 'session',
  summary: 'Change your own name and time zone; fields left out stay as they are. The owner’s time zone is also the account’s.',
  body: z.object({
    name: z.string().trim().min(1, 'Enter your name').max(120, 'A name has at most 120 characters').optional(),
    timezone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  }),
  reply: z.object({ profile, user: sessionUser }),
});

export const changePassword = defineV2Route({
  path: 'me/change-password',
  access: 'session',
  summary: 'Change your own password; every other session of this login is signed out, the calling one stays.',
  body: z.object({ currentPassword: z.string().min(1, 'Enter your current password').max(200), newPassword: password }),
  reply: z.object({ ok: z.literal(true), signedOut: z.number().int().min(0) }),
});

export const listSessions = defineV2Route({
  path: 'me/sessions',
  access: 'session',
  summary: 'The web sessions signed in with your login, the calling one marked `current`, most recently seen first.',
  body: z.object({}),
  reply: z.object({ items: z.array(profileSession) }),
});

export const revokeSession = defineV2Route({
  path: 'me/sessions/revoke',
  access: 'session',
  summary: 'Sign out one of your sessions (`id`) or every session but the calling one (`allOthers: true`).',
  body: z.union([z.object({ id }).strict(), z.object({ allOthers: z.literal(true) }).strict()]),
  reply: z.object({ ok: z.literal(true), signedOut: z.number().int().min(0) }),
});

export const changeEmail = defineV2Route({
  path: 'me/change-email',
  access: 'session',
  summary: 'Ask to change your sign-in email: a link is mailed to the new address and takes effect only once opened; the old address gets a notice.',
  body: z.object({ email, currentPassword: z.string().min(1, 'Enter your current password').max(200) }),
  reply: okReply,
});

export const confirmEmail = defineV2Route({
  path: 'me/confirm-email',
  access: 'session',
  summary: 'Confirm an email change with the token from the mailed link (signed in as the same login).',
  body: z.object({ token: z.string().min(10).max(200) }),
  reply: z.object({ profile, user: sessionUser }),
});
