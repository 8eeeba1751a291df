import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

export const appUser = z.object({
  id,
  username: z.string(),
  isOwner: z.boolean(),
  invited: z.boolean(),
  deviceLimit: z.number().int().nullable(),
  serviceIds: z.array(id),
  createdAt: timestamp,
});
export type AppUser = z.infer<typeof appUser>;

const username = z.string().trim().min(1, 'Enter a username').max(254);
const appPassword = z.string().min(4, 'Use at least 4 characters').max(200);
const deviceLimit = z.number().int().min(1).max(100000).nullable();

/** The user list's defaults (spec section 9): page 1, 50 per page. */
export const listAppUsers = defineV2Route({ path: 'appusers/list', access: 'admin', summary: 'App users (people who scan).', body: listQuery, reply: listReply(appUser) });
export const getAppUser = defineV2Route({ path: 'appusers/get', access: 'admin', summary: 'One app user.', body: z.object({ id }), reply: appUser });
export const createAppUser = defineV2Route({ path: 'appusers/create', access: 'admin', summary: 'Creates an app user; an email username gets an invitation instead of a password.', body: z.object({ username, password: appPassword.optional(), deviceLimit: deviceLimit.optional(), serviceIds: z.array(id).optional() }), reply: appUser });
export const updateAppUser = defineV2Route({ path: 'appusers/update', access: 'admin', summary: 'Changes username, password, device limit or service permissions.', body: z.object({ id, username: username.optional(), password: appPassword.optional(), deviceLimit: deviceLimit.optional(), serviceIds: z.array(id).optional() }), reply: appUser });
export const deleteAppUser = defineV2Route({ path: 'appusers/delete', access: 'admin', summary: 'Deletes an app user (their scans stay).', body: z.object({ id }), reply: okReply });
export const appUsernameAvailable = defineV2Route({ path: 'appusers/available', access: 'admin', summary: 'Whether a username is free.', body: z.object({ username }), reply: z.object({ available: z.boolean() }) });
export const acceptAppUserInvite = defineV2Route({ path: 'appusers/accept-invite', access: 'public', summary: 'Sets the password of an invited app user (link /user/confirmemail/appuser/<token>/).', body: z.object({ token: z.string().min(10).max(200), password: appPassword }), reply: z.object({ username: z.string() }) });
