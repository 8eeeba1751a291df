import { v2Routes } from '@scanbase/contracts';
import { bindV2, RawReply, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { Scans } from './scans.module.js';

/** The scanner API (`app/*`, app tokens) and the administrators' scan routes. */
export function scansV2(s: Scans): V2Binding[] {
  return [
    bindV2(v2Routes.appSignIn, ({ body, ip }) => s.sessions.signIn(body, ip)),
    bindV2(v2Routes.appSignOut, async ({ session }) => {
      await s.sessions.signOut(session);
      return { ok: true as const };
    }),
    bindV2(v2Routes.appServices, async ({ session }) => ({ user: { id: session.appUserId, username: session.username }, device: await s.sessions.device(session), services: await s.sessions.services(session.accountId, session.appUserId) })),
    bindV2(v2Routes.appScan, ({ session, body }) => s.capture.scan(session, body)),
    bindV2(v2Routes.appAnswers, async ({ session, body }) => {
      await s.capture.addAnswers(session, body.scanId, body.answers);
      return { ok: true as const };
    }),
    bindV2(v2Routes.appUpload, ({ session, body }) => s.capture.upload(session, body.scans)),
    bindV2(v2Routes.appDatabase, ({ session, body }) => s.sessions.database(session, body)),
    bindV2(v2Routes.recentScans, ({ session, body }) => s.capture.recent(session.accountId, body)),
    bindV2(v2Routes.searchScans, ({ session, body }) => s.search.search(session.accountId, body)),
    bindV2(v2Routes.getScan, ({ session, body }) => s.edits.get(session.accountId, body.id)),
    bindV2(v2Routes.updateScan, ({ session, body }) => s.edits.update(session, body)),
    bindV2(v2Routes.deleteScans, async ({ session, body }) => ({ deleted: await s.edits.delete(session.accountId, body.ids) })),
    bindV2(v2Routes.scanStatistics, ({ session, body }) => s.insights.statistics(session.accountId, body)),
    bindV2(v2Routes.scanLocations, ({ session, body }) => s.insights.locations(session.accountId, body)),
    bindV2(v2Routes.appLocations, ({ session, body }) => s.scannerPages.myLocations(session, body)),
    bindV2(v2Routes.appScanResponse, ({ session, body }) => s.scannerPages.response(session.accountId, body.scanId, session.appUserId)),
    bindV2(v2Routes.scanResponse, ({ session, body }) => s.scannerPages.response(session.accountId, body.scanId)),
    bindV2(v2Routes.testPostback, ({ session, body }) => s.postbacks.test(session.accountId, body)),
    bindV2(v2Routes.scanPhotos, ({ session, body }) => s.insights.photos(session.accountId, body)),
    bindV2(v2Routes.scanFile, async ({ session, body, reply }) => {
      const file = await s.insights.file(session.accountId, body.answerId, body.thumbnail);
      // An answer's image never changes (photos and signatures cannot be edited), so the browser may keep it; only for this user.
      void reply.header('cache-control', 'private, max-age=31536000, immutable');
      void reply.header('content-disposition', `inline; filename="${file.fileName}"`);
      void reply.header('x-content-type-options', 'nosniff');
      return new RawReply(file.contentType, file.body);
    }),
    bindV2(v2Routes.listUploads, ({ session, body }) => s.uploads.list(session.accountId, body)),
    bindV2(v2Routes.listExportTemplates, ({ session }) => s.templates.list(session.accountId)),
    bindV2(v2Routes.getExportTemplate, ({ session, body }) => s.templates.get(session.accountId, body.id)),
    bindV2(v2Routes.createExportTemplate, ({ session, body }) => s.templates.create(session.accountId, body)),
    bindV2(v2Routes.updateExportTemplate, ({ session, body }) => s.templates.update(session.accountId, body)),
    bindV2(v2Routes.deleteExportTemplate, async ({ session, body }) => {
      await s.templates.delete(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.exportColumnChoices, ({ session, body }) => s.templates.columnChoices(session.accountId, body.serviceIds)),
    bindV2(v2Routes.startScanExport, ({ session, body }) => s.templates.startExport(session.accountId, body)),
  ];
}
