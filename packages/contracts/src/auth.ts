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
});
export type SessionUser = z.infer<typeof sessionUser>;

export const accountChoice = z.object({ accountId: id, companyName: z.string(), role });

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
  summary: 'Sign in with email and password. An email on several accounts answers with the accounts to choose from.',
  body: z.object({ email, password: z.string().min(1, 'Enter your password').max(200, 'A password has at most 200 characters'), accountId: id.optional() }),
  reply: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('signed_in'), token: z.string(), user: sessionUser }),
    z.object({ kind: z.literal('choose_account'), ticket: z.string(), accounts: z.array(accountChoice) }),
  ]),
});

export const selectAccount = defineV2Route({
  path: 'auth/select-account',
  access: 'public',
  summary: 'Finish a multi-account sign-in by choosing one of the offered accounts.',
  body: z.object({ ticket: z.string().min(10).max(200), accountId: id }),
  reply: z.object({ token: z.string(), user: sessionUser }),
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
