import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { ApiAccessService } from './api-access.service.js';

/** V2 routes of API keys, the IP allow-list and the API log. */
export function apiAccessV2(service: ApiAccessService): V2Binding[] {
  return [
    bindV2(v2Routes.listApiKeys, async ({ session }) => ({ items: await service.listKeys(session.accountId) })),
    bindV2(v2Routes.createApiKey, ({ session, body }) => service.createKey(session.accountId, body.name)),
    bindV2(v2Routes.renameApiKey, ({ session, body }) => service.renameKey(session.accountId, body.id, body.name)),
    bindV2(v2Routes.revokeApiKey, async ({ session, body }) => {
      await service.revokeKey(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.getIpAllowList, async ({ session, ip }) => ({ entries: await service.getAllowList(session.accountId), yourIp: ip })),
    bindV2(v2Routes.updateIpAllowList, async ({ session, body }) => ({ entries: await service.setAllowList(session.accountId, body.entries) })),
    bindV2(v2Routes.listApiLog, ({ session, body }) => service.listLog(session.accountId, body)),
  ];
}
