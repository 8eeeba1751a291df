import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApiKey, legacy, signUpVerified } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectGolden, legacyMultipart, legacyXml } from './scan-config.test-helpers.js';

// One fresh database per run, so ids are the same on SQLite and PostgreSQL; GOLDEN_UPDATE=1 rewrites the files.
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpVerified(t, { email: 'golden.owner@example.com' });
  key = await createApiKey(t, owner.token);
});
afterAll(async () => {
  await t.close();
});

const dir = (module: string) => path.join(import.meta.dirname, '..', module);
async function golden(module: string, name: string, fields: Record<string, string>): Promise<void> {
  expectGolden(dir(module), `${name}.xml`, (await legacy(t.app, { api_key: key, ...fields })).raw);
}

describe('golden XML replies', () => {
  it('databases', async () => {
    await golden('databases', 'create', { section: 'databases', action: 'create', database_name: 'Tickets & Passes' });
    await golden('databases', 'create-216', { section: 'databases', action: 'create', database_name: 'tickets & passes' });
    await golden('databases', 'addvalue', { section: 'databases', action: 'addvalue', database_id: '1', value: 'T-0001', response: '<b>Welcome</b> SCAN_VALUE', validity: '1' });
    await golden('databases', 'addvalue-1027', { section: 'databases', action: 'addvalue', database_id: '1', value: 't-0001' });
    await golden('databases', 'upsertvalue', { section: 'databases', action: 'upsertvalue', database_id: '1', value: 'T-0002', validity: '0', response: 'Used' });
    await golden('databases', 'editvalue', { section: 'databases', action: 'editvalue', database_id: '1', value: 'T-0002', response: 'Already used' });
    await golden('databases', 'editvalue-1017', { section: 'databases', action: 'editvalue', database_id: '1', value: 'nope' });
    await golden('databases', 'upsertmultivalue', { section: 'databases', action: 'upsertmultivalue', database_id: '1', 'values[0][value]': 'T-0003', 'values[1][value]': 'T-0004' });
    expectGolden(dir('databases'), 'upsertmultivalue-xml.xml', (await legacyXml(t.app, `<xml><section>databases</section><action>upsertmultivalue</action><api_key>${key}</api_key><database_id>1</database_id><values><value>T-0005</value><message>Hi</message></values></xml>`)).raw);
    expectGolden(dir('databases'), 'upload.xml', (await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: '1' }, { field: 'csvfile', filename: 'v.csv', content: 'T-0006,Row six,1\n' })).raw);
    expectGolden(dir('databases'), 'upload-1029.xml', (await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: '1' })).raw);
    await golden('databases', 'showvalues', { section: 'databases', action: 'showvalues', database_id: '1', limit: '3', offset: '1' });
    await golden('databases', 'showvalues-valuelike', { section: 'databases', action: 'showvalues', database_id: '1', valuelike: '0002' });
    await golden('databases', 'deletevalue', { section: 'databases', action: 'deletevalue', database_id: '1', value: 'T-0005' });
    await golden('databases', 'update', { section: 'databases', action: 'update', database_id: '1', database_name: 'Tickets' });
    await golden('databases', 'retrieve', { section: 'databases', action: 'retrieve' });
    await golden('databases', 'retrieve-names', { section: 'databases', action: 'retrieve', database_id: '1', info_level: 'names' });
  });

  it('questions', async () => {
    await golden('questions', 'create', { section: 'questions', action: 'create', question_text: 'Which gate?', question_type: 'option' });
    await golden('questions', 'addanswer', { section: 'questions', action: 'addanswer', question_id: '1', answer_text: 'North' });
    await golden('questions', 'addanswer-1036', { section: 'questions', action: 'addanswer', question_id: '1', answer_text: 'north' });
    await legacy(t.app, { api_key: key, section: 'questions', action: 'addanswer', question_id: '1', answer_text: 'South' });
    await legacy(t.app, { api_key: key, section: 'questions', action: 'addanswer', question_id: '1', answer_text: 'East' });
    await golden('questions', 'deleteanswer', { section: 'questions', action: 'deleteanswer', answer_id: '3' });
    await golden('questions', 'deleteanswer-206', { section: 'questions', action: 'deleteanswer', answer_id: '2' });
    await golden('questions', 'retrieve', { section: 'questions', action: 'retrieve', question_id: 'all' });
    await legacy(t.app, { api_key: key, section: 'questions', action: 'create', question_text: 'Temp' });
    await golden('questions', 'delete', { section: 'questions', action: 'delete', question_id: '2' });
  });

  it('users and devices', async () => {
    await golden('app-users', 'create', { section: 'users', action: 'create', username: 'gate1', password: 'pass1234', limit: '2' });
    await golden('app-users', 'create-320', { section: 'users', action: 'create', username: 'GATE1', password: 'pass1234' });
    await golden('app-users', 'update', { section: 'users', action: 'update', user_id: '2', limit: '3' });
    await golden('app-users', 'update-343', { section: 'users', action: 'update', user_id: '1', limit: '3' });
    await golden('app-users', 'available', { section: 'users', action: 'available', username: 'free' });
    await t.container.db.kysely.updateTable('app_users').set({ created_at: '2024-05-01T13:00:00.000Z' }).execute();
    await golden('app-users', 'retrieve', { section: 'users', action: 'retrieve' });
    await golden('app-users', 'validate', { section: 'users', action: 'validate', username: 'gate1', password: 'pass1234' });
    await legacy(t.app, { api_key: key, section: 'users', action: 'create', username: 'gate2', password: 'pass1234' });
    await golden('app-users', 'delete', { section: 'users', action: 'delete', user_id: '3' });
    await t.container.scanConfig.devices.register(1, 'a1b2c3', 'Front desk', null);
    await t.container.db.kysely.updateTable('devices').set({ created_at: '2024-05-01T13:00:00.000Z' }).execute();
    await golden('devices', 'update', { section: 'devices', action: 'update', device_id: '1', device_name: 'Gate <A>' });
    await golden('devices', 'update-410', { section: 'devices', action: 'update', device_id: '1' });
    await golden('devices', 'retrieve', { section: 'devices', action: 'retrieve', device_id: 'all' });
  });

  it('services', async () => {
    await golden('services', 'create', { section: 'services', action: 'create', validation_method: 'database', database_id: '1', service_name: 'Gate A', duplicate_value: '0' });
    await golden('services', 'create-211', { section: 'services', action: 'create', validation_method: 'database' });
    await golden('services', 'update', { section: 'services', action: 'update', service_id: '1', description: 'Main gate' });
    await golden('services', 'adduserpermission', { section: 'services', action: 'adduserpermission', service_id: '1', user_id: '1, 2' });
    await golden('services', 'revokeuserpermission', { section: 'services', action: 'revokeuserpermission', service_id: '1', user_id: '1' });
    await golden('services', 'addquestion', { section: 'services', action: 'addquestion', service_id: '1', question_id: '1', condition: 'pre_submit', required: '1' });
    await legacy(t.app, { api_key: key, section: 'services', action: 'create', validation_method: 'postback', postback_url: 'https://example.com/hook?a=1&b=2' });
    await golden('services', 'retrieve', { section: 'services', action: 'retrieve' });
    await golden('services', 'removequestion', { section: 'services', action: 'removequestion', service_id: '1', question_id: '1' });
    await golden('services', 'delete', { section: 'services', action: 'delete', service_id: '2' });
    await golden('databases', 'delete-205', { section: 'databases', action: 'delete', database_id: '1' });
    await golden('databases', 'clear', { section: 'databases', action: 'clear', database_id: '1' });
  });
});
