import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { IntegrationsService } from './integrations.service.js';

/** The V2 routes of the integrations pages (`integrations/*`) and of Zapier and Make (`hooks/*`, API keys admitted: REST hooks, polling, actions and searches). */
export function integrationsV2(s: IntegrationsService): V2Binding[] {
  return [
    bindV2(v2Routes.listPostbackTargets, async ({ session }) => ({ items: await s.postbackTargets(session.accountId) })),
    bindV2(v2Routes.hooksMe, ({ session }) => s.me(session.accountId)),
    bindV2(v2Routes.hooksSubscribe, ({ session, body }) => s.subscribe(session.accountId, body)),
    bindV2(v2Routes.hooksUnsubscribe, async ({ session, body }) => {
      await s.unsubscribe(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.hooksList, async ({ session, body }) => ({ items: await s.hooks(session.accountId, body.source) })),
    bindV2(v2Routes.hooksPoll, async ({ session, body }) => ({ event: body.event, items: await s.poll(session.accountId, body) })),
    bindV2(v2Routes.hooksSample, async ({ session, body }) => ({ event: body.event, sample: await s.sample(session.accountId, body.event) })),
    // Actions and searches of Zapier and Make (the others are the web app's routes that admit a key).
    bindV2(v2Routes.hooksUpsertValue, ({ session, body }) => s.upsertValue(session.accountId, body)),
    bindV2(v2Routes.hooksFindValue, async ({ session, body }) => ({ items: await s.findValue(session.accountId, body.databaseId, body.value) })),
    bindV2(v2Routes.hooksFindScan, async ({ session, body }) => ({ items: await s.findScans(session.accountId, body) })),
  ];
}
