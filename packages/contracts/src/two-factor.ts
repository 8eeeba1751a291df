import { z } from 'zod';
import { id, okReply } from './common.js';
import { sessionUser, totpCode } from './auth.js';
import { accountSettings } from './settings.js';
import { defineV2Route } from './route.js';

/** A person's two-factor sign-in as their profile shows it. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number().int().min(0),
  /** The account requires two-factor sign-in of everyone on its team. */
  requiredByAccount: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const getTwoFactor = defineV2Route({
  path: 'me/two-factor/status',
  access: 'session',
  summary: 'Whether your two-factor sign-in is on, since when, how many recovery codes are left, and whether the account requires it.',
  body: z.object({}),
  reply: twoFactorStatus,
});

export const setUpTwoFactor = defineV2Route({
  path: 'me/two-factor/setup',
  access: 'session',
  summary: 'Start setting up two-factor sign-in: a new secret, as text and as an otpauth:// URI for a QR code. It is switched on only by `me/two-factor/enable` with a valid code.',
  body: z.object({}),
  reply: z.object({ secret: z.string(), uri: z.string(), issuer: z.string(), label: z.string() }),
});

export const enableTwoFactor = defineV2Route({
  path: 'me/two-factor/enable',
  access: 'session',
  summary: 'Confirm the set-up with a code from the authenticator app: switches two-factor sign-in on and answers 10 single-use recovery codes (shown once).',
  body: z.object({ code: totpCode }),
  reply: z.object({ recoveryCodes: z.array(z.string()), status: twoFactorStatus, user: sessionUser }),
});

export const regenerateRecoveryCodes = defineV2Route({
  path: 'me/two-factor/recovery-codes',
  access: 'session',
  summary: 'Replace your recovery codes with 10 new ones (the old ones stop working); needs a current code from the authenticator app.',
  body: z.object({ code: totpCode }),
  reply: z.object({ recoveryCodes: z.array(z.string()), status: twoFactorStatus }),
});

export const disableTwoFactor = defineV2Route({
  path: 'me/two-factor/disable',
  access: 'session',
  summary: 'Switch your two-factor sign-in off; needs your password or a current code. Refused while the account requires it.',
  body: z.union([z.object({ password: z.string().min(1, 'Enter your password').max(200) }).strict(), z.object({ code: totpCode }).strict()]),
  reply: twoFactorStatus,
});

export const resetMemberTwoFactor = defineV2Route({
  path: 'team/reset-two-factor',
  access: 'admin',
  summary: "Switch a team member's two-factor sign-in off (a lost phone): their sessions end, they are mailed, and the reset is logged.",
  body: z.object({ id }),
  reply: okReply,
});

export const requireTwoFactor = defineV2Route({
  path: 'settings/require-two-factor',
  access: 'owner',
  summary: 'Require two-factor sign-in of everyone on the team (the owner must have it on first). Sessions of members without it end; their next sign-in leads to set-up.',
  body: z.object({ required: z.boolean() }),
  reply: accountSettings,
});

/** The only V2 routes a session may call while the account requires two-factor sign-in it has not set up. */
export const twoFactorSetupPaths: readonly string[] = ['me/get', 'auth/signout', getTwoFactor.path, setUpTwoFactor.path, enableTwoFactor.path];
