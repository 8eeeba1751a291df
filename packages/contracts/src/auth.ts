import { z } from 'zod';
import { email, id, okReply, password } from './common.js';
import { privileges, role } from './roles.js';
import { defineV2Route } from './route.js';

/** The signed-in person as the web app's session needs it (spec section 3, "Admin record"). */
export const sessionUser = z.object({
  adminId: id,
  accountId: id,
  account: z.string(),
  accountUserId: id.nullable(),
  username: z.string(),
  name: z.string(),
  role,
  accountPrivileges: privileges,
  timezone: z.string(),
  /** The account requires two-factor sign-in and this person has not set it up: only the set-up routes answer until they do. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const accountChoice = z.object({ accountId: id, companyName: z.string(), role });

/** A correct password for a login with two-factor sign-in: a short-lived, single-use challenge for `auth/signin/verify` (not a session). */
export const twoFactorChallenge = z.object({ kind: z.literal('two_factor'), challenge: z.string(), expiresInSeconds: z.number().int().positive() });
const signedIn = z.object({ kind: z.literal('signed_in'), token: z.string(), user: sessionUser });
/** Signed in, but the account requires two-factor sign-in this person has not set up: the session may only set it up (`twoFactorSetupPaths`). */
export const twoFactorSetupSession = z.object({ kind: z.literal('two_factor_setup'), token: z.string(), user: sessionUser });

/** A code from the authenticator app: six digits (spaces are ignored). */
export const totpCode = z.string().max(20).transform((value) => value.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));
/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes are ignored. */
export const recoveryCode = z.string().max(40).transform((value) => value.toLowerCase().replace(/[\s-]+/g, '')).pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits'));

export const signUp = defineV2Route({
  path: 'auth/signup',
  access: 'public',
  summary: 'Create an account and send the email verification link.',
  body: z.object({
    companyName: z.string().trim().min(1, 'Enter your company name').max(120),
    name: z.string().trim().min(1, 'Enter your name').max(120),
    email,
    password,
    /** The email already signs in to Scanbase and the person confirmed they want another company with it. */
    confirmMultiAccount: z.boolean().default(false),
  }),
  reply: z.object({ accountId: id, verificationSent: z.literal(true) }),
});

export const verifyEmail = defineV2Route({
  path: 'auth/verify-email',
  access: 'public',
  summary: 'Confirm an email address with the token from the verification mail; signs the person in.',
  body: z.object({ token: z.string().min(10).max(200) }),
  reply: z.object({ token: z.string(), user: sessionUser }),
});

export const resendVerification = defineV2Route({
  path: 'auth/resend-verification',
  access: 'public',
  summary: 'Send the verification mail again (answers ok whether or not the address is known).',
  body: z.object({ email }),
  reply: okReply,
});

export const signIn = defineV2Route({
  path: 'auth/signin',
  access: 'public',
  summary: 'Sign in with email and password. An email on several accounts answers with the accounts to choose from; a login with two-factor sign-in answers a challenge for `auth/signin/verify`; `two_factor_setup` is a session that may only set up the two-factor sign-in its account requires.',
  body: z.object({ email, password: z.string().min(1, 'Enter your password').max(200, 'A password has at most 200 characters'), accountId: id.optional() }),
  reply: z.discriminatedUnion('kind', [signedIn, z.object({ kind: z.literal('choose_account'), ticket: z.string(), accounts: z.array(accountChoice) }), twoFactorChallenge, twoFactorSetupSession]),
});

export const verifySignIn = defineV2Route({
  path: 'auth/signin/verify',
  access: 'public',
  summary: 'Second step of a sign-in with two-factor sign-in: the challenge and a code from the authenticator app (or an unused recovery code) give the session.',
  body: z.union([z.object({ challenge: z.string().min(10).max(200), code: totpCode }).strict(), z.object({ challenge: z.string().min(10).max(200), recoveryCode }).strict()]),
  reply: signedIn,
});

export const selectAccount = defineV2Route({
  path: 'auth/select-account',
  access: 'public',
  summary: 'Finish a multi-account sign-in by choosing one of the offered accounts; a login with two-factor sign-in answers a challenge for `auth/signin/verify`.',
  body: z.object({ ticket: z.string().min(10).max(200), accountId: id }),
  reply: z.discriminatedUnion('kind', [signedIn, twoFactorChallenge, twoFactorSetupSession]),
});

export const signOut = defineV2Route({
  path: 'auth/signout',
  access: 'session',
  summary: 'Revoke the current session token.',
  body: z.object({}),
  reply: okReply,
});

export const forgotPassword = defineV2Route({
  path: 'auth/forgot-password',
  access: 'public',
  summary: 'Mail a password-reset link (answers ok whether or not the address is known).',
  body: z.object({ email }),
  reply: okReply,
});

export const resetPassword = defineV2Route({
  path: 'auth/reset-password',
  access: 'public',
  summary: 'Set a new password with the token from the reset mail; every session of that login ends.',
  body: z.object({ token: z.string().min(10).max(200), password }),
  reply: okReply,
});

export const acceptInvite = defineV2Route({
  path: 'auth/accept-invite',
  access: 'public',
  summary: 'A team member sets a name and password from the invitation link and is signed in.',
  body: z.object({ token: z.string().min(10).max(200), name: z.string().trim().min(1).max(120), password }),
  reply: z.object({ token: z.string(), user: sessionUser }),
});

export const me = defineV2Route({
  path: 'me/get',
  access: 'session',
  summary: 'The signed-in person, their account and privileges.',
  body: z.object({}),
  reply: sessionUser,
});
