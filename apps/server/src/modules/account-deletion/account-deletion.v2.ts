import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { AccountDeletionService } from './account-deletion.service.js';

/** V2 routes of `account/deleteaccount/`. */
export function accountDeletionV2(service: AccountDeletionService): V2Binding[] {
  return [
    bindV2(v2Routes.getDeletionStatus, ({ session }) => service.status(session.accountId)),
    bindV2(v2Routes.startAccountExport, ({ session }) => service.startExport(session.accountId)),
    bindV2(v2Routes.requestDeletion, ({ session, body }) => service.request(session.accountId, body)),
    bindV2(v2Routes.cancelDeletion, async ({ session, body }) => {
      await service.cancel(session.accountId, body.token);
      return { ok: true as const };
    }),
  ];
}
