import { v2Routes } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import { bindV2, RawReply, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { BarcodesService } from './barcodes.service.js';

/** The uploaded logo of a template request: the `logo` part (or the only file sent). */
function logoPart(files: UploadedFile[]): UploadedFile | undefined {
  if (files.length > 1 && !files.some((f) => f.field === 'logo')) throw new AppError('VALIDATION_FAILED', 'Send one logo file, in a part named logo.', [{ path: 'logo', message: 'One file only' }]);
  return files.find((f) => f.field === 'logo') ?? files[0];
}

/** V2 routes: barcode images, label sheets and barcode templates. */
export function barcodesV2(service: BarcodesService): V2Binding[] {
  return [
    bindV2(v2Routes.generateBarcode, async ({ session, body }) => {
      const img = await service.generate(session.accountId, body);
      return new RawReply(img.contentType, img.body);
    }),
    bindV2(v2Routes.generateLabels, async ({ body, reply }) => {
      const pdf = await service.labels(body);
      void reply.header('content-disposition', 'inline; filename="labels.pdf"');
      return new RawReply('application/pdf', pdf);
    }),
    bindV2(v2Routes.listBarcodeTemplates, async ({ session }) => ({ items: await service.listTemplates(session.accountId) })),
    bindV2(v2Routes.createBarcodeTemplate, ({ session, body, files }) => service.createTemplate(session.accountId, body, logoPart(files))),
    bindV2(v2Routes.updateBarcodeTemplate, ({ session, body, files }) => service.updateTemplate(session.accountId, body, logoPart(files))),
    bindV2(v2Routes.deleteBarcodeTemplate, async ({ session, body }) => {
      await service.deleteTemplate(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.downloadTemplateLogo, async ({ session, body }) => ({ dataUrl: `data:image/png;base64,${(await service.logo(session.accountId, body.fileName)).toString('base64')}` })),
  ];
}
