import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { ScanTicketsService } from './scan-tickets.service.js';

/** V2 routes of scan-tickets instances (counts and the export of the codes). */
export function scanTicketsV2(service: ScanTicketsService): V2Binding[] {
  return [
    bindV2(v2Routes.scanTicketsSummary, ({ session, body }) => service.summary(session.accountId, body.id)),
    bindV2(v2Routes.scanTicketsExportStart, async ({ session, body }) => ({ jobId: await service.exportStart(session.accountId, body) })),
  ];
}
