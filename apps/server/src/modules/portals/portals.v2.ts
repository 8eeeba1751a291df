import { v2Routes } from '@scanbase/contracts';
import { bindV2, RawReply, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { PortalsService } from './portals.service.js';

/** V2 routes of the portals: the admin's grant (`portals/access/*`) and the user and task portals (`app/portal/*`, app token). */
export function portalsV2(service: PortalsService): V2Binding[] {
  return [
    bindV2(v2Routes.getPortalAccess, ({ session, body }) => service.getAccess(session.accountId, body.appUserId)),
    bindV2(v2Routes.setPortalAccess, ({ session, body }) => service.setAccess(session.accountId, body)),
    bindV2(v2Routes.portalMe, ({ session }) => service.me(session)),
    bindV2(v2Routes.portalScans, ({ session, body }) => service.scans(session, body)),
    bindV2(v2Routes.portalDb, ({ session, body }) => service.db(session, body)),
    bindV2(v2Routes.portalTaskRuns, ({ session, body }) => service.taskRuns(session, body)),
    bindV2(v2Routes.portalTaskFile, async ({ session, body, reply }) => {
      const { file, data } = await service.taskFile(session, body.id);
      void reply.header('content-disposition', `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`);
      return new RawReply(file.contentType, data);
    }),
  ];
}
