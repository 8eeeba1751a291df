import { z } from 'zod';
import { labelLayout, MAX_LABELS } from './barcodes.js';
import { id } from './common.js';
import { defineV2Route } from './route.js';

// Scan tickets (issue 13, `account/specialized-services/{instanceId}/scan-tickets/`): a service that
// validates against a database of ticket codes, with an entry rule. The settings are stored as the
// instance's type settings (specialized/create and specialized/update take them). See
// docs/SPECIALIZED-SCAN-TICKETS.md.

/**
 * How often a ticket may enter: `single` once ever; `total` at most `maxEntries` times in all;
 * `per-day` at most `maxEntries` times per day in the account's time zone; `reentry` again after an
 * exit (a scan with the property direction=out) in between.
 */
export const ticketEntryRules = ['single', 'total', 'per-day', 'reentry'] as const;
export const ticketEntryRule = z.enum(ticketEntryRules);
export type TicketEntryRule = z.infer<typeof ticketEntryRule>;

const responseText = z.string().trim().max(500, 'At most 500 characters');

/** The settings of a scan-tickets instance (every field has a default). */
export const scanTicketsSettings = z.object({
  entryRule: ticketEntryRule.default('single'),
  /** The limit of `total` and `per-day` (ignored by the other rules). */
  maxEntries: z.number().int().min(1, 'At least 1').max(1_000, 'At most 1,000').default(2),
  /** What the gate shows; empty: the built-in sentence. A valid ticket's own response in the database wins over `valid`. */
  validText: responseText.default(''),
  duplicateText: responseText.default(''),
  unknownText: responseText.default(''),
});
export type ScanTicketsSettings = z.infer<typeof scanTicketsSettings>;

/** How a scan-tickets scan ended, stored as the scan property `ticket` (the history filters on it). */
export const ticketOutcomes = ['valid', 'duplicate', 'unknown', 'exit', 'refused'] as const;
export type TicketOutcome = (typeof ticketOutcomes)[number];

/** Counts of an instance for its details and database tabs. */
export const scanTicketsSummary = defineV2Route({
  path: 'scan-tickets/summary',
  access: 'admin',
  summary: 'Ticket codes in the database, tickets that entered, entries today (account time zone) and tickets inside now.',
  body: z.object({ id }),
  reply: z.object({ codes: z.number().int(), entered: z.number().int(), entriesToday: z.number().int(), inside: z.number().int() }),
});

/** The most codes one export holds (a label sheet's limit). */
export const MAX_TICKET_EXPORT = MAX_LABELS;

/** Starts a run that renders every ticket code: a PDF of labels or a ZIP of PNG images; follow it with jobs/get, download with jobs/download. */
export const scanTicketsExportStart = defineV2Route({
  path: 'scan-tickets/export-start',
  access: 'admin',
  summary: `Queues the export of the ticket codes as a PDF label sheet or a ZIP of PNG barcodes (at most ${MAX_TICKET_EXPORT.toLocaleString('en-US')} codes); answers the run's job id.`,
  body: z.object({
    id,
    format: z.enum(['pdf', 'zip']),
    layout: labelLayout.default('avery-l7160'),
    symbology: z.enum(['qrcode', 'code128', 'datamatrix', 'pdf417', 'azteccode']).default('qrcode'),
  }),
  reply: z.object({ jobId: id }),
});
