import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

export const database = z.object({ id, name: z.string(), caseSensitive: z.boolean(), createdAt: timestamp, updatedAt: timestamp, valueCount: z.number().int(), serviceIds: z.array(id) });
export type DatabaseInfo = z.infer<typeof database>;

export const dbValue = z.object({ id, value: z.string(), response: z.string(), validity: z.number().int() });
export type DbValue = z.infer<typeof dbValue>;

const name = z.string().trim().min(1, 'Enter a name').max(200);
const value = z.string().min(1).max(500);
const validity = z.union([z.literal(0), z.literal(1)]);

/** Which file column (0-based) holds the value, the response and the validity. */
export const columnMapping = z.object({ value: z.number().int().min(0).max(200), response: z.number().int().min(0).max(200).nullable().optional(), validity: z.number().int().min(0).max(200).nullable().optional() });
export const importReport = z.object({ rows: z.number().int(), imported: z.number().int(), rejected: z.number().int(), rejectedRows: z.array(z.object({ row: z.number().int(), reason: z.string() })) });
export type ImportReportBody = z.infer<typeof importReport>;

export const listDatabases = defineV2Route({ path: 'databases/list', access: 'admin', summary: 'Databases with value counts and the services using them.', body: listQuery, reply: listReply(database) });
export const getDatabase = defineV2Route({ path: 'databases/get', access: 'admin', summary: 'One database.', body: z.object({ id }), reply: database });
export const createDatabase = defineV2Route({ path: 'databases/create', access: 'admin', summary: 'Creates a database; case sensitivity is fixed from then on.', body: z.object({ name, caseSensitive: z.boolean().default(false) }), reply: database });
export const renameDatabase = defineV2Route({ path: 'databases/rename', access: 'admin', summary: 'Renames a database.', body: z.object({ id, name }), reply: database });
export const deleteDatabase = defineV2Route({ path: 'databases/delete', access: 'admin', summary: 'Deletes a database and its values (CONFLICT while a service uses it).', body: z.object({ id }), reply: okReply });
export const clearDatabase = defineV2Route({ path: 'databases/clear', access: 'admin', summary: 'Removes every value.', body: z.object({ id }), reply: z.object({ removed: z.number().int() }) });
/** `total` is capped at 10,000 (`totalCapped` says so): counting a million matches costs more than the page. */
export const searchValues = defineV2Route({
  path: 'databases/values',
  access: 'admin',
  summary: 'Values of a database: search (substring of the value), response, validity; newest last.',
  body: z.object({ id, page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(500).default(50), search: z.string().max(500).optional(), responseSearch: z.string().max(500).optional(), validity: validity.optional() }),
  reply: listReply(dbValue).extend({ totalCapped: z.boolean() }),
});
export const addValue = defineV2Route({ path: 'databases/add-value', access: 'admin', summary: 'Adds a value (CONFLICT if it exists).', body: z.object({ id, value, response: z.string().max(100_000).default(''), validity: validity.default(1), trim: z.boolean().default(true) }), reply: dbValue });
export const editValue = defineV2Route({ path: 'databases/edit-value', access: 'admin', summary: 'Changes a value, its response or validity.', body: z.object({ id, valueId: id, value: value.optional(), response: z.string().max(100_000).optional(), validity: validity.optional() }), reply: dbValue });
export const deleteValue = defineV2Route({ path: 'databases/delete-value', access: 'admin', summary: 'Deletes a value.', body: z.object({ id, valueId: id }), reply: okReply });
export const autofillValues = defineV2Route({
  path: 'databases/autofill',
  access: 'admin',
  summary: 'Generates N random or sequential values not yet in the database.',
  body: z.object({ id, count: z.number().int().min(1).max(100_000), mode: z.enum(['random', 'sequential']), prefix: z.string().max(100).default(''), length: z.number().int().min(1).max(64).default(8), start: z.number().int().min(0).default(1), response: z.string().max(10_000).default(''), validity: validity.default(1) }),
  reply: z.object({ added: z.number().int() }),
});
/** Multipart: a `file` part (CSV or XLSX) beside `params`. */
export const previewImport = defineV2Route({ path: 'databases/import-preview', access: 'admin', summary: 'The first rows of an uploaded CSV or XLSX, for the column mapping.', body: z.object({ id, rows: z.number().int().min(1).max(50).default(10) }), reply: z.object({ format: z.enum(['csv', 'xlsx']), rows: z.array(z.array(z.string())), columns: z.number().int() }) });
/** Multipart: a `file` part (CSV or XLSX) beside `params`. */
export const importValuesRoute = defineV2Route({
  path: 'databases/import',
  access: 'admin',
  summary: 'Imports values from CSV or XLSX: all-or-nothing (onError abort) or skipping and reporting bad rows.',
  body: z.object({ id, columns: columnMapping.default({ value: 0, response: 1, validity: 2 }), hasHeader: z.boolean().default(false), trim: z.boolean().default(true), onError: z.enum(['abort', 'skip']).default('skip') }),
  reply: importReport,
});
/**
 * Multipart: a `file` part (CSV or XLSX), streamed to storage, never held in memory. The import runs as an
 * `importdatabase` job; follow it with `jobs/get` (its result `report` holds the counts and the first
 * rejected rows; the full list of rejected rows is the job's file, a CSV).
 */
export const startImport = defineV2Route({
  path: 'databases/import-start',
  access: 'admin',
  summary: 'Starts a background import of an uploaded CSV or XLSX; answers the job to follow.',
  body: importValuesRoute.body,
  reply: z.object({ jobId: id }),
});
