import type {} from '@fastify/multipart';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import type { MaintenanceMode } from '../../system/maintenance.js';
import type { SessionResolver } from '../../auth/session.js';
import { XmlReadError, readXmlParams, type ParamMap } from '../../xml/xml-reader.js';
import { renderXmlDocument, textEl, type XmlNode } from '../../xml/xml-writer.js';
import type { UploadedFile } from '../uploaded-file.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { discardAll, readMultipart } from '../multipart.js';
import { LegacyError } from './legacy-error.js';
import { LegacyParams } from './legacy-params.js';
import type { LegacyAuth, LegacyGate, LegacySection } from './legacy-types.js';

export const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 2000 } as const;

export type LegacyPluginOptions = {
  sections: Record<string, LegacySection>;
  gate: LegacyGate;
  resolveSession: SessionResolver;
  maintenance: MaintenanceMode;
  bodyLimit: number;
  uploadLimit: number;
  /** Where large uploads are spooled while the request is read. */
  storage: BlobStorage;
};

type ReadBody = { params: ParamMap; files: UploadedFile[] };

const XML_TYPES = /^(application|text)\/xml/i;

function sendXml(reply: FastifyReply, children: XmlNode[]): FastifyReply {
  return reply.code(200).type('text/xml; charset=utf-8').send(renderXmlDocument(children));
}

/** The XML document of a legacy error. */
export function legacyErrorXml(error: LegacyError): XmlNode[] {
  return [textEl('status', 0), textEl('error', error.message, { code: error.code })];
}

async function readBody(request: FastifyRequest, uploadLimit: number, storage: BlobStorage): Promise<ReadBody> {
  const query = (request.query ?? {}) as ParamMap;
  let params: ParamMap = { ...query };
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    const parts = await readMultipart(request, uploadLimit, storage);
    const fromFields = qs.parse(new URLSearchParams(parts.fields).toString(), QS_OPTIONS) as ParamMap;
    params = { ...params, ...fromFields };
    files = parts.files;
  } else if (typeof request.body === 'string') {
    const body = request.body;
    const contentType = request.headers['content-type'] ?? '';
    const looksXml = XML_TYPES.test(contentType) || /^\s*</.test(body);
    params = { ...params, ...(looksXml ? parseXmlOrThrow(body) : (qs.parse(body, QS_OPTIONS) as ParamMap)) };
  }
  // The `xml` field carries a whole XML request as text (transport 4 of the reference).
  const xmlField = params.xml;
  if (typeof xmlField === 'string' && xmlField.trim().startsWith('<')) {
    const { xml: _drop, ...rest } = params;
    try {
      params = { ...rest, ...parseXmlOrThrow(xmlField) };
    } catch (error) {
      await discardAll(files);
      throw error;
    }
  }
  return { params, files };
}

function parseXmlOrThrow(text: string): ParamMap {
  try {
    return readXmlParams(text);
  } catch (error) {
    if (error instanceof XmlReadError) throw new LegacyError(103, `XML file could not be read: ${error.message}`);
    throw error;
  }
}

/** `/api/`: the codeREADr-compatible endpoint. Every reply is XML with HTTP 200. */
export async function legacyPlugin(app: FastifyInstance, options: LegacyPluginOptions): Promise<void> {
  const { sections, gate, resolveSession, maintenance } = options;

  // Any body is read as text here; the transport is decided from content type and content.
  // (multipart keeps the parser @fastify/multipart registered on the root.)
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: options.bodyLimit }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof LegacyError) return sendXml(reply, legacyErrorXml(error));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const xml = XML_TYPES.test(request.headers['content-type'] ?? '');
      return sendXml(reply, legacyErrorXml(new LegacyError(xml ? 102 : 105)));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') {
      return sendXml(reply, legacyErrorXml(new LegacyError(105)));
    }
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return sendXml(reply, legacyErrorXml(new LegacyError(50, 'The request could not be read.')));
    }
    request.log.error({ err: error }, 'legacy API call failed');
    return sendXml(reply, legacyErrorXml(new LegacyError(2)));
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    if (await maintenance.isOn()) throw new LegacyError(41);
    const { params: raw, files } = await readBody(request, options.uploadLimit, options.storage);
    try {
      return await answer(request, reply, started, raw, files);
    } finally {
      // Spooled uploads an action did not keep are removed.
      await discardAll(files);
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, started: number, raw: ParamMap, files: UploadedFile[]) => {
    const params = new LegacyParams(raw);
    const sectionName = (params.get('section') ?? '').trim().toLowerCase();
    const actionName = (params.get('action') ?? '').trim().toLowerCase();
    const apiKey = params.get('api_key')?.trim();
    const token = params.get('website_token')?.trim();
    const section = Object.hasOwn(sections, sectionName) ? sections[sectionName] : undefined;
    const action = section && Object.hasOwn(section.actions, actionName) ? section.actions[actionName] : undefined;

    // An idempotent action that also answers for a dead token (security/logout).
    if (action?.tokenOptional && !apiKey) {
      const session = token ? await resolveSession(token) : undefined;
      const auth: LegacyAuth | null = session && token ? { kind: 'website_token', accountId: session.accountId, session, token } : null;
      const children = await action.handle({ section: sectionName, action: actionName, params, auth, token, ip: request.ip, files });
      return sendXml(reply, [textEl('status', 1), ...children]);
    }

    let auth: LegacyAuth;
    if (apiKey) {
      const key = await gate.resolveApiKey(apiKey);
      if (!key) throw new LegacyError(100);
      auth = { kind: 'api_key', ...key };
    } else if (token && token !== 'notoken') {
      const session = await resolveSession(token);
      if (!session) throw new LegacyError(101, 'Not authenticated: the session has ended. Please sign in again.');
      auth = { kind: 'website_token', accountId: session.accountId, session, token };
    } else {
      throw new LegacyError(101);
    }

    let status: 0 | 1 = 1;
    let errorCode: number | null = null;
    try {
      if (auth.kind === 'api_key') await gate.admitApiKeyCall(auth.accountId, request.ip);
      if (!section) throw new LegacyError(120);
      if (!action) throw new LegacyError(110);
      if (section.access === 'web' && auth.kind !== 'website_token') throw new LegacyError(10, 'This section is only available to the web app.');
      const result = action.tokenOptional
        ? await action.handle({ section: sectionName, action: actionName, params, auth, token, ip: request.ip, files })
        : await action.handle({ section: sectionName, action: actionName, params, auth, ip: request.ip, files });
      if (!Array.isArray(result)) return await reply.code(200).type(result.contentType).send(result.body);
      return await sendXml(reply, [textEl('status', 1), ...result]);
    } catch (error) {
      status = 0;
      errorCode = error instanceof LegacyError ? error.code : 2;
      throw error;
    } finally {
      if (auth.kind === 'api_key') {
        const entry = { accountId: auth.accountId, apiKeyId: auth.apiKeyId, section: sectionName.slice(0, 64), action: actionName.slice(0, 64), ip: request.ip, status, errorCode, durationMs: Math.round((performance.now() - started) * 100) / 100 };
        await gate.logApiKeyCall(entry).catch((err: unknown) => request.log.error({ err }, 'could not write the API log'));
      }
    }
  };

  app.route({ method: ['GET', 'POST'], url: '/api/', handler });
}

