import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { WebhooksService } from './webhooks.service.js';

/** The V2 routes of account webhooks (`webhooks/*`, administrators). */
export function webhooksV2(w: WebhooksService): V2Binding[] {
  return [
    bindV2(v2Routes.listWebhooks, async ({ session }) => ({ items: await w.list(session.accountId) })),
    bindV2(v2Routes.createWebhook, ({ session, body }) => w.create(session.accountId, body)),
    bindV2(v2Routes.updateWebhook, ({ session, body }) => w.update(session.accountId, body)),
    bindV2(v2Routes.deleteWebhook, async ({ session, body }) => {
      await w.delete(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.rotateWebhookSecret, ({ session, body }) => w.rotateSecret(session.accountId, body.id)),
    bindV2(v2Routes.listWebhookDeliveries, ({ session, body }) => w.deliveries(session.accountId, body)),
    bindV2(v2Routes.redeliverWebhook, ({ session, body }) => w.redeliver(session.accountId, body.id)),
    bindV2(v2Routes.testWebhook, ({ session, body }) => w.test(session.accountId, body.id)),
  ];
}
