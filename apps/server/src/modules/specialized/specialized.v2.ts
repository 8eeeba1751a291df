import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { SpecializedService } from './specialized.service.js';

/** V2 routes of the specialized services list, create wizard and settings. */
export function specializedV2(service: SpecializedService): V2Binding[] {
  return [
    bindV2(v2Routes.listSpecialized, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getSpecialized, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createSpecialized, ({ session, body }) => service.create(session.accountId, body)),
    bindV2(v2Routes.updateSpecialized, ({ session, body }) => service.update(session.accountId, body)),
    bindV2(v2Routes.deleteSpecialized, async ({ session, body }) => {
      await service.delete(session.accountId, body.id);
      return { ok: true as const };
    }),
  ];
}
