import { v2Routes } from '@scanbase/contracts';
import type { FastifyReply } from 'fastify';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import { SSO_COOKIE, SSO_STATE_MINUTES, type SsoService } from './sso.service.js';

/** The browser binding travels only to the sign-in routes, HttpOnly; it is what makes a callback link useless in another browser. */
function setBinding(reply: FastifyReply, binding: string, secure: boolean): void {
  reply.header('set-cookie', `${SSO_COOKIE}=${binding}; Path=/api-v2/auth/; Max-Age=${SSO_STATE_MINUTES * 60}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

function readBinding(reply: FastifyReply): string | undefined {
  const header = reply.request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SSO_COOKIE) return rest.join('=');
  }
  return undefined;
}

function seenFrom(reply: FastifyReply, ip: string) {
  const agent = reply.request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip };
}

/** V2 routes of single sign-on: the owner's settings, and the public sign-in steps (docs/SSO.md). */
export function ssoV2(sso: SsoService, secureCookie: boolean): V2Binding[] {
  return [
    bindV2(v2Routes.getSso, ({ session }) => sso.get(session)),
    bindV2(v2Routes.updateSso, ({ session, body }) => sso.update(session, body)),
    bindV2(v2Routes.testSso, ({ body }) => sso.test(body.issuerUrl)),
    bindV2(v2Routes.ssoOptions, () => Promise.resolve(sso.options())),
    bindV2(v2Routes.startSso, async ({ body, ip, reply }) => {
      const started = await sso.start(body.email, body.accountId, ip);
      if (started.kind === 'choose_account') return started;
      setBinding(reply, started.binding, secureCookie);
      return { kind: 'redirect' as const, url: started.url };
    }),
    bindV2(v2Routes.startGoogle, async ({ body, ip, reply }) => {
      const started = await sso.startGoogle(body.accountId, ip);
      setBinding(reply, started.binding, secureCookie);
      return { kind: 'redirect' as const, url: started.url };
    }),
    bindV2(v2Routes.finishSso, async ({ body, ip, reply }) => {
      const done = await sso.finish(body, readBinding(reply), ip, seenFrom(reply, ip));
      reply.header('set-cookie', `${SSO_COOKIE}=; Path=/api-v2/auth/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`);
      return done;
    }),
  ];
}
