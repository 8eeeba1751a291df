import { v2Routes } from '@scanbase/contracts';
import { RawReply, bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { TableBuilderService } from './table-builder.service.js';

/** V2 routes of table-builder instances: the grid, a row's history, cell edits, export, share links, and the scanner's row. */
export function tableBuilderV2(service: TableBuilderService): V2Binding[] {
  return [
    bindV2(v2Routes.tableBuilderRows, ({ session, body }) => service.rows(session.accountId, body)),
    bindV2(v2Routes.tableBuilderRow, ({ session, body }) => service.row(session.accountId, body.id, body.rowId)),
    bindV2(v2Routes.tableBuilderCellUpdate, ({ session, body }) => service.setCell(session.accountId, session.adminId, body)),
    bindV2(v2Routes.tableBuilderExport, async ({ session, body, reply }) => {
      const file = await service.export(session.accountId, body);
      void reply.header('content-disposition', `attachment; filename="${file.name}"`);
      return new RawReply(file.contentType, file.body);
    }),
    bindV2(v2Routes.tableBuilderLinks, ({ session, body }) => service.links(session.accountId, body.id)),
    bindV2(v2Routes.tableBuilderLinkCreate, ({ session, body }) => service.linkCreate(session.accountId, body)),
    bindV2(v2Routes.tableBuilderLinkRevoke, ({ session, body }) => service.linkRevoke(session.accountId, body.id, body.linkId)),
    bindV2(v2Routes.shareLinkOpen, async ({ body, ip, reply }) => {
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      return service.open(ip, body);
    }),
    bindV2(v2Routes.shareLinkCellUpdate, async ({ body, ip, reply }) => {
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      return service.shareCellUpdate(ip, body);
    }),
    bindV2(v2Routes.appTableBuilderRows, ({ session, body }) => service.appRows(session, body)),
    bindV2(v2Routes.appTableBuilderRow, ({ session, body }) => service.appRow(session, body.serviceId, body.value)),
  ];
}
