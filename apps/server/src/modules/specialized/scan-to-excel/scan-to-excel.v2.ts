import { v2Routes } from '@scanbase/contracts';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { RawReply, bindV2, type V2Binding } from '../../../platform/http/v2/v2-types.js';
import type { ScanToExcelService, SheetFile } from './scan-to-excel.service.js';

/** Downloads through secret links one address may make a minute. */
export const LINK_PER_MINUTE = 30;

/** `attachment; filename="…"` for a name of safe characters. */
function disposition(file: SheetFile): string {
  return `attachment; filename="${file.name}"`;
}

/** V2 routes of scan-to-excel instances (the sheet's rows, the XLSX download and the secret link). */
export function scanToExcelV2(service: ScanToExcelService): V2Binding[] {
  return [
    bindV2(v2Routes.scanToExcelRows, ({ session, body }) => service.rows(session.accountId, body)),
    bindV2(v2Routes.scanToExcelLink, ({ session, body }) => service.linkInfo(session.accountId, body.id)),
    bindV2(v2Routes.scanToExcelLinkCreate, ({ session, body }) => service.linkCreate(session.accountId, body.id)),
    bindV2(v2Routes.scanToExcelLinkRevoke, async ({ session, body }) => {
      await service.linkRevoke(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.scanToExcelDownload, async ({ session, body, reply }) => {
      const file = await service.sheet(session.accountId, body.id);
      void reply.header('content-disposition', disposition(file));
      return new RawReply(file.contentType, file.body);
    }),
  ];
}

/**
 * `GET /scan-to-excel/<token>.xlsx`: the secret download link, without sign-in (a spreadsheet's "from web"
 * source, a bookmark). The token is the only credential: unknown, revoked or malformed answers 404 alike.
 */
export function scanToExcelLinkRoute(app: FastifyInstance, service: ScanToExcelService, limiter: RateLimiter): void {
  app.get<{ Params: { file: string } }>('/scan-to-excel/:file', async (request, reply) => {
    // Each answer writes the whole sheet: at most LINK_PER_MINUTE downloads (or guesses) a minute from one address.
    const rate = await limiter.hit(`scan-to-excel:${request.ip}`, 60, LINK_PER_MINUTE);
    if (!rate.allowed) return reply.code(429).header('retry-after', String(rate.retryAfterSeconds)).type('application/json').send({ error: 'LIMIT_MINUTE', message: 'Too many downloads from this address: try again in a minute.' });
    const file = await service.byLink(request.params.file);
    if (!file) return reply.code(404).type('application/json').send({ error: 'NOT_FOUND', message: 'This download link does not exist or was replaced by a new one.' });
    return reply
      .header('content-disposition', disposition(file))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type(file.contentType)
      .send(file.body);
  });
}
