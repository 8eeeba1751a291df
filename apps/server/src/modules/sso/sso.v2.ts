import { v2Routes } from '@scanbase/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
    bindV2(v2Routes.appSsoOptions, ({ body }) => sso.appOptions(body.accountId)),
    bindV2(v2Routes.startAppSso, async ({ body, ip, reply }) => {
      const started = await sso.startApp(body, ip);
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

/**
 * SAML's two plain routes (not V2: the IdP and the customer's IdP admin call them, not the app): the ACS the IdP's
 * form POSTs to, and our SP metadata per account at its entity id.
 */
export function samlRoutes(app: FastifyInstance, sso: SsoService): void {
  void app.register(async (scope) => {
    // Only here: the IdP's auto-submitted form is urlencoded; the rest of the server takes JSON and multipart.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    scope.post<{ Body: Record<string, string> | undefined }>('/saml/acs', async (request, reply) => {
      const body = request.body ?? {};
      const location = await sso.acceptSamlPost(body.SAMLResponse, body.RelayState, request.ip);
      return reply.code(303).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 303);
    });
    scope.get<{ Params: { accountId: string } }>('/saml/:accountId/metadata', async (request, reply) => {
      const id = Number(request.params.accountId);
      const xml = Number.isSafeInteger(id) && id > 0 ? await sso.samlMetadata(id) : undefined;
      if (!xml) return reply.code(404).type('text/plain; charset=utf-8').send('No SAML single sign-on is set up here.');
      return reply.type('application/samlmetadata+xml; charset=utf-8').header('content-disposition', `attachment; filename="scanbase-sp-${id}.xml"`).send(xml);
    });
  });
}
