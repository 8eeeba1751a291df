import { z } from 'zod';
import { id, listQuery, listReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Check in/out (issue 13): a value (a person, a badge, a tool) is either in or out. An instance is a
// service with the type `check-in-out`; its settings are below, its current states in the type's own
// table (migration 0014). See docs/SPECIALIZED-CHECK-IN-OUT.md.

export const checkDirection = z.enum(['in', 'out']);
export type CheckDirection = z.infer<typeof checkDirection>;

/** Fast: the scanner picks In or Out for its session; Confirm: each scan asks; Toggle: each scan flips the state. */
export const checkInOutMode = z.enum(['fast', 'confirm', 'toggle']);
export type CheckInOutMode = z.infer<typeof checkInOutMode>;

/** When a checklist (or a question) applies: at check-in, at check-out or both. */
export const checkWhen = z.enum(['in', 'out', 'both']);
export type CheckWhen = z.infer<typeof checkWhen>;

/** The type settings of a check in/out instance (`specialized/create|update` `settings`), with defaults. */
export const checkInOutSettings = z.object({
  mode: checkInOutMode.default('toggle'),
  /** The state of a value never scanned. */
  defaultState: checkDirection.default('out'),
  /** The result names who moved the value last and when ("In since 09:12 by gate-1"). */
  showLast: z.boolean().default(true),
  checklist: z
    .object({
      when: checkWhen.default('out'),
      items: z.array(z.string().trim().min(1, 'Enter the item').max(200)).max(50).default([]),
    })
    .default({ when: 'out', items: [] }),
  /** Questions (ids of the service's questions) asked only at check-in or check-out; a question not named here is asked at both. */
  questionsAt: z.record(z.string().regex(/^\d+$/), checkWhen).default({}),
  /** App users who may open the portal of this instance (`/checkinout/?instance_id=`). */
  portalUserIds: z.array(id).max(10_000).default([]),
});
export type CheckInOutSettings = z.infer<typeof checkInOutSettings>;

/** One value's current state. */
export const checkState = z.object({
  value: z.string(),
  state: checkDirection,
  since: timestamp,
  /** The app user who moved it last (null when that user was removed). */
  by: z.string().nullable(),
  lastScanId: id.nullable(),
});
export type CheckState = z.infer<typeof checkState>;

export const rosterQuery = listQuery.extend({ id, state: checkDirection.optional() });
export const rosterReply = listReply(checkState).extend({ counts: z.object({ in: z.number().int(), out: z.number().int() }) });
export type RosterReply = z.infer<typeof rosterReply>;

/** One movement of a value (a valid scan of the instance that moved it), newest first. */
export const checkMovement = z.object({
  scanId: id,
  direction: checkDirection.nullable(),
  status: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
  response: z.string(),
  scannedAt: timestamp,
  by: z.string().nullable(),
  checklist: z.array(z.string()),
  reason: z.string().nullable(),
});
export type CheckMovement = z.infer<typeof checkMovement>;

export const valueHistoryQuery = z.object({ id, value: z.string().trim().min(1, 'Enter a value').max(4_000), limit: z.number().int().min(1).max(500).default(100) });
export const valueHistoryReply = z.object({ value: z.string(), state: checkDirection, since: timestamp.nullable(), by: z.string().nullable(), movements: z.array(checkMovement) });
export type ValueHistoryReply = z.infer<typeof valueHistoryReply>;

/** Instances an app user may open in the portal. */
export const portalInstance = z.object({ id, name: z.string(), mode: checkInOutMode, counts: z.object({ in: z.number().int(), out: z.number().int() }) });
export type PortalInstance = z.infer<typeof portalInstance>;

export const checkInOutRoster = defineV2Route({ path: 'checkinout/roster', access: 'admin', summary: 'The current state of every value of a check in/out instance, with counts in and out.', body: rosterQuery, reply: rosterReply });
export const checkInOutHistory = defineV2Route({ path: 'checkinout/history', access: 'admin', summary: "One value's state and its movements.", body: valueHistoryQuery, reply: valueHistoryReply });

export const portalCheckInOutInstances = defineV2Route({ path: 'app/checkinout/instances', access: 'app', summary: 'The check in/out instances the signed-in app user may open in the portal.', body: z.object({}), reply: z.object({ items: z.array(portalInstance) }) });
export const portalCheckInOutRoster = defineV2Route({ path: 'app/checkinout/roster', access: 'app', summary: 'The portal roster of an instance (the app user needs portal access to it).', body: rosterQuery, reply: rosterReply.extend({ name: z.string(), mode: checkInOutMode, checklist: z.object({ when: checkWhen, items: z.array(z.string()) }) }) });
export const portalCheckInOutHistory = defineV2Route({ path: 'app/checkinout/history', access: 'app', summary: "One value's state and history in the portal.", body: valueHistoryQuery, reply: valueHistoryReply });
export const portalCheckInOutMove = defineV2Route({
  path: 'app/checkinout/move',
  access: 'app',
  summary: 'Checks a value in or out by hand with a reason: stored as a scan of the instance, judged by the same rules.',
  body: z.object({ id, value: z.string().trim().min(1, 'Enter a value').max(4_000), direction: checkDirection, reason: z.string().trim().min(1, 'Give a reason').max(500), checklist: z.array(z.string().max(200)).max(50).default([]) }),
  reply: z.object({ scanId: id, status: z.union([z.literal(1), z.literal(0), z.literal(-1)]), text: z.string(), state: checkState.nullable() }),
});
