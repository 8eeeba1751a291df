import { z } from 'zod';
import { id, timestamp } from './common.js';
import { defineV2Route } from './route.js';
import { scanLocation } from './scan-data.js';
import { responseKind, scanStatus } from './scanner.js';

// The scanner-side pages (spec section 2): `/app/1.0/mapview/` (an app user's own scans on a map) and
// `/scanresponse/{scanId}/` (one scan's response as the scanner showed it).

/** Most points `app/locations` answers (the newest ones; `truncated` says when there were more). */
export const APP_LOCATIONS_CAP = 5_000;
/** The longest period `app/locations` takes, in days. */
export const APP_LOCATIONS_MAX_DAYS = 366;

export const appLocations = defineV2Route({
  path: 'app/locations',
  access: 'app',
  summary:
    "The signed-in app user's own scans of one service they may use, scanned within [from, to] (ISO instants, at most 366 days apart): where each was taken (its gps_location property), newest first, up to `limit`; `total` counts every scan of the period, `withoutLocation` those without a usable location; `truncated` is true when more scans had a location than `limit`.",
  body: z.object({
    serviceId: id,
    from: z.iso.datetime({ offset: true, message: 'Use an ISO date and time' }),
    to: z.iso.datetime({ offset: true, message: 'Use an ISO date and time' }),
    limit: z.number().int().min(1).max(APP_LOCATIONS_CAP).default(APP_LOCATIONS_CAP),
  }),
  reply: z.object({
    points: z.array(scanLocation),
    total: z.number().int(),
    withoutLocation: z.number().int(),
    truncated: z.boolean(),
    tileUrl: z.string(),
    attribution: z.string(),
  }),
});

/** One scan's response as the scanner showed it, with what the page says about the scan. */
export const scanResponseView = z.object({
  scanId: id,
  value: z.string(),
  status: scanStatus,
  /** The response as the scanner shows it: text, HTML (rendered sandboxed) or the URL of a page. */
  text: z.string(),
  textKind: responseKind,
  scannedAt: timestamp,
  service: z.object({ id, name: z.string() }),
  userName: z.string().nullable(),
});
export type ScanResponseView = z.infer<typeof scanResponseView>;

export const appScanResponse = defineV2Route({
  path: 'app/scan-response',
  access: 'app',
  summary: "One of the signed-in app user's own scans with its response as the scanner showed it. Another app user's scan is refused (403); another account's is not found.",
  body: z.object({ scanId: id }),
  reply: scanResponseView,
});

export const scanResponse = defineV2Route({
  path: 'scans/response',
  access: 'admin',
  summary: "One scan of the account with its response as the scanner showed it (the administrators' side of /scanresponse/{scanId}/).",
  body: z.object({ scanId: id }),
  reply: scanResponseView,
});
