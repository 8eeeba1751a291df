import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Specialized services (product spec section 2, `account/specialized-services/`): a service with a type.
// An instance (`instanceId`) IS a service (its id is the service id): the same databases, questions, app
// users, engine and scanner as any other service, plus the type and the type's own settings (JSON, checked
// by the type's schema on the server). See docs/SPECIALIZED-SERVICES.md.

/** The seven types, in the order the create page shows them. */
export const specializedTypes = ['check-in-out', 'attendance', 'scan-tickets', 'table-builder', 'scan-to-excel', 'ab-barcode-matching', 'logistics'] as const;
export const specializedType = z.enum(specializedTypes);
export type SpecializedType = z.infer<typeof specializedType>;

/** What the create page says of each type, and the tabs of an instance (the first is where the wizard lands). */
export const specializedTypeInfo: Record<SpecializedType, { title: string; sentence: string; tabs: readonly string[] }> = {
  'check-in-out': { title: 'Check in/out', sentence: 'People, badges or equipment are either in or out: scan at the door and see who is in right now.', tabs: ['details', 'checklist', 'users', 'questions', 'advanced'] },
  attendance: { title: 'Attendance', sentence: 'Take attendance at classes, trainings or shifts: on time, late or absent, with reports per session and per person.', tabs: [] },
  'scan-tickets': { title: 'Scan tickets', sentence: 'Check tickets at the gate: valid shows green, a duplicate or unknown code red, with entry limits.', tabs: ['details', 'database', 'history', 'users'] },
  'table-builder': { title: 'Table builder', sentence: 'Keep a table row per scanned code and let your team fill in its columns.', tabs: ['details', 'tableview', 'users', 'questions', 'shareurl', 'advanced'] },
  'scan-to-excel': { title: 'Scan to Excel', sentence: 'Every scan becomes a row of a spreadsheet you can download at any time.', tabs: ['table-view', 'details', 'users', 'exportfields', 'scans'] },
  'ab-barcode-matching': { title: 'A/B barcode matching', sentence: 'Scan two labels and see at once whether they match.', tabs: ['type', 'users', 'questions', 'advanced'] },
  logistics: { title: 'Logistics', sentence: 'Follow packages through the stages you name, from pick-up to delivery.', tabs: [] },
};

/** `active`: takes scans now; `inactive`: outside the service's active period (Advanced tab of a service). */
export const instanceStatus = z.enum(['active', 'inactive']);

/** One instance as the list shows it. */
export const specializedInstance = z.object({
  id,
  type: specializedType,
  name: z.string(),
  /** The service's database (roster, tickets …), when the type uses one. */
  databaseId: id.nullable(),
  status: instanceStatus,
  /** Scans since midnight in the account's time zone. */
  scansToday: z.number().int(),
  createdAt: timestamp,
});
export type SpecializedInstance = z.infer<typeof specializedInstance>;

/** One instance with its type settings (the shape of `settings` is the type's: see the type's contract file). */
export const specializedInstanceDetail = specializedInstance.extend({
  settings: z.record(z.string(), z.unknown()),
  userIds: z.array(id),
});
export type SpecializedInstanceDetail = z.infer<typeof specializedInstanceDetail>;

export const listSpecialized = defineV2Route({
  path: 'specialized/list',
  access: 'admin',
  summary: 'Specialized service instances, with type, status and scans today; filter by type and name (search).',
  body: listQuery.extend({ type: specializedType.optional() }),
  reply: listReply(specializedInstance),
});

export const getSpecialized = defineV2Route({ path: 'specialized/get', access: 'admin', summary: 'One instance with its type settings.', body: z.object({ id }), reply: specializedInstanceDetail });

/**
 * Creates an instance: the service and whatever the type needs (a database, questions), with the type's
 * defaults; `settings` are the type's settings (checked by the type's schema) and `userIds` the app users
 * who may scan with it.
 */
export const createSpecialized = defineV2Route({
  path: 'specialized/create',
  access: 'admin',
  summary: 'Creates an instance of a type with everything it needs (service, database, questions) and answers it.',
  body: z.object({
    type: specializedType,
    name: z.string().trim().min(1, 'Enter a name').max(100),
    /** An existing database to use (a roster, the tickets); a new empty one is made when the type needs one and none is given. */
    databaseId: id.nullable().default(null),
    settings: z.record(z.string(), z.unknown()).default({}),
    userIds: z.array(id).max(10_000).default([]),
  }),
  reply: specializedInstanceDetail,
});

/** Replaces the type settings (checked by the type's schema); the name too when given. */
export const updateSpecialized = defineV2Route({
  path: 'specialized/update',
  access: 'admin',
  summary: 'Changes the name and type settings of an instance.',
  body: z.object({ id, name: z.string().trim().min(1, 'Enter a name').max(100).optional(), settings: z.record(z.string(), z.unknown()).optional() }),
  reply: specializedInstanceDetail,
});

export const deleteSpecialized = defineV2Route({ path: 'specialized/delete', access: 'admin', summary: 'Deletes an instance (its service; scans stay searchable).', body: z.object({ id }), reply: okReply });
