import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { questionType } from './questions.js';
import { defineV2Route } from './route.js';
import { questionCondition, validationMethod } from './services.js';
import { specializedType } from './specialized.js';

// The scanner API (`/api-v2/app/*`): what the browser scanner and any scanning client speak. An app user
// signs in with username + password on a device and gets an app token; every scan carries a client scan
// id, so a retry never creates a second scan.

/** 1 valid, 0 invalid, -1 recorded and not validated (taken offline on a recording service). */
export const scanStatus = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
export type ScanStatus = z.infer<typeof scanStatus>;

/**
 * The legacy symbology ids (1-49) and the BarcodeDetector format each maps to (`null`: no camera decoder
 * reads it; a keyboard-wedge scanner or typing still works).
 */
export const symbologyFormats: Record<number, string | null> = {
  1: 'aztec', 2: 'code_128', 3: 'codabar', 4: null, 5: null, 6: 'code_128', 7: 'code_39', 8: 'code_93', 9: 'databar', 10: 'databar',
  11: null, 12: 'data_matrix', 13: 'data_matrix', 14: 'ean_13', 15: 'ean_13', 16: 'ean_13', 17: 'ean_13', 18: 'ean_8', 19: 'ean_8', 20: 'ean_8',
  21: 'code_128', 22: null, 23: null, 24: 'itf', 25: null, 26: 'itf', 27: 'itf', 28: null, 29: null, 30: 'maxi_code',
  31: 'micro_pdf417', 32: null, 33: 'pdf417', 34: 'qr_code', 35: 'databar', 36: 'databar_expanded', 37: 'databar_limited', 38: null,
  39: null, 40: null, 41: 'upc_a', 42: 'upc_a', 43: 'upc_a', 44: 'upc_e', 45: 'upc_e', 46: 'upc_e', 47: 'upc_e', 48: 'upc_e', 49: 'upc_e',
};

/** The camera formats for a service's symbology ids; an empty list means the default set (every common format). */
export function detectorFormats(symbologyIds: readonly number[]): string[] {
  const all = ['aztec', 'code_128', 'code_39', 'code_93', 'codabar', 'data_matrix', 'ean_13', 'ean_8', 'itf', 'pdf417', 'qr_code', 'upc_a', 'upc_e'];
  if (symbologyIds.length === 0) return all;
  const chosen = new Set<string>();
  for (const s of symbologyIds) {
    const format = symbologyFormats[s];
    if (format) chosen.add(format);
  }
  return [...chosen];
}

/** A question as the scanner asks it: where in the flow (condition), whether it must be answered, its choices. */
export const appQuestion = z.object({ id, text: z.string(), type: questionType, condition: questionCondition, required: z.boolean(), answers: z.array(z.string()) });
export type AppQuestion = z.infer<typeof appQuestion>;

/** A service as the scanner needs it. */
export const appService = z.object({
  id,
  name: z.string(),
  validationMethod,
  /** Webview content (`<curl>URL</curl>` or `<html>…</html>`), or the description otherwise. */
  description: z.string(),
  databaseId: id.nullable(),
  symbologies: z.array(z.number().int()),
  enableGps: z.boolean(),
  autoNextScan: z.number().int(),
  autoNextScanDelay: z.number(),
  blockCameraScan: z.boolean(),
  blockManualScan: z.boolean(),
  questions: z.array(appQuestion),
  /** A specialized service's type and the options its scanner needs (mode, checklist …); null for an ordinary service. */
  specialized: z.object({ type: specializedType, options: z.record(z.string(), z.unknown()) }).nullable(),
});
export type AppService = z.infer<typeof appService>;

export const appUserInfo = z.object({ id, username: z.string() });
export const appDevice = z.object({ id, udid: z.string(), name: z.string() });

/** An answer to one question: text values (several for multiple choice), or an image (photo, signature) as a data URL. */
export const scanAnswerInput = z.object({
  questionId: id,
  values: z.array(z.string().max(10_000)).max(100).default([]),
  image: z.string().max(8_000_000).regex(/^data:image\/(png|jpeg|webp);base64,/, 'An image must be a PNG, JPEG or WebP data URL').optional(),
});
export type ScanAnswerInput = z.input<typeof scanAnswerInput>;

/** Free-form scan properties (capture_type, time_zone, gps_location, …). */
export const scanProperties = z.record(z.string().min(1).max(100), z.string().max(1_000));

export const scanInput = z.object({
  serviceId: id,
  value: z.string().min(1, 'Scan or type a value').max(4_000),
  /** Made by the client once per scan (a UUID); sending it again answers the stored result. */
  clientScanId: z.string().min(8).max(100),
  /** When it was scanned (the device clock); the server time when left out. */
  scannedAt: timestamp.optional(),
  answers: z.array(scanAnswerInput).max(200).default([]),
  properties: scanProperties.default({}),
});
export type ScanInput = z.input<typeof scanInput>;

/** How the scanner shows the response text: plain text, HTML (rendered sandboxed) or a URL to open. */
export const responseKind = z.enum(['text', 'html', 'url']);

export const scanResult = z.object({
  clientScanId: z.string(),
  scanId: id,
  status: scanStatus,
  text: z.string(),
  textKind: responseKind,
  duplicate: z.boolean(),
  /** Questions to ask now that the result is known (post_submit, then valid_scan or invalid_scan); answer with app/answers. */
  followUpQuestionIds: z.array(id),
  /** True when this client scan id had been stored before (a retry). */
  replayed: z.boolean(),
  /** What a specialized service decided (direction, session …), as stored in the scan's properties. */
  outcome: z.record(z.string(), z.string()).optional(),
});
export type ScanResult = z.infer<typeof scanResult>;

export const appSignIn = defineV2Route({
  path: 'app/signin',
  access: 'public',
  summary: 'An app user signs in on a device (bound within the user’s device limit); answers the app token and the services the user may use.',
  body: z.object({ username: z.string().trim().min(1, 'Enter your username').max(254), password: z.string().min(1, 'Enter your password').max(200), udid: z.string().trim().min(1).max(200), deviceName: z.string().trim().min(1).max(100).default('Browser scanner') }),
  reply: z.object({ token: z.string(), user: appUserInfo, device: appDevice, services: z.array(appService) }),
});
export const appSignOut = defineV2Route({ path: 'app/signout', access: 'app', summary: 'Ends the app token.', body: z.object({}), reply: okReply });
export const appServices = defineV2Route({ path: 'app/services', access: 'app', summary: 'The services the signed-in app user may use, with questions and settings.', body: z.object({}), reply: z.object({ user: appUserInfo, device: appDevice, services: z.array(appService) }) });
export const appScan = defineV2Route({ path: 'app/scan', access: 'app', summary: 'Submits one scan; answers its status (1/0/-1) and the text to show. Idempotent by clientScanId.', body: scanInput, reply: scanResult });
export const appAnswers = defineV2Route({
  path: 'app/answers',
  access: 'app',
  summary: 'Adds the answers asked after the result (post_submit, valid_scan, invalid_scan) to a scan of this app user.',
  body: z.object({ scanId: id, answers: z.array(scanAnswerInput).min(1).max(200) }),
  reply: okReply,
});
/** A scan in an upload may carry the device's own judgement (on-device services). */
export const uploadedScan = scanInput.extend({ status: scanStatus.optional(), response: z.string().max(10_000).optional() });
export const appUpload = defineV2Route({
  path: 'app/upload',
  access: 'app',
  summary: 'Submits a batch of scans taken offline; answers the upload id and one result per scan (in order).',
  body: z.object({ scans: z.array(uploadedScan).min(1).max(1_000) }),
  reply: z.object({ uploadId: id, results: z.array(scanResult) }),
});
export const appDatabase = defineV2Route({
  path: 'app/database',
  access: 'app',
  summary: "The values of an on-device service's database in pages; with `since` equal to the current version it answers unchanged.",
  body: z.object({ serviceId: id, since: z.string().max(100).optional(), offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(50_000).default(10_000) }),
  reply: z.object({ version: z.string(), unchanged: z.boolean(), total: z.number().int(), values: z.array(z.object({ value: z.string(), response: z.string(), validity: z.number().int() })), nextOffset: z.number().int().nullable() }),
});

/** A scan as administrators see it in lists. */
export const scanRow = z.object({
  id,
  value: z.string(),
  response: z.string(),
  status: scanStatus,
  service: z.object({ id, name: z.string(), deleted: z.boolean() }),
  user: z.object({ id, name: z.string(), deleted: z.boolean() }).nullable(),
  device: z.object({ id, name: z.string() }).nullable(),
  uploadId: id.nullable(),
  scannedAt: timestamp,
  receivedAt: timestamp,
  modifiedAt: timestamp,
});
export type ScanRow = z.infer<typeof scanRow>;

export const recentScans = defineV2Route({
  path: 'scans/recent',
  access: 'admin',
  summary: 'The newest scans of the account (the live dashboard); `afterId` answers only newer ones.',
  body: z.object({ limit: z.number().int().min(1).max(200).default(50), serviceId: id.optional(), afterId: z.number().int().min(0).max(2_147_483_647).optional() }),
  reply: z.object({ items: z.array(scanRow), counts: z.object({ last24Hours: z.number().int(), valid: z.number().int(), invalid: z.number().int(), notValidated: z.number().int() }) }),
});

/** A scan with its answers and properties (search results, the editor). */
export const scanDetail = scanRow.extend({
  answers: z.array(z.object({ answerId: id, questionId: id, questionText: z.string(), answer: z.string(), hasFile: z.boolean() })),
  properties: z.record(z.string(), z.string()),
});
export type ScanDetail = z.infer<typeof scanDetail>;

export const scanSortBy = z.enum(['scanned_at', 'received_at', 'modified_at', 'value', 'response', 'status', 'service', 'user', 'device', 'id']);
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
const timeText = z.string().regex(/^\d{1,2}:\d{2}(:\d{2})?$/, 'Use HH:MM');

/**
 * The search of the scans screens (spec: account/scans/search query filters, camel-cased). What each
 * filter means is written down in docs/SCANS.md ("Searching scans").
 */
export const scanSearchQuery = z.object({
  page: z.number().int().min(1).max(10_000_000).default(1),
  limit: z.number().int().min(1).max(500).default(50),
  value: z.string().max(500).optional(),
  exactValue: z.boolean().default(false),
  valueCi: z.boolean().default(true),
  response: z.string().max(500).optional(),
  exactResponse: z.boolean().default(false),
  responseCi: z.boolean().default(true),
  answer: z.string().max(500).optional(),
  exactAnswer: z.boolean().default(false),
  propertyName: z.string().max(100).optional(),
  propertyValue: z.string().max(1000).optional(),
  property: z.string().max(1000).optional(),
  exactProperty: z.boolean().default(false),
  scanIds: z.array(id).max(1000).optional(),
  recentScan: z.boolean().default(false),
  dataReceived: z.boolean().default(false),
  sortBy: scanSortBy.default('scanned_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  tz: z.string().max(64).optional(),
  period: z.enum(['all', 'last', 'custom']).default('all'),
  pMetric: z.enum(['hour', 'day', 'week', 'month', 'year']).default('day'),
  pNumber: z.number().int().min(1).max(10_000).default(7),
  category: validationMethod.optional(),
  result: z.array(z.enum(['valid', 'invalid', 'notValidated'])).max(3).optional(),
  startDate: dateText.optional(),
  startTime: timeText.optional(),
  endDate: dateText.optional(),
  endTime: timeText.optional(),
  serviceIds: z.array(id).max(1000).optional(),
  userIds: z.array(id).max(1000).optional(),
  deviceIds: z.array(id).max(1000).optional(),
  uDeleted: z.boolean().default(false),
  sDeleted: z.boolean().default(false),
});
export type ScanSearchQuery = z.input<typeof scanSearchQuery>;

/** Past this many matching scans a search that no counter answers stops counting (`totalExact` false) unless `countAll`. */
export const SEARCH_COUNT_CAP = 10_000;

export const searchScans = defineV2Route({
  path: 'scans/search',
  access: 'admin',
  summary:
    'Scans matching the search filters, a page at a time, with the total. The total is exact when counters answer the filters (services, users, results, scanned-time window); otherwise counting stops past 10,000 (`total` 10000, `totalExact` false) unless `countAll` is true.',
  body: scanSearchQuery.extend({ countAll: z.boolean().default(false) }),
  reply: z.object({ items: z.array(scanDetail), total: z.number().int(), totalExact: z.boolean(), page: z.number().int(), limit: z.number().int() }),
});

export const scanChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export const scanEdit = z.object({ id, at: timestamp, editor: z.string(), changes: z.array(scanChange) });
export type ScanEdit = z.infer<typeof scanEdit>;

export const getScan = defineV2Route({ path: 'scans/get', access: 'admin', summary: 'One scan with its answers, properties and the history of its changes.', body: z.object({ id }), reply: scanDetail.extend({ history: z.array(scanEdit) }) });
export const updateScan = defineV2Route({
  path: 'scans/update',
  access: 'admin',
  summary: 'Changes a scan: value, status, response, answers (by question; an empty list removes them) and properties (null removes one). The modified time moves and the change is kept in its history.',
  body: z.object({
    id,
    value: z.string().min(1, 'A scan needs a value').max(4_000).optional(),
    status: scanStatus.optional(),
    response: z.string().max(10_000).optional(),
    answers: z.array(z.object({ questionId: id, values: z.array(z.string().max(10_000)).max(100) })).max(200).optional(),
    properties: z.record(z.string().min(1).max(100), z.string().max(1_000).nullable()).optional(),
  }),
  reply: scanDetail.extend({ history: z.array(scanEdit) }),
});
export const deleteScans = defineV2Route({ path: 'scans/delete', access: 'admin', summary: 'Deletes scans by id (all or nothing).', body: z.object({ ids: z.array(id).min(1).max(10_000) }), reply: z.object({ deleted: z.number().int() }) });
