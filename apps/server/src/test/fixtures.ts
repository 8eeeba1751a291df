import type { FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import type { TestApp } from './test-app.js';
import { linkIn } from './smtp-catcher.js';

let counter = 0;

/** A unique email for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now().toString(36)}@example.com`;
}

/** POSTs JSON to a V2 route and answers status and body. */
export async function v2(app: FastifyInstance, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const res = await app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload: body as Record<string, unknown>, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), headers: res.headers };
}

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '_', textNodeName: '#text', parseTagValue: false });

/** Calls the legacy API with form fields and answers the raw XML and its parsed `<xml>` object. */
export async function legacy(app: FastifyInstance, fields: Record<string, string>, ip?: string): Promise<{ raw: string; xml: Record<string, unknown>; status: string; errorCode?: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, ...(ip ? { remoteAddress: ip } : {}) });
  return parseLegacy(res.body);
}

/** Parses a legacy reply body. */
export function parseLegacy(raw: string): { raw: string; xml: Record<string, unknown>; status: string; errorCode?: string } {
  const doc = xmlParser.parse(raw) as { xml: Record<string, unknown> };
  const error = doc.xml.error as { _code?: string } | undefined;
  return { raw, xml: doc.xml, status: String(doc.xml.status), ...(error?._code !== undefined ? { errorCode: error._code } : {}) };
}

/** Registers an account and verifies it through the emailed link; answers the session token. */
export async function signUpVerified(t: TestApp, input: { companyName?: string; email?: string; password?: string; name?: string; confirmMultiAccount?: boolean } = {}): Promise<{ token: string; email: string; password: string; accountId: number; adminId: number }> {
  const email = input.email ?? uniqueEmail('owner');
  const password = input.password ?? 'correct horse battery';
  const signUp = await v2(t.app, 'auth/signup', { companyName: input.companyName ?? 'Acme Events', name: input.name ?? 'Ann Owner', email, password, confirmMultiAccount: input.confirmMultiAccount ?? false });
  if (signUp.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signUp.body)}`);
  const mail = await t.smtp.next(email);
  const secret = linkIn(mail, '/activation/').split('/activation/')[1]?.replace(/\/$/, '') ?? '';
  const verified = await v2(t.app, 'auth/verify-email', { token: secret });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const user = verified.body.user as { accountId: number; adminId: number };
  return { token: verified.body.token as string, email, password, accountId: user.accountId, adminId: user.adminId };
}

/** Creates an API key for the session's account and answers the secret. */
export async function createApiKey(t: TestApp, token: string, name = 'Integration'): Promise<string> {
  const res = await v2(t.app, 'apikeys/create', { name }, token);
  if (res.status !== 200) throw new Error(`apikey failed: ${JSON.stringify(res.body)}`);
  return res.body.secret as string;
}

/**
 * Rate limits count per fixed window (a clock minute unless said). A test that makes N calls and expects
 * call N+1 to be refused waits, when needed, so that its calls cannot straddle a window boundary.
 */
export async function awayFromWindowBoundary(neededSeconds = 10, windowSeconds = 60): Promise<void> {
  const intoWindow = (Date.now() / 1000) % windowSeconds;
  if (intoWindow > windowSeconds - neededSeconds) await new Promise((r) => setTimeout(r, (windowSeconds - intoWindow + 0.2) * 1000));
}
