import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el } from '../../platform/xml/xml-writer.js';
import type { ApiAccessService } from './api-access.service.js';

/** `limits/retrieve`: `<minute left limit/><day left limit/>`, -1 meaning unlimited. */
export function apiAccessLegacy(service: ApiAccessService): Record<string, LegacySection> {
  return {
    limits: {
      actions: {
        retrieve: {
          async handle(call) {
            const l = await service.limits(call.auth.accountId);
            return [el('minute', { left: l.minute.left, limit: l.minute.limit }), el('day', { left: l.day.left, limit: l.day.limit })];
          },
        },
      },
    },
  };
}
