import type {} from '@fastify/multipart';
import { checkAccess, twoFactorSetupPaths, v2ErrorStatus, type AccessRule, type V2Route, type FieldIssue, type V2ErrorBody, type V2ErrorCode } from '@scanbase/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { AppSession, AppSessionResolver, Session, SessionResolver } from '../../auth/session.js';
import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { MaintenanceMode } from '../../system/maintenance.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { discardAll, readMultipart } from '../multipart.js';
import type { UploadedFile } from '../uploaded-file.js';
import { RawReply, type V2Binding } from './v2-types.js';
import { findUnstorableText, unstorableTextMessage } from '../unstorable-text.js';

export type V2PluginOptions = {
  bindings: V2Binding[];
  /** Who may call each route (the access table of `@scanbase/contracts`). */
  access: Record<string, AccessRule>;
  resolveSession: SessionResolver;
  /** App tokens of the scanner API (routes with access 'app'). */
  resolveAppSession: AppSessionResolver;
  maintenance: MaintenanceMode;
  limiter: RateLimiter;
  perMinute: number;
  uploadLimit: number;
  /** Where large uploads are spooled while the request is read. */
  storage: BlobStorage;
  /**
   * An account API key (bearer token or `X-API-Key` header) on a route whose rule admits keys: the key acts as the
   * account owner. Resolves the key after checking its account's IP allow-list and limits (throws AppError); undefined
   * when it is no key. `log` writes the call to the account's API log.
   */
  apiKeys?: {
    resolve: (key: string, ip: string) => Promise<{ session: Session; apiKeyId: number } | undefined>;
    log: (entry: { accountId: number; apiKeyId: number; path: string; ip: string; ok: boolean; durationMs: number }) => Promise<void>;
  };
};

// What a contract's coarse access (which decides the session type its handler gets) needs of the table's rule.
const compatible: Record<V2Route['access'], readonly AccessRule['who'][]> = {
  public: ['public'],
  app: ['app'],
  session: ['member', 'admin', 'owner'],
  admin: ['admin', 'owner'],
  owner: ['owner'],
};

/** Refuses to start when a route has no access rule, a rule names no route, or a rule admits callers its handler cannot serve. */
export function assertV2Access(bindings: V2Binding[], access: Record<string, AccessRule>): void {
  const problems: string[] = [];
  const paths = new Set<string>();
  for (const { route } of bindings) {
    paths.add(route.path);
    const rule = access[route.path];
    if (!rule) problems.push(`${route.path} has no access rule`);
    else if (!compatible[route.access].includes(rule.who)) problems.push(`${route.path}: rule '${rule.who}' does not fit the contract's access '${route.access}'`);
  }
  for (const path of Object.keys(access)) if (!paths.has(path)) problems.push(`access rule for ${path}, which is not a route`);
  if (problems.length > 0) throw new Error(`The V2 access table does not match the routes:\n${problems.join('\n')}`);
}

/** Sends a V2 error reply with its HTTP status. */
export function sendV2Error(reply: FastifyReply, code: V2ErrorCode, message: string, details?: V2ErrorBody['details'], retryAfter?: number): FastifyReply {
  const body: V2ErrorBody = { error: code, message, ...(details !== undefined ? { details } : {}) };
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  return reply.code(v2ErrorStatus[code]).type('application/json; charset=utf-8').send(body);
}

/** Turns zod issues into `{path, message}` pairs a form can show beside its fields. */
export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  return null;
}

/** Reads a JSON body, or a multipart body whose `params` field holds the JSON; `beforeFile` runs before the first file is read. */
async function readInput(request: FastifyRequest, uploadLimit: number, storage: BlobStorage, beforeFile: (params: unknown) => Promise<void>): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { body: request.body ?? {}, files: [] };
  const paramsOf = (fields: [string, string][]): unknown => {
    const text = fields.find(([name]) => name === 'params')?.[1];
    if (text === undefined) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError('BAD_REQUEST', 'The params field is not valid JSON.');
    }
  };
  const { fields, files } = await readMultipart(request, uploadLimit, storage, async (soFar) => beforeFile(paramsOf(soFar)));
  try {
    return { body: paramsOf(fields), files };
  } catch (error) {
    await discardAll(files);
    throw error;
  }
}

/** `/api-v2/<resource>/<action>/`: JSON RPC routes generated from the contracts. */
export async function v2Plugin(app: FastifyInstance, options: V2PluginOptions): Promise<void> {
  const { resolveSession, maintenance, limiter, access } = options;
  assertV2Access(options.bindings, access);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendV2Error(reply, error.code, error.message, error.details, error.retryAfterSeconds);
    if (error instanceof ZodError) return sendV2Error(reply, 'VALIDATION_FAILED', 'Some fields are not valid.', zodIssues(error));
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return sendV2Error(reply, 'PAYLOAD_TOO_LARGE', 'The request is larger than allowed.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendV2Error(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (application/json) or multipart/form-data with a params field.');
      default:
        break;
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendV2Error(reply, 'BAD_REQUEST', 'The request body could not be read. Send valid JSON.');
    }
    request.log.error({ err: error }, 'V2 call failed');
    return sendV2Error(reply, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });

  /** Who is calling and whether the route's access rule lets them; throws AUTH_FAILED or FORBIDDEN. */
  const setupPaths = new Set(twoFactorSetupPaths);
  const authorize = async (rule: AccessRule, path: string, request: FastifyRequest, body: unknown): Promise<{ session: Session | AppSession | null; token: string | null; apiKeyId?: number }> => {
    const bodyToken = typeof body === 'object' && body !== null && 'website_token' in body && typeof body.website_token === 'string' ? body.website_token : null;
    const keyHeader = request.headers['x-api-key'];
    const token = bearer(request) ?? bodyToken ?? (typeof keyHeader === 'string' && keyHeader.trim() !== '' ? keyHeader.trim() : null);
    const hasToken = token !== null && token !== 'notoken';
    // A route that admits API keys (REST hooks, polling): a key acts as the owner of its account.
    if (hasToken && rule.who !== 'public' && rule.who !== 'app' && rule.apiKey === true && options.apiKeys) {
      const key = await options.apiKeys.resolve(token, request.ip);
      if (key && checkAccess(rule, { kind: 'api_key' }) === undefined) return { session: key.session, token, apiKeyId: key.apiKeyId };
    }
    if (rule.who === 'app') {
      const appSession = hasToken ? await options.resolveAppSession(token) : undefined;
      const refusal = checkAccess(rule, appSession ? { kind: 'app' } : { kind: 'anonymous' });
      if (refusal) throw new AppError('AUTH_FAILED', refusal.message);
      return { session: appSession ?? null, token };
    }
    const web = hasToken ? ((await resolveSession(token)) ?? null) : null;
    const refusal = checkAccess(rule, web ? { kind: 'session', role: web.role, privileges: web.privileges } : { kind: 'anonymous' });
    if (refusal) throw new AppError(refusal.reason === 'unauthenticated' ? 'AUTH_FAILED' : 'FORBIDDEN', refusal.message);
    // The account requires two-factor sign-in this person has not set up: nothing else until they do.
    if (web?.twoFactorPending && rule.who !== 'public' && !setupPaths.has(path)) {
      throw new AppError('FORBIDDEN', 'Your account requires two-factor sign-in. Set it up to continue.', { twoFactorSetupRequired: true });
    }
    return { session: web, token };
  };

  for (const { route, handler } of options.bindings) {
    const rule = access[route.path] as AccessRule;
    // Scanner calls carry photos and offline batches, so they may be as large as an upload.
    app.post(`/api-v2/${route.path}/`, { bodyLimit: rule.who === 'app' ? options.uploadLimit : undefined }, async (request, reply) => {
      if (await maintenance.isOn()) throw new AppError('ERROR_MAINTENANCE', 'Scanbase is down for maintenance. Please try again shortly.');
      const { body: rawBody, files } = await readInput(request, options.uploadLimit, options.storage, async (soFar) => {
        // A file is about to be read: refuse callers without access before storing a byte.
        try {
          await authorize(rule, route.path, request, soFar);
        } catch (error) {
          // The rest of the body stays unread, so this connection cannot carry another request.
          void reply.header('connection', 'close');
          throw error;
        }
      });
      let keyCall: { accountId: number; apiKeyId: number; started: number } | undefined;
      let succeeded = false;
      try {
        const { session, token, apiKeyId } = await authorize(rule, route.path, request, rawBody);
        if (apiKeyId !== undefined && session) keyCall = { accountId: session.accountId, apiKeyId, started: performance.now() };
        let bucket = `v2:ip:${request.ip}`;
        if (keyCall) bucket = `v2:k:${keyCall.apiKeyId}`;
        else if (session && 'appUserId' in session) bucket = `v2:a:${session.tokenId}`;
        else if (session) bucket = `v2:s:${session.tokenId}`;
        // Counted in memory and written in batches: a write per call cost as much as a scan's own writes.
        const decision = await limiter.hitSoon(bucket, 60, options.perMinute);
        if (!decision.allowed) throw new AppError('LIMIT_MINUTE', 'Too many requests. Please wait a minute and try again.', undefined, decision.retryAfterSeconds);

        const input = (typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody) ? rawBody : {}) as Record<string, unknown>;
        const { website_token: _t, ...withoutToken } = input;
        const bad = findUnstorableText(withoutToken);
        if (bad !== undefined) throw new AppError('VALIDATION_FAILED', unstorableTextMessage(bad), [{ path: bad, message: 'Contains a NUL character or a broken UTF-16 surrogate.' }]);
        const parsed = route.body.safeParse(withoutToken);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', zodIssues(parsed.error));
        const result = await handler({ body: parsed.data, session: session as never, token, ip: request.ip, files, reply });
        succeeded = true;
        if (result instanceof RawReply) return reply.type(result.contentType).send(result.body);
        return result;
      } finally {
        if (keyCall && options.apiKeys) {
          const entry = { accountId: keyCall.accountId, apiKeyId: keyCall.apiKeyId, path: route.path, ip: request.ip, ok: succeeded, durationMs: Math.round(performance.now() - keyCall.started) };
          await options.apiKeys.log(entry).catch((err: unknown) => request.log.error({ err }, 'could not write the API log'));
        }
        // Spooled uploads a handler did not keep are removed.
        await discardAll(files);
      }
    });
  }

  app.all('/api-v2/*', async (_request, reply) => sendV2Error(reply, 'NOT_FOUND', 'There is no such V2 route. See /api-v2/openapi.json.'));
}
