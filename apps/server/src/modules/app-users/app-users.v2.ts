import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { AppUsersService } from './app-users.service.js';

/** V2 routes of the app users screens. */
export function appUsersV2(service: AppUsersService): V2Binding[] {
  return [
    bindV2(v2Routes.listAppUsers, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getAppUser, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createAppUser, async ({ session, body }) => service.get(session.accountId, await service.create(session.accountId, { username: body.username, password: body.password, limit: body.deviceLimit, serviceIds: body.serviceIds }))),
    bindV2(v2Routes.updateAppUser, async ({ session, body }) => {
      await service.update(session.accountId, body.id, { username: body.username, password: body.password, limit: body.deviceLimit, serviceIds: body.serviceIds });
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.deleteAppUser, async ({ session, body }) => {
      await service.delete(session.accountId, [body.id]);
      return { ok: true as const };
    }),
    bindV2(v2Routes.appUsernameAvailable, async ({ session, body }) => ({ available: await service.available(session.accountId, body.username) })),
    bindV2(v2Routes.acceptAppUserInvite, async ({ body }) => ({ username: await service.acceptInvite(body.token, body.password) })),
  ];
}
