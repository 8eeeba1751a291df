import { isRowId, legacyAction, legacyTime } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl } from '../../platform/xml/xml-writer.js';
import type { DevicesService } from './devices.service.js';

/** The `devices` section: retrieve and rename. */
export function devicesLegacy(service: DevicesService): Record<string, LegacySection> {
  return {
    devices: {
      actions: {
        retrieve: legacyAction(async ({ params, auth }) => {
          const devices = await service.resolve(auth.accountId, params.idList('device_id', 410) ?? 'all');
          return [textEl('count', devices.length), ...devices.map((d) => el('device', { id: d.id }, textEl('udid', d.udid), textEl('devicename', d.name), textEl('created', legacyTime(d.createdAt))))];
        }),
        update: legacyAction(async ({ params, auth }) => {
          const raw = params.require('device_id', 410, 'Required device variable is missing: device_id').trim();
          if (!isRowId(raw)) throw new LegacyError(410, `Invalid device_id: ${raw}`);
          await service.rename(auth.accountId, Number(raw), params.require('device_name', 410, 'Required device variable is missing: device_name'));
          return [];
        }),
      },
    },
  };
}
