import { z } from 'zod';
import { defineV2Route } from './route.js';

/** timezoneBehavior: 1 = show times in the account's zone, 2 = in each scan's own zone (default), 3 = in the viewer's browser zone. */
export const accountSettings = z.object({
  timezoneBehavior: z.number().int().min(1).max(3),
  adminEmail: z.string(),
  databaseCount: z.number().int().min(0),
  timezone: z.string(),
  /** Everyone on the team must use two-factor sign-in (changed by the owner with `settings/require-two-factor`). */
  requireTwoFactor: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettings>;

export const getSettings = defineV2Route({
  path: 'settings/get',
  access: 'admin',
  summary: 'Account settings.',
  body: z.object({}),
  reply: accountSettings,
});

export const updateSettings = defineV2Route({
  path: 'settings/update',
  access: 'admin',
  summary: 'Change account settings; fields left out stay as they are.',
  body: z.object({
    timezoneBehavior: z.number().int().min(1).max(3).optional(),
    adminEmail: z.union([z.literal(''), z.email()]).optional(),
    timezone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  }),
  reply: accountSettings,
});

/** True for an IANA zone name this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
