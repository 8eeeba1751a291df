import { z } from 'zod';
import { defineV2Route } from './route.js';

/** How the web app writes dates: 3 Mar 2026, 03/03/2026 (day first), 03/03/2026 (month first), 2026-03-03. */
export const dateFormats = ['d MMM yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;
export type DateFormat = (typeof dateFormats)[number];
/** How the web app writes times: 14:03 or 2:03 PM. */
export const timeFormats = ['24h', '12h'] as const;
export type TimeFormat = (typeof timeFormats)[number];
/** The longest scan retention one can set (ten years); null keeps scans for ever. */
export const MAX_RETENTION_DAYS = 3650;

/** timezoneBehavior: 1 = show times in the account's zone, 2 = in each scan's own zone (default), 3 = in the viewer's browser zone. */
export const accountSettings = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  dateFormat: z.enum(dateFormats),
  timeFormat: z.enum(timeFormats),
  /** Scans older than this many days are deleted by a daily job; null keeps them for ever. */
  scanRetentionDays: z.number().int().nullable(),
  /** With a retention: when the daily job runs next and how many scans it would delete if it ran now. */
  retention: z.object({ nextPurgeAt: z.string(), wouldDelete: z.number().int().min(0) }).nullable(),
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
    companyName: z.string().trim().min(1, 'Enter the company name').max(120).optional(),
    companyAddress: z.string().trim().max(500).optional(),
    companyPhone: z.string().trim().max(40).optional(),
    dateFormat: z.enum(dateFormats).optional(),
    timeFormat: z.enum(timeFormats).optional(),
    scanRetentionDays: z.number().int().min(1).max(MAX_RETENTION_DAYS).nullable().optional(),
    /** Lowering the retention (or setting one) deletes scans at the next run: the caller confirms it (else 409 with the count). */
    confirmRetention: z.boolean().optional(),
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
