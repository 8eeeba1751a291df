import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { Vars } from './service-settings.js';
import type { ServicesService } from './services.service.js';

/** Legacy variables from JSON (booleans as 0/1). */
function vars(record: Record<string, string | number | boolean>): Vars {
  return (name) => {
    if (!Object.hasOwn(record, name)) return undefined;
    const v = record[name];
    return typeof v === 'boolean' ? (v ? '1' : '0') : v === undefined ? undefined : String(v);
  };
}

/** V2 routes of the services screens. */
export function servicesV2(service: ServicesService): V2Binding[] {
  return [
    bindV2(v2Routes.listServices, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getService, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createService, async ({ session, body }) => service.get(session.accountId, await service.create(session.accountId, vars(body.variables)))),
    bindV2(v2Routes.updateService, async ({ session, body }) => {
      await service.update(session.accountId, body.id, vars(body.variables), { resetSymbologies: false });
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.deleteService, async ({ session, body }) => {
      await service.delete(session.accountId, [body.id]);
      return { ok: true as const };
    }),
    bindV2(v2Routes.setServiceUsers, async ({ session, body }) => {
      await service.setUsers(session.accountId, body.id, body.userIds);
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.setServiceQuestions, async ({ session, body }) => {
      await service.setQuestions(session.accountId, body.id, body.questions);
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.createDemoService, async ({ session }) => service.get(session.accountId, await service.createDemo(session.accountId))),
  ];
}
