import type {} from '@fastify/multipart';
import { isAdminRole, v2ErrorStatus, type FieldIssue, type V2ErrorBody, type V2ErrorCode } from '@scanbase/contracts';
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

export type V2PluginOptions = {
  bindings: V2Binding[];
  resolveSession: SessionResolver;
  /** App tokens of the scanner API (routes with access 'app'). */
  resolveAppSession: AppSessionResolver;
  maintenance: MaintenanceMode;
  limiter: RateLimiter;
  perMinute: number;
  uploadLimit: number;
  /** Where large uploads are spooled while the request is read. */
  storage: BlobStorage;
};

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

async function readInput(request: FastifyRequest, uploadLimit: number, storage: BlobStorage): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { body: request.body ?? {}, files: [] };
  const { fields, files } = await readMultipart(request, uploadLimit, storage);
  const params = fields.find(([name]) => name === 'params')?.[1];
  if (params === undefined) return { body: {}, files };
  try {
    return { body: JSON.parse(params) as unknown, files };
  } catch {
    await discardAll(files);
    throw new AppError('BAD_REQUEST', 'The params field is not valid JSON.');
  }
}

/** `/api-v2/<resource>/<action>/`: JSON RPC routes generated from the contracts. */
export async function v2Plugin(app: FastifyInstance, options: V2PluginOptions): Promise<void> {
  const { resolveSession, maintenance, limiter } = options;

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

  for (const { route, handler } of options.bindings) {
    // Scanner calls carry photos and offline batches, so they may be as large as an upload.
    app.post(`/api-v2/${route.path}/`, { bodyLimit: route.access === 'app' ? options.uploadLimit : undefined }, async (request, reply) => {
      if (await maintenance.isOn()) throw new AppError('ERROR_MAINTENANCE', 'Scanbase is down for maintenance. Please try again shortly.');
      const { body: rawBody, files } = await readInput(request, options.uploadLimit, options.storage);
      try {
        const input = (typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody) ? rawBody : {}) as Record<string, unknown>;
        const bodyToken = typeof input.website_token === 'string' ? input.website_token : null;
        const token = bearer(request) ?? bodyToken;
        const hasToken = token !== null && token !== 'notoken';
        let session: Session | AppSession | null = null;
        let bucket = `v2:ip:${request.ip}`;
        if (route.access === 'app') {
          const app = hasToken ? await options.resolveAppSession(token) : undefined;
          if (!app) throw new AppError('AUTH_FAILED', 'Your scanner session has ended. Please sign in again.');
          session = app;
          bucket = `v2:a:${app.tokenId}`;
        } else {
          const web = hasToken ? ((await resolveSession(token)) ?? null) : null;
          if (route.access !== 'public') {
            if (!web) throw new AppError('AUTH_FAILED', 'Your session has ended. Please sign in again.');
            if (route.access === 'admin' && !isAdminRole(web.role)) throw new AppError('FORBIDDEN', 'Only account administrators can do this.');
            if (route.access === 'owner' && web.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the account owner can do this.');
          }
          session = web;
          if (web) bucket = `v2:s:${web.tokenId}`;
        }
        const decision = await limiter.hit(bucket, 60, options.perMinute);
        if (!decision.allowed) throw new AppError('LIMIT_MINUTE', 'Too many requests. Please wait a minute and try again.', undefined, decision.retryAfterSeconds);

        const { website_token: _t, ...withoutToken } = input;
        const parsed = route.body.safeParse(withoutToken);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', zodIssues(parsed.error));
        const result = await handler({ body: parsed.data, session: session as never, token, ip: request.ip, files, reply });
        if (result instanceof RawReply) return reply.type(result.contentType).send(result.body);
        return result;
      } finally {
        // Spooled uploads a handler did not keep are removed.
        await discardAll(files);
      }
    });
  }

  app.all('/api-v2/*', async (_request, reply) => sendV2Error(reply, 'NOT_FOUND', 'There is no such V2 route. See /api-v2/openapi.json.'));
}
