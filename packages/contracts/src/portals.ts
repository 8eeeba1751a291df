import { z } from 'zod';
import { id, listReply, timestamp } from './common.js';
import { jobState } from './tasks.js';
import { defineV2Route } from './route.js';

/*
 * The user portal (/share/preview/, route prefix UP) and the task portal (/task-portal/, prefix TP): app users
 * an administrator gave portal access sign in with `app/signin` and see, read-only, the scans and databases of
 * the services shared with them and the runs of the tasks shared with them. Decisions in docs/PORTALS.md.
 */

const ids = z.array(id).max(500);

/** What an app user may see in the portals (admin side, on the app user's page). */
export const portalAccess = z.object({
  appUserId: id,
  /** May sign in to the user portal: their own scans, and the scans and databases of `serviceIds`. */
  userPortal: z.boolean(),
  /** May sign in to the task portal: the runs of `taskIds`. */
  taskPortal: z.boolean(),
  serviceIds: ids,
  taskIds: ids,
});
export type PortalAccess = z.infer<typeof portalAccess>;

/** The access, with the short links (`/l/<code>`) of the portals' sign-in pages, made when access to a portal is first granted. */
export const portalAccessReply = portalAccess.extend({ shortUrls: z.object({ userPortal: z.string().nullable(), taskPortal: z.string().nullable() }) });
export type PortalAccessReply = z.infer<typeof portalAccessReply>;

export const getPortalAccess = defineV2Route({ path: 'portals/access/get', access: 'admin', summary: "An app user's portal access and what is shared with them, with the portals' short links.", body: z.object({ appUserId: id }), reply: portalAccessReply });
export const setPortalAccess = defineV2Route({
  path: 'portals/access/set',
  access: 'admin',
  summary: "Grants or removes an app user's user-portal and task-portal access and chooses the shared services and tasks (ids of the account); granting a portal makes the account's short link to its sign-in page if there is none.",
  body: portalAccess,
  reply: portalAccessReply,
});

/** A service shared in the user portal. */
export const portalService = z.object({ id, name: z.string(), hasDatabase: z.boolean() });
export type PortalService = z.infer<typeof portalService>;

/** Who is signed in to a portal and what is shared with them. */
export const portalMe = defineV2Route({
  path: 'app/portal/me',
  access: 'app',
  summary: 'The signed-in app user, which portals they may use and the services and tasks shared with them.',
  body: z.object({}),
  reply: z.object({
    user: z.object({ id, username: z.string() }),
    userPortal: z.boolean(),
    taskPortal: z.boolean(),
    services: z.array(portalService),
    tasks: z.array(z.object({ id, name: z.string(), type: z.string() })),
  }),
});

const page = z.number().int().min(1).max(100_000).default(1);
const limit = z.number().int().min(1).max(100).default(25);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-27');

export const portalScan = z.object({
  id,
  value: z.string(),
  response: z.string(),
  status: z.number().int(),
  service: z.object({ id, name: z.string() }),
  username: z.string().nullable(),
  scannedAt: timestamp,
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type PortalScan = z.infer<typeof portalScan>;

export const portalScans = defineV2Route({
  path: 'app/portal/scans',
  access: 'app',
  summary: "User portal: the signed-in user's own scans, or (serviceId) the scans of a service shared with them; newest first.",
  body: z.object({ serviceId: id.optional(), search: z.string().trim().max(200).optional(), start: day.optional(), end: day.optional(), page, limit }),
  reply: listReply(portalScan).extend({ totalCapped: z.boolean() }),
});

/** `duplicateType`: which values a lookup shows by validity (the database's own word for a duplicate check). */
export const portalValidity = z.enum(['all', 'valid', 'invalid']);

export const portalDbValue = z.object({ id, value: z.string(), response: z.string(), validity: z.number().int() });
export type PortalDbValue = z.infer<typeof portalDbValue>;

export const portalDb = defineV2Route({
  path: 'app/portal/db',
  access: 'app',
  summary: 'User portal: looks values up in the database of a service shared with the signed-in user.',
  body: z.object({
    serviceId: id,
    value: z.string().trim().max(500).optional(),
    exactValue: z.boolean().default(false),
    valueCi: z.boolean().default(true),
    response: z.string().trim().max(500).optional(),
    exactResponse: z.boolean().default(false),
    responseCi: z.boolean().default(true),
    duplicateType: portalValidity.default('all'),
    page,
    limit,
  }),
  reply: listReply(portalDbValue).extend({ totalCapped: z.boolean(), databaseName: z.string() }),
});

export const portalRun = z.object({
  id,
  taskId: id,
  taskName: z.string(),
  taskType: z.string(),
  state: jobState,
  progress: z.object({ done: z.number(), total: z.number().nullable(), message: z.string() }),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  file: z.object({ name: z.string(), size: z.number() }).nullable(),
  error: z.string().nullable(),
});
export type PortalRun = z.infer<typeof portalRun>;

export const portalTaskRuns = defineV2Route({
  path: 'app/portal/tasks',
  access: 'app',
  summary: 'Task portal: the runs of the tasks shared with the signed-in user (q: part of the task name), newest first.',
  body: z.object({ q: z.string().trim().max(200).optional(), page, limit }),
  reply: listReply(portalRun),
});

export const portalTaskFile = defineV2Route({ path: 'app/portal/task-file', access: 'app', summary: "Task portal: the result file of a run of a shared task (the reply is the file's bytes).", body: z.object({ id }), reply: z.unknown() });
