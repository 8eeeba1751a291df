import { v2Routes } from '@scanbase/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { BrandingService } from './branding.service.js';

/** The uploaded logo: the `logo` part (or the only file sent). */
function logoPart(files: UploadedFile[]): UploadedFile | undefined {
  if (files.length > 1 && !files.some((f) => f.field === 'logo')) throw new AppError('VALIDATION_FAILED', 'Send one logo file, in a part named logo.', [{ path: 'logo', message: 'One file only' }]);
  return files.find((f) => f.field === 'logo') ?? files[0];
}

/** V2 routes of account/customize/ and the public reads of the scanner and the portals. */
export function brandingV2(service: BrandingService): V2Binding[] {
  return [
    bindV2(v2Routes.getBranding, ({ session }) => service.get(session.accountId)),
    bindV2(v2Routes.updateBranding, ({ session, body }) => service.update(session.accountId, body)),
    bindV2(v2Routes.uploadBrandingLogo, ({ session, files }) => service.uploadLogo(session.accountId, logoPart(files))),
    bindV2(v2Routes.deleteBrandingLogo, ({ session }) => service.deleteLogo(session.accountId)),
    bindV2(v2Routes.publicBranding, ({ body }) => service.publicFor(body.accountId)),
    bindV2(v2Routes.appBranding, ({ session }) => service.publicFor(session.accountId)),
  ];
}

const PARAMS = /^[1-9]\d{0,9}$/;

/**
 * GET /api-v2/branding/logo-file/{accountId}/{fileName}: the logo as an image (an <img> needs a GET). Public like the
 * pages it is shown on; the name is a hash of the bytes, so the answer never changes and may be cached for good.
 */
export function brandingLogoRoute(app: FastifyInstance, service: BrandingService): void {
  app.get<{ Params: { accountId: string; fileName: string } }>('/api-v2/branding/logo-file/:accountId/:fileName', async (request, reply) => {
    const { accountId, fileName } = request.params;
    const png = PARAMS.test(accountId) && Number(accountId) <= 2_147_483_647 ? await service.logoFile(Number(accountId), fileName) : undefined;
    if (!png) return reply.code(404).send({ error: 'NOT_FOUND', message: 'There is no such logo.' });
    return reply
      .code(200)
      .type('image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(png);
  });
}
