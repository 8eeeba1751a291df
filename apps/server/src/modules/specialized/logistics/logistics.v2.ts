import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { LogisticsService } from './logistics.service.js';

/** V2 routes of logistics: the package list (with the late filter) and a package's timeline. */
export function logisticsV2(service: LogisticsService): V2Binding[] {
  return [
    bindV2(v2Routes.logisticsPackages, ({ session, body }) => service.packages(session.accountId, body)),
    bindV2(v2Routes.logisticsTimeline, ({ session, body }) => service.timeline(session.accountId, body)),
  ];
}
