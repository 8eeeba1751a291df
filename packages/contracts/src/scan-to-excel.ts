import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

// Scan to Excel (issue 14, `account/specialized-services/{instanceId}/scan-to-excel/`): every scan of the
// instance is a row of a sheet whose columns the administrator picks and orders (the `exportfields` tab).
// The sheet is shown live (`table-view`), downloaded as XLSX, and answered by a secret link. The settings
// are the instance's type settings (specialized/create and specialized/update take them). See
// docs/SPECIALIZED-SCAN-TO-EXCEL.md.

/** The scan fields a column can show: the value, the scan time (account time zone), who, on what, and the verdict. */
export const scanToExcelFields = ['value', 'scannedAt', 'user', 'device', 'status', 'response'] as const;
export const scanToExcelField = z.enum(scanToExcelFields);
export type ScanToExcelField = z.infer<typeof scanToExcelField>;

/** The header a field column gets unless renamed. */
export const scanToExcelFieldHeaders: Record<ScanToExcelField, string> = {
  value: 'Barcode',
  scannedAt: 'Scan time',
  user: 'User',
  device: 'Device',
  status: 'Status',
  response: 'Response',
};

/** The part of the scan's `gps_location` property ("lat,lng[,accuracy]") a GPS column shows. */
export const gpsParts = ['latitude', 'longitude'] as const;
export const gpsPartHeaders: Record<(typeof gpsParts)[number], string> = { latitude: 'Latitude', longitude: 'Longitude' };

const header = z.string().trim().min(1, 'Give the column a header').max(200, 'At most 200 characters');

/** One column of the sheet: a scan field, a question's answer, a scan property, or a GPS coordinate. */
export const scanToExcelColumn = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: scanToExcelField, header }),
  z.object({ kind: z.literal('question'), questionId: id, header }),
  z.object({ kind: z.literal('property'), name: z.string().trim().min(1, 'Name the property').max(100), header }),
  z.object({ kind: z.literal('gps'), part: z.enum(gpsParts), header }),
]);
export type ScanToExcelColumn = z.infer<typeof scanToExcelColumn>;

/** The columns a new sheet starts with. */
export const defaultScanToExcelColumns: ScanToExcelColumn[] = (['value', 'scannedAt', 'user', 'device'] as const).map((field) => ({ kind: 'field', field, header: scanToExcelFieldHeaders[field] }));

/** The most columns a sheet has. */
export const MAX_SCAN_TO_EXCEL_COLUMNS = 100;

/** The settings of a scan-to-excel instance (every field has a default). */
export const scanToExcelSettings = z.object({
  columns: z
    .array(scanToExcelColumn)
    .min(1, 'Choose at least one column')
    .max(MAX_SCAN_TO_EXCEL_COLUMNS, `At most ${MAX_SCAN_TO_EXCEL_COLUMNS} columns`)
    .default(() => defaultScanToExcelColumns.map((c) => ({ ...c }))),
  /** date-fns pattern of the scan time column, written in the account's time zone. */
  dateFormat: z.string().trim().min(1).max(60).default('yyyy-MM-dd HH:mm:ss'),
});
export type ScanToExcelSettings = z.infer<typeof scanToExcelSettings>;

/** One cell: text, or a number (coordinates). */
export const sheetCell = z.union([z.string(), z.number()]);

/** The newest rows of the sheet, newest first, in the chosen columns. */
export const scanToExcelRows = defineV2Route({
  path: 'scan-to-excel/rows',
  access: 'admin',
  summary: 'A page of the sheet (newest scans first) with the chosen columns, and the number of rows in all.',
  body: z.object({ id, page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(200).default(25) }),
  reply: z.object({ header: z.array(z.string()), rows: z.array(z.object({ scanId: id, cells: z.array(sheetCell) })), total: z.number().int() }),
});

/** Whether the instance has a download link, and since when (the link itself is shown only when made). */
export const scanToExcelLink = defineV2Route({
  path: 'scan-to-excel/link',
  access: 'admin',
  summary: 'Whether the secret download link exists and when it was made (the link is shown only once, when made).',
  body: z.object({ id }),
  reply: z.object({ exists: z.boolean(), createdAt: timestamp.nullable() }),
});

/** Makes a new secret link (the old one stops working at once) and answers it: this is the only time it is shown. */
export const scanToExcelLinkCreate = defineV2Route({
  path: 'scan-to-excel/link-create',
  access: 'admin',
  summary: 'Makes a new secret download link, revoking the previous one (and its short link); answers the link (shown this once: only its hash is stored) and its short link (null without SECRETS_KEY).',
  body: z.object({ id }),
  reply: z.object({ url: z.string(), path: z.string(), createdAt: timestamp, shortUrl: z.string().nullable() }),
});

export const scanToExcelLinkRevoke = defineV2Route({
  path: 'scan-to-excel/link-revoke',
  access: 'admin',
  summary: 'Revokes the secret download link and its short link (it answers 404 from now on).',
  body: z.object({ id }),
  reply: okReply,
});

/** The current sheet as an XLSX file (the reply is the file's bytes), for the signed-in administrator. */
export const scanToExcelDownload = defineV2Route({
  path: 'scan-to-excel/download',
  access: 'admin',
  summary: "The instance's sheet now, as an XLSX file with the chosen columns (the reply is the file's bytes).",
  body: z.object({ id }),
  reply: z.unknown(),
});

/** The path of the public download link: `/scan-to-excel/<token>.xlsx` (GET, no sign-in). */
export const SCAN_TO_EXCEL_LINK_PREFIX = '/scan-to-excel/';
