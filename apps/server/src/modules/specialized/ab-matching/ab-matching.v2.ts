import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { AbMatchingService } from './ab-matching.service.js';

/** V2 routes of A/B matching: the stats of an instance; the reason of a mismatch judged after sending (app). */
export function abMatchingV2(service: AbMatchingService): V2Binding[] {
  return [
    bindV2(v2Routes.abMatchingStats, ({ session, body }) => service.stats(session.accountId, body.id)),
    bindV2(v2Routes.appAbMatchingReason, ({ session, body }) => service.reason(session, body.scanId, body.reason)),
  ];
}
