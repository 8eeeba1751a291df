import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import qs from 'qs';
import { legacyAccess, v2Access } from '@scanbase/contracts';
import type { Container } from './container.js';
import { accountsLegacy } from './modules/accounts/accounts.legacy.js';
import { accountsV2 } from './modules/accounts/accounts.v2.js';
import { apiAccessLegacy } from './modules/api-access/api-access.legacy.js';
import { apiAccessV2 } from './modules/api-access/api-access.v2.js';
import { barcodesLegacy } from './modules/barcodes/barcodes.legacy.js';
import { barcodesV2 } from './modules/barcodes/barcodes.v2.js';
import { scanConfigLegacy, scanConfigV2 } from './modules/services/scan-config.js';
import { legacyPlugin, QS_OPTIONS } from './platform/http/legacy/legacy-plugin.js';
import type { LegacySection } from './platform/http/legacy/legacy-types.js';
import { buildOpenApi } from './platform/http/v2/openapi.js';
import { liveUpdatesPlugin } from './platform/http/live-updates.js';
import { ConnectionGuard } from './platform/http/connection-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { tasksV2 } from './modules/tasks/tasks.v2.js';
import { scansV2 } from './modules/scans/scans.v2.js';
import { accountDeletionV2 } from './modules/account-deletion/account-deletion.v2.js';
import { specializedV2 } from './modules/specialized/specialized.v2.js';
import { webhooksV2 } from './modules/webhooks/webhooks.v2.js';
import { integrationsV2 } from './modules/integrations/integrations.v2.js';
import { samlRoutes, ssoV2 } from './modules/sso/sso.v2.js';
import { fileStorageV2 } from './modules/file-storage/file-storage.v2.js';
import { scanTicketsV2 } from './modules/specialized/scan-tickets/scan-tickets.v2.js';
import { scanToExcelLinkRoute, scanToExcelV2 } from './modules/specialized/scan-to-excel/scan-to-excel.v2.js';
import { tableBuilderV2 } from './modules/specialized/table-builder/table-builder.v2.js';
import { attendanceV2 } from './modules/specialized/attendance/attendance.v2.js';
import { checkInOutV2 } from './modules/specialized/check-in-out/check-in-out.v2.js';
import { abMatchingV2 } from './modules/specialized/ab-matching/ab-matching.v2.js';
import { portalsV2 } from './modules/portals/portals.v2.js';
import { logisticsV2 } from './modules/specialized/logistics/logistics.v2.js';
import { scansLegacy } from './modules/scans/scans.legacy.js';
import { v2Plugin } from './platform/http/v2/v2-plugin.js';
import { brandingLogoRoute, brandingV2 } from './modules/branding/branding.v2.js';
import { shortLinkRedirectRoute, shortLinksV2 } from './modules/short-links/short-links.v2.js';
import type { V2Binding } from './platform/http/v2/v2-types.js';
import { billingV2 } from './modules/billing/billing.v2.js';
import { withLegacyPlanLimits, withPlanLimits } from './modules/billing/plan-limits.js';
import { stripeWebhookRoute } from './modules/billing/stripe-webhook.js';

const VERSION = '0.1.0';
/** /api and /api-v2 and anything under them. */
const API_PATH = /^\/api(?:-v2)?(?:[/?#]|$)/;

/** A URL with credential parameters blanked, for logs. */
export function redactUrl(url: string): string {
  return url.replace(/((?:api_key|website_token|token|websiteToken)=)[^&]*/gi, '$1[redacted]');
}

/** Logger options: JSON lines, secrets redacted wherever they can appear. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.api_key', '*.website_token', '*.token', '*.secret', 'smtpUrl', 'databaseUrl'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  };
}

/** Every legacy section, by name. Later modules add theirs here. */
function legacySections(c: Container): Record<string, LegacySection> {
  return withLegacyPlanLimits({ ...accountsLegacy(c.auth, c.settings), ...apiAccessLegacy(c.apiAccess), ...barcodesLegacy(c.barcodes), ...scanConfigLegacy(c.scanConfig, c.imports), ...scansLegacy(c.scans.repo, c.scans.counts, c.scans.accountZone, c.webhooks) }, c.billing);
}

/** Every V2 route binding. Later modules add theirs here. */
function v2Bindings(c: Container): V2Binding[] {
  // Plan limits and features wrap the routes that add counted things or use a feature (modules/billing/plan-limits.ts).
  return withPlanLimits([...billingV2(c.billing), ...tasksV2(c.jobs.tasks), ...accountsV2(c.auth, c.team, c.settings, c.profile, c.twoFactor), ...apiAccessV2(c.apiAccess), ...barcodesV2(c.barcodes), ...scanConfigV2(c.scanConfig, c.imports), ...scansV2(c.scans), ...specializedV2(c.specialized), ...accountDeletionV2(c.accountDeletion), ...webhooksV2(c.webhooks), ...integrationsV2(c.integrations), ...scanTicketsV2(c.scanTickets), ...scanToExcelV2(c.scanToExcel), ...attendanceV2(c.attendance), ...checkInOutV2(c.checkInOut), ...brandingV2(c.branding), ...abMatchingV2(c.abMatching), ...portalsV2(c.portals), ...tableBuilderV2(c.tableBuilder), ...logisticsV2(c.logistics), ...ssoV2(c.sso, c.config.publicUrl.startsWith('https:')), ...shortLinksV2(c.shortLinks), ...fileStorageV2(c.fileStorage)], c.billing);
}

/** Builds the Fastify instance (tests drive it with app.inject). */
export async function buildApp(c: Container, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const { config } = c;
  const guard = new ConnectionGuard(config.http);
  const app = Fastify({
    serverFactory: guard.serverFactory,
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500, querystringParser: (text) => qs.parse(text, QS_OPTIONS) },
  });
  // Root hooks, before any plugin, so every route and the not-found handler get them.
  guard.install(app);
  registerSecurityHeaders(app, { mapTileUrl: config.map.tileUrl, publicUrl: config.publicUrl, stripe: config.stripe !== null });

  // Request lines cost ~43% of a bare route's throughput at info (baselines), so they go to debug.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug({ method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });

  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes } });

  const resolveSession = (token: string) => c.auth.resolveSession(token);
  // A session that still has to set up the two-factor sign-in its account requires is no session to the
  // legacy API or live updates (V2 answers it only on the set-up routes: v2-plugin.ts).
  const resolveFullSession = async (token: string) => {
    const session = await c.auth.resolveSession(token);
    return session?.twoFactorPending ? undefined : session;
  };
  await app.register(legacyPlugin, {
    sections: legacySections(c),
    access: legacyAccess,
    gate: c.apiAccess,
    resolveSession: resolveFullSession,
    maintenance: c.maintenance,
    bodyLimit: config.bodyLimitBytes,
    uploadLimit: config.uploadLimitBytes,
    storage: c.storage,
  });

  const bindings = v2Bindings(c);
  const openapi = buildOpenApi(bindings.map((b) => b.route), VERSION);
  app.get('/api-v2/openapi.json', async () => openapi);
  // An API key on a V2 route that admits keys acts as its account's owner (REST hooks and polling for Zapier and Make).
  const apiKeys = {
    resolve: async (key: string, ip: string) => {
      const found = await c.apiAccess.admitV2Key(key, ip);
      const owner = found && (await c.repos.accounts.getAdminOfAccount(found.accountId));
      if (!found || !owner) return undefined;
      return { apiKeyId: found.apiKeyId, session: { tokenId: 0, accountId: found.accountId, adminId: owner.id, accountUserId: null, role: 'owner', privileges: { user: true, webapp_login: true, billing: true }, twoFactorPending: false } };
    },
    log: (e: { accountId: number; apiKeyId: number; path: string; ip: string; ok: boolean; durationMs: number }) =>
      c.apiAccess.logApiKeyCall({ accountId: e.accountId, apiKeyId: e.apiKeyId, section: 'v2', action: e.path, ip: e.ip, status: e.ok ? 1 : 0, errorCode: null, durationMs: e.durationMs }),
  };
  await app.register(v2Plugin, { bindings, access: v2Access, resolveSession, resolveAppSession: (token) => c.scans.sessions.resolve(token), maintenance: c.maintenance, limiter: c.limiter, perMinute: config.limits.v2PerMinute, uploadLimit: config.uploadLimitBytes, storage: c.storage, apiKeys });

  // Buffered API-log lines are written before the process lets go of the database.
  app.addHook('onClose', async () => {
    await c.apiAccess.flushLog().catch((err: unknown) => app.log.error({ err }, 'could not write the last API log lines'));
  });

  await app.register(liveUpdatesPlugin, { bus: c.bus, resolveSession: resolveFullSession, resolveAppSession: (token) => c.scans.sessions.resolve(token) });

  brandingLogoRoute(app, c.branding);

  // The monthly scan quota is checked after each stored scan, off the ingest path (a scan is never refused for it).
  const stopQuotaWatch = c.bus.subscribe((event) => {
    if (event.topic === 'scan') c.billing.watchScan(event.accountId);
  });
  app.addHook('onClose', async () => stopQuotaWatch());
  // The webhook sender's thread and kept-alive connections.
  app.addHook('onClose', async () => c.webhooks.close());

  app.get('/healthz', async () => ({ ok: true, version: VERSION }));
  scanToExcelLinkRoute(app, c.scanToExcel, c.limiter);
  shortLinkRedirectRoute(app, c.shortLinks, c.limiter);
  samlRoutes(app, c.sso);
  stripeWebhookRoute(app, c.stripeWebhooks);

  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // Files under /assets/ are named by their content hash: a browser keeps them for a year and never asks again, so
  // a second visit (or the next page's chunks) costs no round trips. Everything else (sw.js, icons, the manifest)
  // keeps its name across releases and is revalidated on each use.
  if (hasWeb) {
    const hashedAssetsDir = path.join(config.webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.startsWith(hashedAssetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // The APIs' own addresses answer JSON; pages whose path merely starts with "api" (/apidocs/...) are the app's.
    if (!isPage || API_PATH.test(request.url)) {
      return reply.code(404).send({ error: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}` });
    }
    // History fallback: the app itself shows its not-found page for unknown paths.
    if (hasWeb) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await fs.promises.readFile(indexFile));
    return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build` (or `npm start`, which builds first).');
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: status === 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', message: status === 500 ? 'Something went wrong on our side.' : 'The request could not be read.' });
  });

  return app;
}
