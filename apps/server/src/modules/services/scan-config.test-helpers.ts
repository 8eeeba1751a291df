import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createApiKey, legacy, parseLegacy, signUpVerified } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';

export type Legacy = Awaited<ReturnType<typeof legacy>>;
/** Calls one legacy section with the account's API key. */
export type Caller = (section: string, action: string, fields?: Record<string, string>) => Promise<Legacy>;

/** A verified account with an API key and a legacy caller bound to it. */
export async function account(t: TestApp, companyName = 'Acme Events'): Promise<{ token: string; key: string; accountId: number; email: string; call: Caller }> {
  const owner = await signUpVerified(t, { companyName });
  const key = await createApiKey(t, owner.token);
  const call: Caller = (section, action, fields = {}) => legacy(t.app, { section, action, api_key: key, ...fields });
  return { token: owner.token, key, accountId: owner.accountId, email: owner.email, call };
}

/** Expects a legacy error code. */
export function expectCode(res: Legacy, code: number): void {
  expect({ status: res.status, code: res.errorCode, raw: res.raw }).toMatchObject({ status: '0', code: String(code) });
}

/** Expects success and answers the reply. */
export function ok(res: Legacy): Legacy {
  expect(res.status, res.raw).toBe('1');
  return res;
}

/** Sends a multipart legacy call with one file part. */
export async function legacyMultipart(app: FastifyInstance, fields: Record<string, string>, file?: { field: string; filename: string; content: string | Buffer; type?: string }): Promise<Legacy> {
  const boundary = '----scanbase-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({ method: 'POST', url: '/api/', payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return parseLegacy(res.body);
}

/** Sends a raw XML legacy body. */
export async function legacyXml(app: FastifyInstance, xml: string): Promise<Legacy> {
  const res = await app.inject({ method: 'POST', url: '/api/', payload: xml, headers: { 'content-type': 'application/xml' } });
  return parseLegacy(res.body);
}

/** Compares a reply with a golden file byte for byte (GOLDEN_UPDATE=1 writes it). */
export function expectGolden(dir: string, name: string, raw: string): void {
  const file = path.join(dir, 'golden', name);
  if (process.env.GOLDEN_UPDATE === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, raw);
  }
  expect(raw).toBe(fs.readFileSync(file, 'utf8'));
}
