import { v2Routes } from '@scanbase/contracts';
import type { FastifyInstance } from 'fastify';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { ShortLinksService } from './short-links.service.js';

/** Visits of `/l/<code>` one address may make a minute (with ~59-bit codes, guessing gets nowhere). */
export const SHORT_LINK_PER_MINUTE = 60;

/** V2 routes of short links (`account/links/`). */
export function shortLinksV2(service: ShortLinksService): V2Binding[] {
  return [
    bindV2(v2Routes.listShortLinks, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getShortLink, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createShortLink, ({ session, body }) => service.create(session.accountId, session.adminId, body)),
    bindV2(v2Routes.updateShortLink, ({ session, body }) => service.update(session.accountId, body.id, body)),
    bindV2(v2Routes.revokeShortLink, ({ session, body }) => service.revoke(session.accountId, body.id)),
  ];
}

/**
 * `GET /l/<code>`: the short address itself, without sign-in. An active link answers 302 to its target on this
 * origin; an expired, revoked or unknown one answers 302 to `/share-link-expired?reason=…`, which says so in words.
 */
export function shortLinkRedirectRoute(app: FastifyInstance, service: ShortLinksService, limiter: RateLimiter): void {
  app.get<{ Params: { code: string } }>('/l/:code', async (request, reply) => {
    const rate = await limiter.hit(`short-link:${request.ip}`, 60, SHORT_LINK_PER_MINUTE);
    if (!rate.allowed) return reply.code(429).header('retry-after', String(rate.retryAfterSeconds)).type('text/plain; charset=utf-8').send('Too many links opened from this address: try again in a minute.');
    const opening = await service.open(request.params.code, { userAgent: request.headers['user-agent'] ?? '', referrer: request.headers.referer ?? '' });
    const location = opening.kind === 'open' ? opening.target : `/share-link-expired?reason=${opening.reason}`;
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex').redirect(location, 302);
  });
}
