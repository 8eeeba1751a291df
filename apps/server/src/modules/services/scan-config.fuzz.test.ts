// Random legacy variables against every scan-configuration action: bad input must get a documented code, never 2.
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account } from './scan-config.test-helpers.js';

let t: TestApp;
let key: string;
beforeAll(async () => { t = await createTestApp(); ({ key } = await account(t)); });
afterAll(async () => { await t.close(); });

const names = ['service_id', 'user_id', 'question_id', 'database_id', 'answer_id', 'device_id', 'validation_method', 'service_name', 'value', 'limit', 'offset', 'username', 'password', 'question_text', 'question_type', 'answer_text', 'database_name', 'description', 'postback_url', 'period_start_date', 'period_end_date', 'symbologies', 'decoder_config', 'required', 'condition', 'valuelike', 'validity', 'device_name', 'info_level'];
it('random variables on every action never answer code 2', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom('services', 'users', 'devices', 'databases', 'questions'),
    fc.constantFrom('retrieve', 'create', 'update', 'delete', 'adduserpermission', 'revokeuserpermission', 'addquestion', 'removequestion', 'validate', 'available', 'clear', 'showvalues', 'upsertmultivalue', 'upsertvalue', 'addvalue', 'editvalue', 'deletevalue', 'addanswer', 'deleteanswer', 'upload'),
    fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('all', '1,2, 3', '-1', '1', '2', 'database', 'postback', '0', '99999999999999999999', '999999999999999', '{}', '12/31/2099')), { maxKeys: 6 }),
    async (section, action, extra) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams({ ...extra, section, action, api_key: key }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      if (res.body.includes('code="2"')) throw new Error(`${section}/${action} ${JSON.stringify(extra)}`);
    }), { numRuns: 600 });
}, 120_000);
