import { z } from 'zod';
import { id, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';
import { scanSearchQuery, scanStatus } from './scanner.js';

// Issue 7: what administrators do with collected scans besides searching them: statistics, the map,
// the photo gallery, uploads, export templates and exports of a search.

/** The filters of a search without its page (statistics, map, photos, exports). */
export const scanFilters = scanSearchQuery.omit({ page: true, limit: true });
export type ScanFilters = z.input<typeof scanFilters>;

export const scanStatistics = defineV2Route({
  path: 'scans/statistics',
  access: 'admin',
  summary: 'Counts of the scans matching the filters: over time (buckets in the search time zone), by service, by user and by result.',
  body: scanFilters.extend({ bucket: z.enum(['auto', 'hour', 'day', 'week', 'month']).default('auto') }),
  reply: z.object({
    total: z.number().int(),
    bucket: z.enum(['hour', 'day', 'week', 'month']),
    timeZone: z.string(),
    /** `start` is the bucket's first wall-clock instant in the time zone, as `YYYY-MM-DD HH:MM`. */
    overTime: z.array(z.object({ start: z.string(), valid: z.number().int(), invalid: z.number().int(), notValidated: z.number().int() })),
    byService: z.array(z.object({ id, name: z.string(), count: z.number().int() })),
    /** The 20 users with most scans; `id` null for scans without an app user. */
    byUser: z.array(z.object({ id: id.nullable(), name: z.string(), count: z.number().int() })),
    byResult: z.object({ valid: z.number().int(), invalid: z.number().int(), notValidated: z.number().int() }),
  }),
});

export const scanLocation = z.object({ scanId: id, latitude: z.number(), longitude: z.number(), value: z.string(), status: scanStatus, serviceName: z.string(), scannedAt: timestamp });
export type ScanLocation = z.infer<typeof scanLocation>;

export const scanLocations = defineV2Route({
  path: 'scans/locations',
  access: 'admin',
  summary: 'Where the matching scans were taken (their gps_location property), newest first, up to `limit`; `total` counts every matching scan with a location.',
  body: scanFilters.extend({ limit: z.number().int().min(1).max(20_000).default(5_000) }),
  reply: z.object({ points: z.array(scanLocation), total: z.number().int(), tileUrl: z.string(), attribution: z.string() }),
});

export const scanPhoto = z.object({
  answerId: id,
  scanId: id,
  kind: z.enum(['photo', 'signature']),
  questionText: z.string(),
  value: z.string(),
  status: scanStatus,
  serviceName: z.string(),
  userName: z.string().nullable(),
  scannedAt: timestamp,
});
export type ScanPhoto = z.infer<typeof scanPhoto>;

export const scanPhotos = defineV2Route({
  path: 'scans/photos',
  access: 'admin',
  summary: 'Photos and signatures answered on the matching scans, newest scan first, a page at a time.',
  body: scanSearchQuery.pick({ page: true }).extend({ limit: z.number().int().min(1).max(200).default(48) }).extend(scanFilters.shape),
  reply: listReply(scanPhoto),
});

export const scanFile = defineV2Route({
  path: 'scans/file',
  access: 'admin',
  summary: 'The image of a photo or signature answer (the reply is the file’s bytes; `thumbnail` answers a small JPEG).',
  body: z.object({ answerId: id, thumbnail: z.boolean().default(false) }),
  reply: z.unknown(),
});

/** An upload: a batch of scans a device sent together (offline sync). */
export const uploadRow = z.object({
  id,
  service: z.object({ id, name: z.string(), deleted: z.boolean() }),
  user: z.object({ id, name: z.string(), deleted: z.boolean() }).nullable(),
  device: z.object({ id, name: z.string() }).nullable(),
  count: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  notValidated: z.number().int(),
  createdAt: timestamp,
});
export type UploadRow = z.infer<typeof uploadRow>;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
const timeText = z.string().regex(/^\d{1,2}:\d{2}(:\d{2})?$/, 'Use HH:MM');

/** The uploads screen (spec: account/scans/uploads, query s, u, d, sd, st, ed, et, u_deleted, s_deleted). */
export const listUploads = defineV2Route({
  path: 'uploads/list',
  access: 'admin',
  summary: 'Uploads of the account, newest first, by service, user, device and received date/time (in the account time zone unless `tz`).',
  body: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    limit: z.number().int().min(1).max(500).default(50),
    serviceIds: z.array(id).max(1000).optional(),
    userIds: z.array(id).max(1000).optional(),
    deviceIds: z.array(id).max(1000).optional(),
    startDate: dateText.optional(),
    startTime: timeText.optional(),
    endDate: dateText.optional(),
    endTime: timeText.optional(),
    tz: z.string().max(64).optional(),
    uDeleted: z.boolean().default(false),
    sDeleted: z.boolean().default(false),
  }),
  reply: listReply(uploadRow),
});

// Export templates.

/** Scan fields a template column can show. */
export const exportFields = ['id', 'service', 'serviceId', 'user', 'userId', 'device', 'deviceId', 'value', 'status', 'response', 'scannedAt', 'receivedAt', 'modifiedAt', 'uploadId'] as const;
export const exportField = z.enum(exportFields);
export type ExportField = z.infer<typeof exportField>;

const header = z.string().trim().min(1, 'Give the column a header').max(200);

/** One column of an export: a scan field, a question's answer, or a property. */
export const exportColumn = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: exportField, header }),
  z.object({ kind: z.literal('question'), questionId: id, header }),
  z.object({ kind: z.literal('property'), name: z.string().trim().min(1).max(100), header }),
]);
export type ExportColumn = z.infer<typeof exportColumn>;

/** Date patterns (date-fns tokens) offered on the template screen; any other valid pattern is accepted too. */
export const dateFormatPresets = ["yyyy-MM-dd'T'HH:mm:ssXXX", 'yyyy-MM-dd HH:mm:ss', 'MM/dd/yyyy hh:mm:ss a', 'dd/MM/yyyy HH:mm:ss', 'dd.MM.yyyy HH:mm', 'yyyy-MM-dd'] as const;

export const exportTemplateInput = z.object({
  name: z.string().trim().min(1, 'Name the template').max(100),
  columns: z.array(exportColumn).min(1, 'Choose at least one column').max(300),
  /** date-fns pattern for the time columns. */
  dateFormat: z.string().trim().min(1).max(60).default('yyyy-MM-dd HH:mm:ss'),
  /** IANA zone, or `account` for the account's zone at export time. */
  timeZone: z.string().trim().min(1).max(64).default('account'),
  /** `answer`: one row per answer of a multi-answer question (the scan's other cells repeat). */
  rowPer: z.enum(['scan', 'answer']).default('scan'),
});
export type ExportTemplateInput = z.input<typeof exportTemplateInput>;

export const exportTemplate = exportTemplateInput.extend({ id, createdAt: timestamp, updatedAt: timestamp });
export type ExportTemplate = z.infer<typeof exportTemplate>;

export const listExportTemplates = defineV2Route({ path: 'scans/templates/list', access: 'admin', summary: 'Export templates of the account, by name.', body: z.object({}), reply: z.object({ items: z.array(exportTemplate) }) });
export const getExportTemplate = defineV2Route({ path: 'scans/templates/get', access: 'admin', summary: 'One export template.', body: z.object({ id }), reply: exportTemplate });
export const createExportTemplate = defineV2Route({ path: 'scans/templates/create', access: 'admin', summary: 'Creates an export template.', body: exportTemplateInput, reply: exportTemplate });
export const updateExportTemplate = defineV2Route({ path: 'scans/templates/update', access: 'admin', summary: 'Replaces an export template.', body: exportTemplateInput.extend({ id }), reply: exportTemplate });
export const deleteExportTemplate = defineV2Route({ path: 'scans/templates/delete', access: 'admin', summary: 'Deletes an export template (tasks that use it fail with a clear message).', body: z.object({ id }), reply: okReply });
export const exportColumnChoices = defineV2Route({
  path: 'scans/templates/columns',
  access: 'admin',
  summary: 'The columns a template can use: scan fields, the questions of the given services (all when none) and the property names seen on their scans.',
  body: z.object({ serviceIds: z.array(id).max(1000).default([]) }),
  reply: z.object({ fields: z.array(z.object({ field: exportField, header: z.string() })), questions: z.array(z.object({ questionId: id, text: z.string() })), properties: z.array(z.string()) }),
});

export const exportFormat = z.enum(['csv', 'xlsx', 'json']);

/**
 * The exportscan task: scans matching filters (or picked ones), through a template or the default columns.
 * `tableColumns`: scans of a table-builder service also carry their row's current cells, one column per table
 * column after the others (docs/SPECIALIZED-TABLE-BUILDER.md).
 */
export const exportScanInputs = z.object({
  filters: scanFilters.prefault({}),
  scanIds: z.array(id).max(10_000).optional(),
  templateId: id.nullable().default(null),
  format: exportFormat.default('csv'),
  tableColumns: z.boolean().default(true),
});

export const startScanExport = defineV2Route({
  path: 'scans/export-start',
  access: 'admin',
  summary: 'Starts a background export of the scans matching the filters (or of `scanIds`), with a template or the default columns; answers the job to follow (`jobs/get`, `jobs/download`).',
  body: exportScanInputs,
  reply: z.object({ jobId: id }),
});
