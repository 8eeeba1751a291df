import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { FileStorageService } from './file-storage.service.js';

/** The V2 routes of file storage (`filestorage/*`, administrators with web-app access; docs/FILE-STORAGE.md). */
export function fileStorageV2(fs: FileStorageService): V2Binding[] {
  return [
    bindV2(v2Routes.listFileStores, ({ session }) => fs.list(session.accountId)),
    bindV2(v2Routes.startFileStoreOauth, ({ session, body }) => fs.startOauth(session, body.kind)),
    bindV2(v2Routes.finishFileStoreOauth, ({ session, body }) => fs.finishOauth(session, body)),
    bindV2(v2Routes.connectFileStore, ({ session, body }) => fs.connect(session.accountId, body)),
    bindV2(v2Routes.testFileStore, ({ session, body }) => fs.test(session.accountId, body.id)),
    bindV2(v2Routes.setFileStoreTargets, async ({ session, body }) => {
      await fs.setTargets(session.accountId, body.exportsStoreId, body.copyScanFiles);
      return { ok: true as const };
    }),
    bindV2(v2Routes.disconnectFileStore, ({ session, body }) => fs.remove(session.accountId, body.id)),
    bindV2(v2Routes.listFileStorageCopies, async ({ session, body }) => ({ items: await fs.copying.copies(session.accountId, body.jobId) })),
  ];
}
