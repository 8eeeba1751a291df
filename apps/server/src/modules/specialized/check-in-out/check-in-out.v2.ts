import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { CheckInOutService } from './check-in-out.service.js';

/** V2 routes of check in/out: the admin roster and history, and the portal (app token, portal access). */
export function checkInOutV2(service: CheckInOutService): V2Binding[] {
  return [
    bindV2(v2Routes.checkInOutRoster, ({ session, body }) => service.roster(session.accountId, body)),
    bindV2(v2Routes.checkInOutHistory, ({ session, body }) => service.history(session.accountId, body)),
    bindV2(v2Routes.portalCheckInOutInstances, ({ session }) => service.portalInstances(session)),
    bindV2(v2Routes.portalCheckInOutRoster, ({ session, body }) => service.portalRoster(session, body)),
    bindV2(v2Routes.portalCheckInOutHistory, ({ session, body }) => service.portalHistory(session, body)),
    bindV2(v2Routes.portalCheckInOutMove, ({ session, body }) => service.portalMove(session, body)),
  ];
}
