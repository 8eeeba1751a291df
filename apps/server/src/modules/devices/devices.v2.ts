import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { DevicesService } from './devices.service.js';

/** V2 routes of the devices screen. */
export function devicesV2(service: DevicesService): V2Binding[] {
  return [
    bindV2(v2Routes.listDevices, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.renameDevice, ({ session, body }) => service.rename(session.accountId, body.id, body.name)),
  ];
}
