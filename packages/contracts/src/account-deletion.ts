import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Deleting the account (spec section 2, `account/deletion/`; issue 15): download everything first, confirm
// with the company name and the owner's password, a grace period with a restore link by mail, then a job
// purges every row and file of the account. See docs/ACCOUNT-DELETION.md.

/** Where the account stands: the last export run (if any) and the scheduled deletion (if any). */
export const deletionStatus = z.object({
  companyName: z.string(),
  /** Days between the request and the purge. */
  graceDays: z.number().int(),
  scheduled: z.object({ requestedAt: timestamp, dueAt: timestamp }).nullable(),
  /** The newest "download everything" run: follow it with `jobs/get`, download with `jobs/download`. */
  lastExportJobId: id.nullable(),
});
export type DeletionStatus = z.infer<typeof deletionStatus>;

export const getDeletionStatus = defineV2Route({ path: 'account/deletion/status', access: 'owner', summary: 'The scheduled deletion (if any), the grace period and the last export run.', body: z.object({}), reply: deletionStatus });

export const startAccountExport = defineV2Route({
  path: 'account/deletion/export',
  access: 'owner',
  summary: 'Starts a run that writes everything of the account (every table as CSV and JSON Lines, and the stored files) into one ZIP.',
  body: z.object({}),
  reply: z.object({ jobId: id }),
});

export const requestDeletion = defineV2Route({
  path: 'account/deletion/request',
  access: 'owner',
  summary: 'Schedules the deletion of the account after the grace period; the owner is mailed a restore link.',
  body: z.object({
    /** The company name, typed to confirm (compared without case and surrounding spaces). */
    companyName: z.string().max(200),
    password: z.string().min(1, 'Enter your password').max(200),
  }),
  reply: deletionStatus,
});

export const cancelDeletion = defineV2Route({
  path: 'account/deletion/cancel',
  access: 'owner',
  summary: 'Cancels a scheduled deletion (from the page, or with the token of the mailed restore link).',
  body: z.object({ token: z.string().max(200).optional() }),
  reply: okReply,
});
