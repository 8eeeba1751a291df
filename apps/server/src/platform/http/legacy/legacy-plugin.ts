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
import type { LegacyAction, LegacyAuth, LegacyGate, LegacySection } from './legacy-types.js';
import { checkAccess, type AccessRule, type Caller } from '@scanbase/contracts';
import { findUnstorableText, unstorableTextMessage } from '../unstorable-text.js';

export const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 2000 } as const;

export type LegacyPluginOptions = {
  sections: Record<string, LegacySection>;
  /** Who may call each action (the access table of `@scanbase/contracts`). */
  access: Record<string, Record<string, AccessRule>>;
  gate: LegacyGate;
  resolveSession: SessionResolver;
  maintenance: MaintenanceMode;
  bodyLimit: number;
  uploadLimit: number;
  /** Where large uploads are spooled while the request is read. */
  storage: BlobStorage;
};

type ReadBody = { params: ParamMap; files: UploadedFile[] };

/** A call's action, its access rule and its caller (null: none, for a public action). */
type Authorized = { sectionName: string; actionName: string; action: LegacyAction | undefined; rule: AccessRule | undefined; auth: LegacyAuth | null; token: string | undefined };

/** Refuses to start when a legacy action has no access rule, or a rule names no action (the access table is the one place that says who may call what). */
export function assertLegacyAccess(sections: Record<string, LegacySection>, access: Record<string, Record<string, AccessRule>>): void {
  const problems: string[] = [];
  for (const [name, section] of Object.entries(sections)) {
    for (const [actionName, action] of Object.entries(section.actions)) {
      const rule = access[name]?.[actionName];
      if (!rule) problems.push(`${name}/${actionName} has no access rule`);
      else if ((rule.who === 'public') !== (action.tokenOptional === true)) problems.push(`${name}/${actionName}: only token-optional actions may be public`);
      else if (rule.who === 'app') problems.push(`${name}/${actionName}: the legacy API takes no app tokens`);
    }
  }
  for (const [name, actions] of Object.entries(access)) {
    for (const actionName of Object.keys(actions)) if (!sections[name]?.actions[actionName]) problems.push(`access rule for ${name}/${actionName}, which does not exist`);
  }
  if (problems.length > 0) throw new Error(`The legacy access table does not match the actions:\n${problems.join('\n')}`);
}

const XML_TYPES = /^(application|text)\/xml/i;

function sendXml(reply: FastifyReply, children: XmlNode[]): FastifyReply {
  return reply.code(200).type('text/xml; charset=utf-8').send(renderXmlDocument(children));
}

/** The XML document of a legacy error. */
export function legacyErrorXml(error: LegacyError): XmlNode[] {
  return [textEl('status', 0), textEl('error', error.message, { code: error.code })];
}

/**
 * Reads the merged parameters of a call (query, form, XML or multipart fields). `beforeFile` runs
 * once when the first file part arrives, with the parameters seen so far, so a caller can be
 * refused before any upload is spooled.
 */
async function readBody(request: FastifyRequest, uploadLimit: number, storage: BlobStorage, beforeFile: (params: ParamMap) => Promise<void>): Promise<ReadBody> {
  const query = (request.query ?? {}) as ParamMap;
  let params: ParamMap = { ...query };
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    const asParams = (fields: [string, string][]) => qs.parse(new URLSearchParams(fields).toString(), QS_OPTIONS) as ParamMap;
    const parts = await readMultipart(request, uploadLimit, storage, (fields) => beforeFile({ ...query, ...asParams(fields) }));
    params = { ...params, ...asParams(parts.fields) };
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
  const { sections, gate, resolveSession, maintenance, access } = options;
  assertLegacyAccess(sections, access);

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

  /** Finds the action and its rule, and who is calling; throws the legacy code that refuses the call. */
  const authorize = async (params: LegacyParams): Promise<Authorized> => {
    const sectionName = (params.get('section') ?? '').trim().toLowerCase();
    const actionName = (params.get('action') ?? '').trim().toLowerCase();
    const apiKey = params.get('api_key')?.trim();
    const token = params.get('website_token')?.trim();
    const section = Object.hasOwn(sections, sectionName) ? sections[sectionName] : undefined;
    const action = section && Object.hasOwn(section.actions, actionName) ? section.actions[actionName] : undefined;
    const rule = action ? access[sectionName]?.[actionName] : undefined;

    // A public action (security/logout) answers with or without a usable token.
    if (action && rule?.who === 'public' && !apiKey) {
      const session = token ? await resolveSession(token) : undefined;
      const auth: LegacyAuth | null = session && token ? { kind: 'website_token', accountId: session.accountId, session, token } : null;
      return { sectionName, actionName, action, rule, auth, token };
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
    return { sectionName, actionName, action, rule, auth, token };
  };

  /** The access rule's verdict for a known action (10 or 101), after the existence checks (120, 110). */
  const admit = (a: Authorized): { action: LegacyAction; auth: LegacyAuth } => {
    if (!Object.hasOwn(sections, a.sectionName)) throw new LegacyError(120);
    if (!a.action || !a.rule) throw new LegacyError(110);
    const caller: Caller = !a.auth ? { kind: 'anonymous' } : a.auth.kind === 'api_key' ? { kind: 'api_key' } : { kind: 'session', role: a.auth.session.role, privileges: a.auth.session.privileges };
    const refusal = checkAccess(a.rule, caller);
    if (refusal) throw new LegacyError(refusal.reason === 'unauthenticated' ? 101 : 10, refusal.message);
    return { action: a.action, auth: a.auth as LegacyAuth };
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    if (await maintenance.isOn()) throw new LegacyError(41);
    const { params: raw, files } = await readBody(request, options.uploadLimit, options.storage, async (soFar) => {
      // A file is about to be read: refuse unknown callers and callers without access before storing a byte.
      try {
        const early = await authorize(new LegacyParams(soFar));
        if (early.rule?.who !== 'public') admit(early);
      } catch (error) {
        // The rest of the body stays unread, so this connection cannot carry another request.
        void reply.header('connection', 'close');
        throw error;
      }
    });
    try {
      const bad = findUnstorableText(raw);
      if (bad !== undefined) throw new LegacyError(50, unstorableTextMessage(bad));
      return await answer(request, reply, started, new LegacyParams(raw), files);
    } finally {
      // Spooled uploads an action did not keep are removed.
      await discardAll(files);
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, started: number, params: LegacyParams, files: UploadedFile[]) => {
    const a = await authorize(params);
    const { sectionName, actionName } = a;
    if (a.action?.tokenOptional && a.rule?.who === 'public' && (a.auth === null || a.auth.kind === 'website_token')) {
      const children = await a.action.handle({ section: sectionName, action: actionName, params, auth: a.auth, token: a.token, ip: request.ip, files });
      return sendXml(reply, [textEl('status', 1), ...children]);
    }
    const auth = a.auth as LegacyAuth;

    let status: 0 | 1 = 1;
    let errorCode: number | null = null;
    try {
      if (auth.kind === 'api_key') await gate.admitApiKeyCall(auth.accountId, request.ip);
      const { action } = admit(a);
      const result = action.tokenOptional
        ? await action.handle({ section: sectionName, action: actionName, params, auth, token: a.token, ip: request.ip, files })
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

  // Legacy clients parse XML whatever happens, so other methods get an XML refusal too.
  app.route({ method: ['PUT', 'DELETE', 'PATCH'], url: '/api/', handler: async (_request, reply) => sendXml(reply, legacyErrorXml(new LegacyError(50, 'Use GET or POST.'))) });
  app.route({ method: ['GET', 'POST'], url: '/api/', handler });
}

