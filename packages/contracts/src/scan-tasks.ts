import { z } from 'zod';
import { id } from './common.js';

// Inputs of the task types whose data is scans (issue 5 with issue 6): what their create/edit screens send
// as `inputs`, and what the server checks.

const results = z.array(z.enum(['valid', 'invalid', 'notValidated'])).max(3).default([]);

/** Which scans a run takes: every one, the last N units, or those received since the previous successful run. */
export const scanTaskPeriod = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('last'), metric: z.enum(['hour', 'day', 'week', 'month']), number: z.number().int().min(1).max(10_000) }),
  z.object({ kind: z.literal('sinceLastRun') }),
]);

/** downloadscan: scans of some services (none: all) to a CSV, Excel or JSON file. */
export const downloadScanInputs = z.object({
  serviceIds: z.array(id).max(1000).default([]),
  result: results,
  period: scanTaskPeriod.default({ kind: 'all' }),
  format: z.enum(['csv', 'xlsx', 'json']).default('csv'),
});

/** bulkscanremoval: deletes scans older than N days (of some services, with some results). */
export const bulkScanRemovalInputs = z.object({
  serviceIds: z.array(id).max(1000).default([]),
  result: results,
  olderThanDays: z.number().int().min(1, 'Keep at least the last day').max(36_500),
});

/** postback: posts scans (form-encoded, like a service's postback) to a URL. */
export const postbackTaskInputs = z.object({
  serviceIds: z.array(id).max(1000).default([]),
  url: z.string().trim().url('Enter the address of your server').refine((u) => /^https?:\/\//i.test(u), 'Use an http:// or https:// address').max(2000),
  period: scanTaskPeriod.default({ kind: 'sinceLastRun' }),
});
