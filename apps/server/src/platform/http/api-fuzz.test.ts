import { legacyAccess, v2Routes } from '@scanbase/contracts';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { arbitraryFromSchema, type JsonSchema } from '../../test/json-schema-arbitrary.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../modules/scans/scans.test-helpers.js';

/**
 * Property-based fuzzing of both APIs over every legacy action and every V2 route of the access
 * table: malformed content types, NUL characters and lone surrogates, huge and negative numbers,
 * nested arrays, duplicate parameters. Nothing a client sends may produce a 5xx, a legacy code 2,
 * or a reply that is not well-formed XML (legacy) or JSON with a stable code (V2).
 */

let t: TestApp;
let key: string;
let token: string;
let appToken: string;
beforeAll(async () => {
  t = await createTestApp({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1', V2_LIMIT_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '100000' });
  const a = await scanAccount(t);
  token = a.owner.token;
  key = await createApiKey(t, token);
  // Rows with small ids, so schema-shaped fuzzing reaches real objects.
  const database = await a.database([['A-1', 'first', 1], ['B-2', 'second', 0]]);
  await a.question('Gate?', 'option', ['North', 'South']);
  const service = await a.service({ validation_method: 'database', database_id: database });
  appToken = (await scannerSignIn(t, await a.appUser([service]))).token;
});
afterAll(async () => {
  await t.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// Every action of the table, plus names that must not reach an action (prototype keys, case, empty).
const legacyPairs = Object.entries(legacyAccess).flatMap(([section, actions]) => Object.keys(actions).map((action) => [section, action] as const));
const strangePairs = [['x', 'retrieve'], ['', ''], ['ADMIN', 'RETRIEVE'], ['__proto__', 'toString'], ['constructor', 'hasOwnProperty'], ['databases', '__proto__']] as const;

/** Text a client can send that databases cannot store, or that breaks naive parsing. */
const hostileText = fc.constantFrom('a\u0000bc', '\u0000', '\ud800', 'x\udc00y', '\udbff\udfff', '<xml>', '<xml><section>admin</section>', ']]>', '&amp;', '=1+2', '%00', '%ED%A0%80', '\u0001\u0002', 'x'.repeat(2000), '');
const hostileNumberText = fc.constantFrom('99999999999999999999999', '2147483648', '-1', '-2147483649', '1e308', 'NaN', '0x10', '1.5', ' 7 ', '1,2, 3', 'all', '0');
const plausible = fc.constantFrom('1', '2', '3', 'all', 'Fuzz name', 'ABC-123', 'record', 'postback', 'names', '0', 'a@example.com', 'long password 1', '2026-01-01', '12:00:00');
const paramValue = fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: hostileNumberText }, { weight: 2, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) });
const knownNames = ['service_id', 'user_id', 'database_id', 'question_id', 'answer_id', 'device_id', 'scan_id', 'upload_id', 'adminId', 'accountUserId', 'value', 'valuelike', 'response', 'validity', 'limit', 'offset', 'database_name', 'service_name', 'validation_method', 'username', 'password', 'question_text', 'question_type', 'answer_text', 'device_name', 'filename', 'timezone_offset', 'start_date', 'end_date', 'name', 'property_name', 'property_value', 'values[0][value]', 'values[0][response]', 'values[][value]', 'a[b][c][d][e][f]', '__proto__[x]', 'constructor[prototype]', 'xml'] as const;
/** Parameters as an ordered list, so a name may repeat (duplicate parameters): most known names, some strange ones, some twice. */
const paramList = fc
  .tuple(
    fc.record(Object.fromEntries(knownNames.map((n) => [n, paramValue])) as Record<(typeof knownNames)[number], fc.Arbitrary<string>>, { requiredKeys: [] }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...knownNames), fc.string({ maxLength: 10 })), paramValue), { maxLength: 3 }),
  )
  .map(([known, more]) => [...Object.entries(known), ...more] as [string, string][]);

function wellFormedLegacy(body: string): void {
  expect(XMLValidator.validate(body)).toBe(true);
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>')).toBe(true);
  // eslint-disable-next-line no-control-regex
  expect(body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  expect(body).not.toContain('<error code="2">');
}

function multipartBody(fields: [string, string][], boundary: string): string {
  return fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
}

// The fixed cases run first: the fuzzing below may revoke the key or change the rows they use.
describe('the hostile inputs found by the attacker test answer clear 4xx errors', () => {
  it('multipart/form-data without a boundary is a 400 on V2 and code 50 on the legacy API', async () => {
    const v = await t.app.inject({ method: 'POST', url: '/api-v2/me/get/', headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${token}` }, payload: 'x' });
    expect(v.statusCode).toBe(400);
    expect(v.json()).toMatchObject({ error: 'BAD_REQUEST' });
    const s = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signin/', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(s.statusCode).toBe(400);
    const l = await t.app.inject({ method: 'POST', url: '/api/', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(l.body).toContain('<error code="50">');
  });

  it('NUL and lone surrogates are refused with the field named, on both APIs', async () => {
    const db = await t.app.inject({ method: 'POST', url: '/api-v2/databases/create/', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: '{"name":"a\\u0000b"}' });
    expect(db.statusCode).toBe(422);
    expect(db.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'name' }] });
    const values = await t.app.inject({ method: 'POST', url: '/api-v2/scans/search/', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: '{"value":"a\\u0000bc"}' });
    expect(values.statusCode).toBe(422);
    const barcode = await t.app.inject({ method: 'POST', url: '/api-v2/barcode/generate/', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: '{"value":"\\ud800"}' });
    expect(barcode.statusCode).toBe(422);
    expect(barcode.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    for (const action of ['showvalues', 'retrieve']) {
      const section = action === 'showvalues' ? 'databases' : 'scans';
      const res = await t.app.inject({ method: 'GET', url: `/api/?section=${section}&action=${action}&api_key=${key}&database_id=1&valuelike=a%00bc` });
      expect(res.body, `${section}/${action}`).toContain('<error code="50">');
    }
  });

  it('a huge legacy offset is code 50, and a huge afterId is a validation error, not an overflow', async () => {
    for (const section of ['scans', 'uploads']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/?section=${section}&action=retrieve&api_key=${key}&limit=10&offset=99999999999999999999999` });
      expect(res.body, section).toContain('<error code="50">');
      const far = await t.app.inject({ method: 'GET', url: `/api/?section=${section}&action=retrieve&api_key=${key}&limit=10&offset=2000000000` });
      expect(far.body, section).toContain('<status>1</status>');
    }
    const recent = await t.app.inject({ method: 'POST', url: '/api-v2/scans/recent/', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: '{"afterId":2147483648}' });
    expect(recent.statusCode).toBe(422);
    expect(recent.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('every whole number a V2 request takes fits a 32-bit id column, or is a page, offset or label range the server computes with', async () => {
    // Found by the fuzzer on PostgreSQL: `hooks/poll` compared `sinceId: 2147483648` with an int4 id and answered 500.
    const computedOnly = new Set(['barcode/labels.range.start', 'barcode/labels.range.end', 'databases/values.page', 'databases/autofill.start', 'app/database.offset', 'scan-to-excel/rows.page', 'table-builder/rows.page', 'share-link/open.page', 'app/table-builder/rows.page']);
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema, at: string): void => {
      const open = schema.enum === undefined && schema.const === undefined && (schema.maximum === undefined || schema.maximum > 2_147_483_647);
      if (schema.type === 'integer' && open && !computedOnly.has(at)) unbounded.push(at);
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${at}.${name}`);
      for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])]) walk(child, at);
      if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${at}.*`);
    };
    for (const route of Object.values(v2Routes)) walk(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema, route.path);
    expect(unbounded).toEqual([]);
    const poll = await t.app.inject({ method: 'POST', url: '/api-v2/hooks/poll/', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: '{"event":"scan.created","sinceId":2147483648}' });
    expect(poll.statusCode).toBe(422);
    expect(poll.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('PUT, DELETE and PATCH on /api/ answer the XML every legacy client parses', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: `/api/?section=databases&action=retrieve&api_key=${key}` });
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toContain('<error code="50">');
    }
  });
});

describe('random and hostile input never breaks either API', () => {
  it('legacy: every action, every transport, hostile parameters, with and without credentials', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...legacyPairs, ...strangePairs),
        paramList,
        fc.constantFrom('key', 'key', 'key', 'token', 'token', 'none', 'bad', 'app'),
        fc.constantFrom('get', 'form', 'form', 'xml', 'multipart', 'multipart', 'multipart-no-boundary', 'json', 'put', 'delete'),
        async ([section, action], extra, cred, transport) => {
          // logout would end the shared session; the access-table test covers it.
          const safeAction = section === 'security' ? 'none' : action;
          const fields: [string, string][] = [...extra.filter(([name]) => !['section', 'action', 'api_key', 'website_token'].includes(name)), ['section', section], ['action', safeAction]];
          if (cred === 'key') fields.push(['api_key', key]);
          if (cred === 'token') fields.push(['website_token', token]);
          if (cred === 'bad') fields.push(['api_key', 'sb_x']);
          if (cred === 'app') fields.push(['website_token', appToken]);
          const form = new URLSearchParams(fields).toString();
          let res;
          if (transport === 'get') res = await t.app.inject({ method: 'GET', url: `/api/?${form}` });
          else if (transport === 'put' || transport === 'delete') res = await t.app.inject({ method: transport === 'put' ? 'PUT' : 'DELETE', url: `/api/?${form}`, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          else if (transport === 'form') res = await t.app.inject({ method: 'POST', url: '/api/', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          else if (transport === 'json') res = await t.app.inject({ method: 'POST', url: '/api/', payload: JSON.stringify(Object.fromEntries(fields)), headers: { 'content-type': 'application/json' } });
          else if (transport === 'xml') {
            const tag = (k: string) => (/^[A-Za-z_][\w.-]*$/.test(k) ? k : 'p');
            const body = `<xml>${fields.map(([k, v]) => `<${tag(k)}>${v.replace(/[<&]/g, '')}</${tag(k)}>`).join('')}</xml>`;
            res = await t.app.inject({ method: 'POST', url: '/api/', payload: body, headers: { 'content-type': 'application/xml' } });
          } else {
            const boundary = '----fuzz';
            const contentType = transport === 'multipart' ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
            res = await t.app.inject({ method: 'POST', url: '/api/', payload: multipartBody(fields, boundary), headers: { 'content-type': contentType } });
          }
          expect(res.statusCode).toBe(200);
          // barcode/generate and getlogofile answer raw image bytes on success; everything else is XML.
          if (String(res.headers['content-type']).startsWith('image/')) {
            expect(res.rawPayload.length).toBeGreaterThan(0);
            return;
          }
          wellFormedLegacy(res.body);
        },
      ),
      { numRuns: RUNS },
    );
  }, 180_000);

  // Bodies shaped by each route's own schema, so hostile leaves get past validation to the handlers and the database.
  const hostile = { text: hostileText, number: fc.constantFrom(2147483648, -1, -2147483649, 1e308, 2 ** 53 + 2, 0.5, 1e20) };
  const routes = Object.values(v2Routes).map((route) => ({ path: route.path, body: arbitraryFromSchema(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema, hostile) }));
  const strangeRoutes = ['no/such', '__proto__/x'].map((path) => ({ path, body: fc.jsonValue({ maxDepth: 2 }) }));
  const oddBody: fc.Arbitrary<unknown> = fc.constantFrom([[[[[]]]]], [1, [2, [3, [4]]]], JSON.parse('{"__proto__":{"admin":true}}') as unknown, { constructor: { prototype: {} } }, 'text', 12, null);

  it('V2: every route, schema-shaped and hostile bodies and content types, answers JSON with a 2xx or a 4xx and a stable code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes, ...strangeRoutes).chain((route) => fc.tuple(fc.constant(route.path), fc.oneof({ weight: 9, arbitrary: route.body }, { weight: 1, arbitrary: oddBody }))),
        fc.constantFrom('session', 'session', 'session', 'session', 'session', 'app', 'none', 'bad'),
        fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'json', 'json-raw', 'multipart', 'multipart-no-boundary', 'text', 'form', 'none', 'json-array'),
        async ([path, body], cred, transport) => {
          // Signing out would end the shared session or app token.
          const ends = path === 'auth/signout' || path === 'app/signout';
          const bearer = ends ? undefined : cred === 'session' ? token : cred === 'app' ? appToken : cred === 'bad' ? 'sb_nope' : undefined;
          const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
          let payload: string | undefined = JSON.stringify(body);
          if (transport === 'json') headers['content-type'] = 'application/json';
          if (transport === 'json-raw') {
            headers['content-type'] = 'application/json';
            payload = (payload ?? '{').slice(0, -1);
          }
          if (transport === 'json-array') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify([body, body]);
          }
          if (transport === 'multipart' || transport === 'multipart-no-boundary') {
            headers['content-type'] = transport === 'multipart' ? 'multipart/form-data; boundary=xyz' : 'multipart/form-data';
            payload = multipartBody([['params', JSON.stringify(body) ?? '']], 'xyz');
          }
          if (transport === 'text') headers['content-type'] = 'text/plain';
          if (transport === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = 'a=1&a=2&b[c]=3';
          }
          if (transport === 'none') payload = undefined;
          const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, headers, ...(payload !== undefined ? { payload } : {}) });
          expect(res.statusCode, `${path} ${transport} ${payload ?? ''}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          // Raw replies (barcode images, downloads) are bytes; every other reply is JSON.
          if (res.statusCode < 400 && !String(res.headers['content-type']).includes('json')) return;
          const json = res.json<Record<string, unknown>>();
          if (res.statusCode >= 400) {
            expect(typeof json.error).toBe('string');
            expect(typeof json.message).toBe('string');
            expect(JSON.stringify(json)).not.toMatch(/at .*\.(ts|js):\d+/);
          }
        },
      ),
      // About 1 ms a run; 107 routes need several runs each for a hostile leaf to reach a handler.
      { numRuns: RUNS * 5 },
    );
  }, 180_000);
});
