import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Table builder (issue 14, `account/specialized-services/{instanceId}/table-builder/`): a table of rows keyed
// by a scanned value whose columns are the instance's questions. A scan upserts its value's row; every change
// of a cell is kept with who and when. See docs/SPECIALIZED-TABLE-BUILDER.md.

/** Columns one app user may edit (a user not listed edits every column). */
export const tableBuilderEditor = z.object({ userId: id, questionIds: z.array(id).max(500) });
/** A child view: the chosen app users see only these columns in the scanner (and edit only those of them they may edit). */
export const tableBuilderView = z.object({
  name: z.string().trim().min(1, 'Name the view').max(100, 'At most 100 characters'),
  userIds: z.array(id).max(1_000),
  questionIds: z.array(id).min(1, 'Choose at least one column').max(500),
});
export type TableBuilderView = z.infer<typeof tableBuilderView>;

/** The settings of a table-builder instance (every field has a default). */
export const tableBuilderSettings = z.object({
  /** The header of the key column (the scanned value). */
  keyLabel: z.string().trim().min(1, 'Give the key column a header').max(100, 'At most 100 characters').default('Barcode'),
  editors: z.array(tableBuilderEditor).max(1_000).default([]),
  views: z.array(tableBuilderView).max(50).default([]),
});
export type TableBuilderSettings = z.infer<typeof tableBuilderSettings>;

/** A column of the grid: `value` (the key), `updatedAt`, or a question's id as text. */
export const tableColumnKey = z.string().regex(/^(value|updatedAt|\d{1,10})$/, 'Not a column of this table');
export const tableFilterOps = ['contains', 'equals', 'empty', 'notEmpty'] as const;
export const tableFilter = z.object({ column: tableColumnKey, op: z.enum(tableFilterOps), value: z.string().max(200).default('') });
export type TableFilter = z.infer<typeof tableFilter>;
export const tableQuery = z.object({
  filters: z.array(tableFilter).max(10).default([]),
  sort: tableColumnKey.default('updatedAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type TableQuery = z.infer<typeof tableQuery>;

export const tableColumn = z.object({ questionId: id, text: z.string(), type: z.string() });
export type TableColumn = z.infer<typeof tableColumn>;
/** One row: the key, the latest answer per column (question id → text), and when it last changed. */
export const tableRow = z.object({ id, value: z.string(), cells: z.record(z.string(), z.string()), updatedAt: timestamp, updatedBy: z.string() });
export type TableRow = z.infer<typeof tableRow>;

const page = { page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(500).default(50) };
/** `total` counts matches up to 10,000; `totalExact` false means more ("10,000+"). */
const pageReply = z.object({ keyLabel: z.string(), columns: z.array(tableColumn), rows: z.array(tableRow), total: z.number().int(), totalExact: z.boolean() });

export const tableBuilderRows = defineV2Route({
  path: 'table-builder/rows',
  access: 'admin',
  summary: 'A page of the table: rows filtered and sorted, with the latest answer of each column. A filtered count stops past 10,000 (`totalExact` false) unless `countAll` is true.',
  /** `countAll`: count every match of a filter (slower on a large table), as the scan search's "count all". */
  body: tableQuery.extend({ id, ...page, countAll: z.boolean().default(false) }),
  reply: pageReply,
});

export const tableChange = z.object({ questionId: id, question: z.string(), from: z.string().nullable(), to: z.string(), by: z.string(), source: z.enum(['scan', 'admin', 'import', 'share']), at: timestamp });
export type TableChange = z.infer<typeof tableChange>;

export const tableBuilderRow = defineV2Route({
  path: 'table-builder/row',
  access: 'admin',
  summary: 'One row with every change of its cells, newest first (who, when, from what to what).',
  body: z.object({ id, rowId: id }),
  reply: z.object({ row: tableRow, changes: z.array(tableChange) }),
});

export const tableBuilderCellUpdate = defineV2Route({
  path: 'table-builder/cell-update',
  access: 'admin',
  summary: "Sets one cell of a row (kept in the row's history with the administrator's name).",
  body: z.object({ id, rowId: id, questionId: id, value: z.string().max(4_000) }),
  reply: z.object({ row: tableRow }),
});

export const tableBuilderExport = defineV2Route({
  path: 'table-builder/export',
  access: 'admin',
  summary: 'The rows matching the filter as CSV or XLSX, with the shown columns (the reply is the file).',
  body: tableQuery.extend({ id, format: z.enum(['csv', 'xlsx']).default('csv'), questionIds: z.array(id).max(500).optional() }),
  reply: z.unknown(),
});

// Share links: `/share-link?taskId=<instance id>&token=<token>`, read-only, optional expiry and password.

export const shareLinkInfo = z.object({
  linkId: id,
  createdAt: timestamp,
  expiresAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  hasPassword: z.boolean(),
  /** The columns shown; null: all. */
  questionIds: z.array(id).nullable(),
  /** Who changes through the link are by ("share link <name>"). */
  name: z.string(),
  /** The columns people with the link may edit; null: read-only. */
  editableQuestionIds: z.array(id).nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkInfo = z.infer<typeof shareLinkInfo>;

export const tableBuilderLinks = defineV2Route({
  path: 'table-builder/links',
  access: 'admin',
  summary: "The instance's share links, newest first (the token is shown only when a link is made).",
  body: z.object({ id }),
  reply: z.object({ items: z.array(shareLinkInfo) }),
});

export const tableBuilderLinkCreate = defineV2Route({
  path: 'table-builder/link-create',
  access: 'admin',
  summary: 'Makes a share link, read-only or editing chosen columns (optional expiry, password and columns), and its short link; answers its address, shown this once.',
  body: z.object({
    id,
    name: z.string().trim().max(100, 'At most 100 characters').default(''),
    /** null: read-only; else the columns (among those shown) people with the link may edit. */
    editableQuestionIds: z.array(id).min(1, 'Choose at least one column to edit').max(500).nullable().default(null),
    expiresAt: timestamp.nullable().default(null),
    password: z.string().min(4, 'Use at least 4 characters').max(200).nullable().default(null),
    questionIds: z.array(id).min(1, 'Choose at least one column').max(500).nullable().default(null),
  }),
  /** `shortUrl`: the short link made with it (`/l/<code>`, listed in account/links), null without SECRETS_KEY. */
  reply: z.object({ link: shareLinkInfo, path: z.string(), url: z.string(), shortUrl: z.string().nullable() }),
});

export const tableBuilderLinkRevoke = defineV2Route({
  path: 'table-builder/link-revoke',
  access: 'admin',
  summary: 'Revokes a share link and its short link (both land on the expired page from now on).',
  body: z.object({ id, linkId: id }),
  reply: okReply,
});

/** What a share link opens. `expired` (expired or revoked) and `password` (needed or wrong) are answers, not errors. */
export const shareLinkOpen = defineV2Route({
  path: 'share-link/open',
  access: 'public',
  summary: 'The table a share link shows (read-only), or why not: expired or revoked, or a password is needed.',
  body: tableQuery.extend({
    taskId: z.string().max(20),
    token: z.string().max(100),
    password: z.string().max(200).optional(),
    /** `/device-lookup`: only the rows this device (its id) scanned. */
    deviceId: id.optional(),
    ...page,
  }),
  reply: z.discriminatedUnion('state', [
    z.object({ state: z.literal('ok'), name: z.string(), expiresAt: timestamp.nullable(), editable: z.array(id) }).extend(pageReply.shape),
    z.object({ state: z.literal('expired') }),
    z.object({ state: z.literal('password'), wrong: z.boolean() }),
  ]),
});

/**
 * A cell changed through an editable share link (the link's token, and password if it has one). Refused
 * (403) for a read-only, expired or revoked link or a column it may not edit; kept in the history as
 * "share link <name>".
 */
export const shareLinkCellUpdate = defineV2Route({
  path: 'share-link/cell-update',
  access: 'public',
  summary: 'Sets one cell through an editable share link (only its chosen columns, while it is active).',
  body: z.object({ taskId: z.string().max(20), token: z.string().max(100), password: z.string().max(200).optional(), rowId: id, questionId: id, value: z.string().max(4_000) }),
  reply: z.object({ row: tableRow }),
});

/** What the scanner shows when a value is scanned on a table-builder service: the row's answers so far. */
export const appTableBuilderRow = defineV2Route({
  path: 'app/table-builder/row',
  access: 'app',
  summary: "The row of a scanned value on a table-builder service: the columns this app user sees, with the answers so far and whether they may edit each.",
  body: z.object({ serviceId: id, value: z.string().trim().min(1).max(4_000) }),
  reply: z.object({
    exists: z.boolean(),
    keyLabel: z.string(),
    columns: z.array(z.object({ questionId: id, text: z.string(), value: z.string().nullable(), editable: z.boolean(), updatedAt: timestamp.nullable(), updatedBy: z.string().nullable() })),
  }),
});

/**
 * `/app-custom?tableId=` and `/device-lookup?tableId=&deviceId=` opened with the scanner's app token: the table
 * (`tableId` = the table-builder instance's id) in the columns this app user sees, optionally only the rows a
 * device scanned. An app user not on the service, or of another account, gets NOT_FOUND.
 */
export const appTableBuilderRows = defineV2Route({
  path: 'app/table-builder/rows',
  access: 'app',
  summary: 'A page of a table-builder table as the signed-in app user sees it (their columns; optionally only the rows a device scanned).',
  body: tableQuery.extend({ tableId: id, deviceId: id.optional(), ...page }),
  reply: pageReply.extend({ name: z.string(), editable: z.array(id) }),
});

/** Shown in the share-link address. */
export const SHARE_LINK_PATH = '/share-link';
