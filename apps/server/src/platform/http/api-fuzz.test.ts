import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpVerified } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let key: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1', V2_LIMIT_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '100000' });
  const owner = await signUpVerified(t);
  token = owner.token;
  key = await createApiKey(t, token);
});
afterAll(async () => {
  await t.close();
});

const sections = ['admin', 'security', 'limits', 'services', 'users', 'devices', 'databases', 'questions', 'scans', 'barcode', 'barcodetemplate', 'x', '', 'ADMIN', '__proto__', 'constructor'];
const actions = ['retrieve', 'retrieve_admin_property_value', 'logout', 'create', 'update', 'delete', 'generate', 'showvalues', 'addvalue', 'editvalue', 'deletevalue', 'upsertvalue', 'upsertmultivalue', 'clear', 'adduserpermission', 'addquestion', 'addanswer', 'deleteanswer', 'validate', 'available', 'getlogofile', 'toString', '', 'hasOwnProperty'];
const paramName = fc.oneof(
  fc.constantFrom('service_id', 'user_id', 'database_id', 'question_id', 'answer_id', 'device_id', 'adminId', 'accountUserId', 'add_properties', 'timezoneProperties', 'value', 'valuelike', 'response', 'validity', 'limit', 'offset', 'database_name', 'service_name', 'validation_method', 'username', 'password', 'question_text', 'question_type', 'answer_text', 'device_name', 'info_level', 'xml', 'values[0][value]', 'values[0][database_id]', 'a[b][c]', '__proto__[x]'),
  fc.string({ maxLength: 12 }),
);
const paramValue = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('all', '1', '1,2, 3', '-1', '<xml>', '<xml><section>admin</section>', '\u0000\u0001', '0', '99999999999999999999', 'database', 'record', 'postback', 'names', 'services', 'x'.repeat(600)));

function wellFormedLegacy(body: string): void {
  expect(XMLValidator.validate(body)).toBe(true);
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>')).toBe(true);
  // eslint-disable-next-line no-control-regex
  expect(body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
}

describe('random input never breaks either API', () => {
  it('legacy: random section/action/parameters, every transport, with and without credentials', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sections),
        fc.constantFrom(...actions),
        fc.dictionary(paramName, paramValue, { maxKeys: 6 }),
        fc.constantFrom('none', 'key', 'token', 'bad'),
        fc.constantFrom('get', 'form', 'xml', 'multipart'),
        async (section, action, extra, cred, transport) => {
          const fields: Record<string, string> = { ...extra, section, action };
          if (cred === 'key') fields.api_key = key;
          if (cred === 'token') fields.website_token = token;
          if (cred === 'bad') fields.api_key = 'sb_x';
          // logout would end the shared session; the dedicated tests cover it.
          if (section === 'security') fields.action = 'retrieve';
          const qsText = new URLSearchParams(fields).toString();
          let res;
          if (transport === 'get') res = await t.app.inject({ method: 'GET', url: `/api/?${qsText}` });
          else if (transport === 'form') res = await t.app.inject({ method: 'POST', url: '/api/', payload: qsText, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          else if (transport === 'xml') {
            const body = `<xml>${Object.entries(fields).map(([k, v]) => `<${/^[A-Za-z_][\w.-]*$/.test(k) ? k : 'p'}>${v.replace(/[<&]/g, '')}</${/^[A-Za-z_][\w.-]*$/.test(k) ? k : 'p'}>`).join('')}</xml>`;
            res = await t.app.inject({ method: 'POST', url: '/api/', payload: body, headers: { 'content-type': 'application/xml' } });
          } else {
            const boundary = '----fuzz';
            const payload = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
            res = await t.app.inject({ method: 'POST', url: '/api/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
          }
          expect(res.statusCode).toBe(200);
          // barcode/generate answers raw image bytes on success; everything else is XML.
          if (String(res.headers['content-type']).startsWith('image/')) {
            expect(res.rawPayload.length).toBeGreaterThan(0);
            return;
          }
          wellFormedLegacy(res.body);
          expect(res.body).not.toContain('<error code="2">');
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 250) },
    );
  });

  it('V2: random JSON at random routes answers JSON with a 2xx or a 4xx and a stable code', async () => {
    const paths = ['auth/signin', 'auth/signup', 'auth/select-account', 'auth/verify-email', 'auth/reset-password', 'auth/accept-invite', 'me/get', 'team/list', 'team/invite', 'team/update', 'team/remove', 'settings/update', 'apikeys/create', 'apikeys/rename', 'apikeys/revoke', 'ipallowlist/update', 'apilog/list', 'no/such'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), async (p, body, withToken) => {
        const res = await t.app.inject({ method: 'POST', url: `/api-v2/${p}/`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(withToken ? { authorization: `Bearer ${token}` } : {}) } });
        expect(res.statusCode).toBeLessThan(500);
        const json = res.json<Record<string, unknown>>();
        if (res.statusCode >= 400) {
          expect(typeof json.error).toBe('string');
          expect(typeof json.message).toBe('string');
          expect(JSON.stringify(json)).not.toMatch(/at .*\.(ts|js):\d+/);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 250) },
    );
  });
});
