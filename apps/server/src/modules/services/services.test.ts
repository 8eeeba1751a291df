import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, expectCode, ok, type Caller } from './scan-config.test-helpers.js';

let t: TestApp;
let call: Caller;
let dbId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ call } = await account(t));
  dbId = String(ok(await call('databases', 'create', { database_name: 'Tickets' })).xml.id);
});
afterAll(async () => {
  await t.close();
});

type Svc = { _id: string; name: string; validationmethod: string; database?: string; postback?: string; duplicateScanValue: string; user?: unknown; question?: unknown };
const one = async (id: string): Promise<Svc> => ok(await call('services', 'retrieve', { service_id: id })).xml.service as Svc;
const create = async (fields: Record<string, string>) => String(ok(await call('services', 'create', fields)).xml.id);
const settingsOf = async (id: string) => (await t.container.scanConfig.services.get((await t.container.db.kysely.selectFrom('services').select('account_id').where('id', '=', Number(id)).executeTakeFirstOrThrow()).account_id, Number(id))).settings;

describe('services/create', () => {
  it('creates each validation method with its requirements and defaults', async () => {
    const rec = await create({ validation_method: 'record' });
    expect(await one(rec)).toMatchObject({ name: 'Service 1', validationmethod: 'record', duplicateScanValue: '1' });
    expect(await one(await create({ validation_method: 'ondevicerecord' }))).toMatchObject({ name: 'Service 2' });
    const db = await create({ validation_method: 'database', database_id: dbId, service_name: 'Gate A', duplicate_value: '0' });
    expect(await one(db)).toMatchObject({ name: 'Gate A', validationmethod: 'database', database: dbId, duplicateScanValue: '0' });
    expect((await settingsOf(db)).deviceDuplicateValue).toBe(false);
    await create({ validation_method: 'ondevicedatabase', database_id: dbId });
    const pb = await create({ validation_method: 'postback', postback_url: 'https://example.com/hook', enable_direct_scan: '1' });
    expect(await one(pb)).toMatchObject({ validationmethod: 'postback', postback: 'https://example.com/hook' });
    await create({ validation_method: 'webview', description: '<curl>https://example.com/page</curl>' });
    await create({ validation_method: 'webview', description: '<html><body>Hi</body></html>' });
    const s = await settingsOf(rec);
    expect(s).toMatchObject({ periodStartTime: '00:00:00', periodEndTime: '23:59:59', uploadEmailFormat: 'regular', viewOtherScans: true, autoSyncUpDelay: 2, autoSyncDownDelay: 120, autoSyncDown: true, symbologies: [], decoderConfig: null });
  });

  it('answers the documented codes for bad variables', async () => {
    expectCode(await call('services', 'create', {}), 210);
    expectCode(await call('services', 'create', { validation_method: 'teleport' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'database' }), 211);
    expectCode(await call('services', 'create', { validation_method: 'database', database_id: 'x' }), 270);
    expectCode(await call('services', 'create', { validation_method: 'database', database_id: '987654' }), 204);
    expectCode(await call('services', 'create', { validation_method: 'postback' }), 221);
    expectCode(await call('services', 'create', { validation_method: 'postback', postback_url: 'ftp://x.test' }), 221);
    expectCode(await call('services', 'create', { validation_method: 'postback', postback_url: 'https://' }), 222);
    expectCode(await call('services', 'create', { validation_method: 'record', direct_lookup_url: 'https://exa mple.com' }), 222);
    expectCode(await call('services', 'create', { validation_method: 'webview', description: '<html lang="en">x</html>' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'webview', description: '<curl>nope</curl>' }), 222);
    expectCode(await call('services', 'create', { validation_method: 'record', service_name: 'gate a' }), 215);
    expectCode(await call('services', 'create', { validation_method: 'record', service_name: 'x'.repeat(101) }), 219);
    expectCode(await call('services', 'create', { validation_method: 'record', period_start_date: '2099-01-02', period_end_date: '2099-01-01' }), 213);
    expectCode(await call('services', 'create', { validation_method: 'record', period_start_date: '01/01/2000', period_end_date: '01/02/2000' }), 214);
    expectCode(await call('services', 'create', { validation_method: 'record', period_end_date: '2099-01-01' }), 217);
    expectCode(await call('services', 'create', { validation_method: 'record', period_start_date: '2099-01-01' }), 218);
    expectCode(await call('services', 'create', { validation_method: 'record', period_start_date: '2099-13-01', period_end_date: '2099-12-01' }), 217);
    expectCode(await call('services', 'create', { validation_method: 'record', enable_direct_scan: '1' }), 223);
    expectCode(await call('services', 'create', { validation_method: 'record', regex_scan_pattern: '^0' }), 224);
    expectCode(await call('services', 'create', { validation_method: 'record', regex_response_replacement: 'x' }), 224);
    expectCode(await call('services', 'create', { validation_method: 'postback', postback_url: 'https://a.test', postback_receiver_only: '1' }), 225);
    expectCode(await call('services', 'create', { validation_method: 'record', postback_real_time_scans: '1' }), 226);
    expectCode(await call('services', 'create', { validation_method: 'record', symbologies: '1,50' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'record', decoder_config: '{nope' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'record', auto_next_scan: '4' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'record', upload_email: 'not-mail' }), 210);
  });

  it('stores every optional setting', async () => {
    const id = await create({
      validation_method: 'record', period_start_date: '01/15/2099', period_end_date: '2099-02-01', period_start_time: '6:30pm', period_end_time: '07:15',
      upload_email: 'ops@example.com', upload_email_format: 'properties', viewOtherScans: '0', direct_history_url: 'https://h.test', direct_lookup_url: 'https://l.test',
      postback_url: 'https://fwd.test', postback_real_time_scans: '1', postback_uploaded_scans: '1', postback_receiver_only: '1',
      regex_scan_pattern: '^0+', regex_scan_replacement: '', regex_response_pattern: 'x', regex_response_replacement: 'y', symbologies: '34, 6,6', auto_next_scan: '2', auto_next_scan_delay: '1.5',
      enableGPS: '1', block_camera_scan: '1', block_manual_scan: '1', block_db_search: '1', auto_sync: '1', auto_sync_up_url: 'https://up.test', auto_sync_up_delay: '5', auto_sync_down_url: '0', auto_sync_down_delay: '300',
      decoder_config: '{"beep": true,  "zoom":2}', conditional_limit: '3', conditional_limit_window: 'week',
    });
    expect(await settingsOf(id)).toEqual({
      deviceDuplicateValue: true, periodStartDate: '2099-01-15', periodEndDate: '2099-02-01', periodStartTime: '18:30:00', periodEndTime: '07:15:00',
      uploadEmail: 'ops@example.com', uploadEmailFormat: 'properties', viewOtherScans: false, directHistoryUrl: 'https://h.test', directLookupUrl: 'https://l.test',
      enableDirectScan: false, postbackReceiverOnly: true, postbackRealTimeScans: true, postbackUploadedScans: true,
      regexResponsePattern: 'x', regexResponseReplacement: 'y', regexScanPattern: '^0+', regexScanReplacement: '', symbologies: [6, 34], autoNextScan: 2, autoNextScanDelay: 1.5,
      enableGps: true, blockCameraScan: true, blockManualScan: true, blockDbSearch: true, autoSync: true, autoSyncUpUrl: 'https://up.test', autoSyncUpDelay: 5, autoSyncDown: false, autoSyncDownDelay: 300,
      decoderConfig: '{"beep": true,  "zoom":2}', conditionalLimit: { maxScans: 3, window: 'week' },
    });
    expectCode(await call('services', 'create', { validation_method: 'record', conditional_limit: 'many' }), 210);
    expectCode(await call('services', 'create', { validation_method: 'record', conditional_limit: '2', conditional_limit_window: 'fortnight' }), 210);
  });
});

describe('services/update and delete', () => {
  it('keeps what is left out, resets symbologies, clears decoder_config with {} and changes type', async () => {
    const id = await create({ validation_method: 'record', service_name: 'Upd', symbologies: '1,2', decoder_config: '{"a":1}', enableGPS: '1' });
    ok(await call('services', 'update', { service_id: id, service_name: 'Updated' }));
    const s = await settingsOf(id);
    expect(s).toMatchObject({ symbologies: [], enableGps: true, decoderConfig: '{"a":1}' });
    ok(await call('services', 'update', { service_id: id, decoder_config: '{}', validation_method: 'database', database_id: dbId }));
    expect(await one(id)).toMatchObject({ name: 'Updated', validationmethod: 'database', database: dbId });
    expect((await settingsOf(id)).decoderConfig).toBeNull();
    expectCode(await call('services', 'update', {}), 131);
    expectCode(await call('services', 'update', { service_id: '424242' }), 200);
    expectCode(await call('services', 'update', { service_id: id, service_name: 'Gate A' }), 215);
    expectCode(await call('services', 'update', { service_id: id, service_name: ' ' }), 219);
    expectCode(await call('services', 'update', { service_id: id, regex_scan_replacement: 'x' }), 224);
    expectCode(await call('services', 'update', { service_id: id, validation_method: 'postback' }), 221);
  });

  it('soft-deletes lists of services; retrieve takes lists with and without spaces', async () => {
    const a = await create({ validation_method: 'record', service_name: 'Del A' });
    const b = await create({ validation_method: 'record', service_name: 'Del B' });
    const both = ok(await call('services', 'retrieve', { service_id: `${a}, ${b}` }));
    expect(both.xml.count).toBe('2');
    expect(ok(await call('services', 'retrieve', { service_id: `${a},${b}` })).xml.count).toBe('2');
    expectCode(await call('services', 'delete', {}), 131);
    expectCode(await call('services', 'delete', { service_id: 'a,b' }), 200);
    ok(await call('services', 'delete', { service_id: `${a},${b}` }));
    expectCode(await call('services', 'retrieve', { service_id: a }), 200);
    const row = await t.container.db.kysely.selectFrom('services').select('deleted_at').where('id', '=', Number(a)).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // A deleted name can be used again.
    await create({ validation_method: 'record', service_name: 'Del A' });
  });
});

describe('permissions and questions', () => {
  it('adds and revokes user permissions with lists and all (131, 132, 200, 201, 300)', async () => {
    const s1 = await create({ validation_method: 'record', service_name: 'Perm 1' });
    const s2 = await create({ validation_method: 'record', service_name: 'Perm 2' });
    const u1 = String(ok(await call('users', 'create', { username: 'perm1', password: 'secret1' })).xml.id);
    const u2 = String(ok(await call('users', 'create', { username: 'perm2', password: 'secret2' })).xml.id);
    ok(await call('services', 'adduserpermission', { service_id: `${s1}, ${s2}`, user_id: `${u1},${u2}` }));
    const users = (await one(s1)).user as { _id: string }[];
    expect(users.map((u) => u._id)).toEqual([u1, u2]);
    ok(await call('services', 'revokeuserpermission', { service_id: s1, user_id: u1 }));
    expect(((await one(s1)).user as { _id: string })._id).toBe(u2);
    ok(await call('services', 'adduserpermission', { service_id: s2, user_id: 'all' }));
    expectCode(await call('services', 'adduserpermission', { user_id: u1 }), 131);
    expectCode(await call('services', 'adduserpermission', { service_id: s1 }), 132);
    expectCode(await call('services', 'adduserpermission', { service_id: s1, user_id: '' }), 132);
    expectCode(await call('services', 'adduserpermission', { service_id: '999999', user_id: u1 }), 200);
    expectCode(await call('services', 'adduserpermission', { service_id: s1, user_id: '999999' }), 201);
    expectCode(await call('services', 'adduserpermission', { service_id: s1, user_id: 'x' }), 300);
  });

  it('adds questions with condition and required, and removes them (133, 202, 262)', async () => {
    const s = await create({ validation_method: 'record', service_name: 'Questions' });
    const q1 = String(ok(await call('questions', 'create', { question_text: 'Seat?' })).xml.id);
    const q2 = String(ok(await call('questions', 'create', { question_text: 'Notes?' })).xml.id);
    ok(await call('services', 'addquestion', { service_id: s, question_id: `${q1}, ${q2}`, condition: 'shared_submit', required: q2 }));
    const svc = await t.container.scanConfig.services.get((await t.container.db.kysely.selectFrom('services').select('account_id').where('id', '=', Number(s)).executeTakeFirstOrThrow()).account_id, Number(s));
    expect(svc.questions).toEqual([{ id: Number(q1), condition: 'shared_submit', required: false }, { id: Number(q2), condition: 'shared_submit', required: true }]);
    expect(((await one(s)).question as { _id: string }[]).map((q) => q._id)).toEqual([q1, q2]);
    ok(await call('services', 'removequestion', { service_id: s, question_id: q1 }));
    expect(((await one(s)).question as { _id: string })._id).toBe(q2);
    expectCode(await call('services', 'addquestion', { service_id: s }), 133);
    expectCode(await call('services', 'addquestion', { service_id: s, question_id: '999999' }), 202);
    expectCode(await call('services', 'addquestion', { service_id: s, question_id: 'q' }), 262);
    expectCode(await call('services', 'addquestion', { service_id: s, question_id: q1, condition: 'sometimes' }), 210);
    expectCode(await call('services', 'removequestion', { service_id: s }), 133);
  });
});
