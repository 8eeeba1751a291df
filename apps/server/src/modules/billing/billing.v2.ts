import { v2Routes } from '@scanbase/contracts';
import { RawReply, bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { BillingService } from './billing.service.js';

/** V2 routes of account/myplan/, plans/, change-plan* and billing/ (access: packages/contracts/src/access-table.ts). */
export function billingV2(service: BillingService): V2Binding[] {
  return [
    bindV2(v2Routes.getMyPlan, ({ session }) => service.myPlan(session.accountId)),
    bindV2(v2Routes.getPlanStatus, ({ session }) => service.status(session.accountId)),
    bindV2(v2Routes.listPlans, ({ session }) => service.plans(session.accountId)),
    bindV2(v2Routes.previewPlanChange, ({ session, body }) => service.preview(session.accountId, body)),
    bindV2(v2Routes.changePlan, ({ session, body }) => service.change(session.accountId, body)),
    bindV2(v2Routes.cancelScheduledChange, ({ session }) => service.cancelScheduled(session.accountId)),
    bindV2(v2Routes.getBillingOverview, ({ session }) => service.overview(session.accountId)),
    bindV2(v2Routes.updateBusinessDetails, ({ session, body }) => service.updateBusiness(session.accountId, body)),
    bindV2(v2Routes.listInvoices, async ({ session }) => ({ items: await service.invoices(session.accountId) })),
    bindV2(v2Routes.downloadInvoice, async ({ session, body, reply }) => {
      const { fileName, pdf } = await service.invoicePdf(session.accountId, body.id);
      void reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return new RawReply('application/pdf', pdf);
    }),
    bindV2(v2Routes.listCards, ({ session }) => service.cards(session.accountId)),
    bindV2(v2Routes.setupCard, ({ session }) => service.setupCard(session.accountId)),
    bindV2(v2Routes.setDefaultCard, ({ session, body }) => service.setDefaultCard(session.accountId, body.paymentMethodId)),
    bindV2(v2Routes.removeCard, ({ session, body }) => service.removeCard(session.accountId, body.paymentMethodId)),
  ];
}
