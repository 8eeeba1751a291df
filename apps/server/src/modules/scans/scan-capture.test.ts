import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn, startReceiver } from './scans.test-helpers.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  // The postback receiver runs on loopback, which this install is told to allow.
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', POSTBACK_TIMEOUT_SECONDS: '1' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;

describe('app sign-in and sessions', () => {
  it('signs an app user in on a device, lists their services, and refuses bad passwords and admin tokens', async () => {
    const a = await scanAccount(t);
    const allowed = await a.service({ validation_method: 'record' });
    await a.service({ validation_method: 'record' }); // not permitted
    const user = await a.appUser([allowed]);

    const bad = await v2(t.app, 'app/signin', { username: user.username, password: 'wrong-password', udid: 'u-1' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('AUTH_FAILED');

    const s = await scannerSignIn(t, user, 'phone-1');
    const services = s.signIn.services as { id: number; validationMethod: string }[];
    expect(services.map((x) => x.id)).toEqual([allowed]);
    expect(s.signIn.device).toMatchObject({ udid: 'phone-1', name: 'Gate phone' });
    const devices = await a.must('devices/list', {});
    expect((devices.items as { udid: string }[]).map((d) => d.udid)).toContain('phone-1');

    const again = await s.call('app/services', {});
    expect(again.status).toBe(200);
    expect((again.body.user as { username: string }).username).toBe(user.username);

    // An admin session is not an app token.
    const asAdmin = await v2(t.app, 'app/services', {}, a.owner.token);
    expect(asAdmin.body.error).toBe('AUTH_FAILED');
    // And an app token cannot call admin routes.
    const adminRoute = await s.call('services/list', {});
    expect(adminRoute.body.error).toBe('AUTH_FAILED');

    expect((await s.call('app/signout', {})).status).toBe(200);
    expect((await s.call('app/services', {})).body.error).toBe('AUTH_FAILED');
  });

  it('lets the account owner sign in with their own login, on every service', async () => {
    const a = await scanAccount(t);
    const one = await a.service({ validation_method: 'record' });
    const s = await scannerSignIn(t, { username: a.owner.email, password: a.owner.password });
    expect((s.signIn.services as { id: number }[]).map((x) => x.id)).toEqual([one]);
  });

  it('keeps a user within their device limit', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const user = await a.appUser([service], { deviceLimit: 1 });
    await scannerSignIn(t, user, 'limit-phone-1');
    await scannerSignIn(t, user, 'limit-phone-1'); // the same device again is fine
    const second = await v2(t.app, 'app/signin', { username: user.username, password: user.password, udid: 'limit-phone-2' });
    expect(second.status).toBe(403);
    expect(second.body.message).toMatch(/at most 1 device/);
  });
});

describe('validation methods', () => {
  it('record: stores the scan with properties, and a retry with the same client scan id answers the same scan', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const clientScanId = randomUUID();
    const body = { serviceId: service, value: '  BOX-1  ', clientScanId, properties: { capture_type: 'camera', time_zone: 'Europe/Paris' } };
    const first = await s.call('app/scan', body);
    expect(first.body).toMatchObject({ status: 1, text: '', replayed: false, duplicate: false });
    const retry = await s.call('app/scan', body);
    expect(retry.body).toMatchObject({ scanId: first.body.scanId, status: 1, replayed: true });
    const recent = await a.must('scans/recent', {});
    const items = recent.items as { id: number; value: string; status: number; user: { name: string }; device: { name: string } }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: first.body.scanId, value: 'BOX-1', status: 1, device: { name: 'Gate phone' } });
    const props = await t.container.scans.repo.propertiesOf(a.owner.accountId, [first.body.scanId as number]);
    expect(props.map((p) => [p.name, p.value])).toEqual([['capture_type', 'camera'], ['time_zone', 'Europe/Paris']]);
  });

  it('database: valid with variables, invalid, not found, case rules and duplicates', async () => {
    const a = await scanAccount(t);
    const db = await a.database([
      ['TICKET-1', 'Welcome USER_NAME (#USER_ID) to SERVICE_ID: SCAN_VALUE', 1],
      ['TICKET-2', 'Refunded', 0],
    ]);
    const service = await a.service({ validation_method: 'database', database_id: db, duplicate_value: 0 });
    const user = await a.appUser([service]);
    const s = await scannerSignIn(t, user);

    const valid = await s.scan(service, 'ticket-1'); // case-insensitive database
    expect(valid.body).toMatchObject({ status: 1, duplicate: false, textKind: 'text' });
    expect(valid.body.text).toBe(`Welcome ${user.username} (#${user.id}) to ${service}: ticket-1`);

    const duplicate = await s.scan(service, 'TICKET-1');
    expect(duplicate.body).toMatchObject({ status: 0, duplicate: true });
    expect(duplicate.body.text).toMatch(new RegExp(`^Duplicate scan: first scanned \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} by ${user.username}\\.$`));

    expect((await s.scan(service, 'TICKET-2')).body).toMatchObject({ status: 0, text: 'Refunded', duplicate: false });
    expect((await s.scan(service, 'NOPE')).body).toMatchObject({ status: 0, text: 'Not found in the database.' });

    // duplicate_value=1 (the default): a second scan is valid again.
    const lenient = await a.service({ validation_method: 'database', database_id: db });
    const s2 = await scannerSignIn(t, await a.appUser([lenient]));
    expect((await s2.scan(lenient, 'TICKET-1')).body.status).toBe(1);
    expect((await s2.scan(lenient, 'TICKET-1')).body.status).toBe(1);

    // A case-sensitive database matches exactly.
    const strictDb = await a.database([['Abc', '', 1]], true);
    const strict = await a.service({ validation_method: 'database', database_id: strictDb });
    const s3 = await scannerSignIn(t, await a.appUser([strict]));
    expect((await s3.scan(strict, 'Abc')).body.status).toBe(1);
    expect((await s3.scan(strict, 'abc')).body.status).toBe(0);
  });

  it('two gates scanning the same ticket at once: exactly one is valid; one client scan id sent twice at once is one scan', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['RACE-1', '', 1]]);
    const service = await a.service({ validation_method: 'database', database_id: db, duplicate_value: 0 });
    const user = await a.appUser([service]);
    const [g1, g2] = [await scannerSignIn(t, user, 'gate-1'), await scannerSignIn(t, user, 'gate-2')];
    const results = await Promise.all([g1.scan(service, 'RACE-1'), g2.scan(service, 'RACE-1'), g1.scan(service, 'RACE-1'), g2.scan(service, 'RACE-1')]);
    expect(results.map((r) => r.body.status).sort()).toEqual([0, 0, 0, 1]);
    const clientScanId = randomUUID();
    const twice = await Promise.all([g1.call('app/scan', { serviceId: service, value: 'X-1', clientScanId }), g1.call('app/scan', { serviceId: service, value: 'X-1', clientScanId })]);
    expect(twice[0].body.scanId).toBe(twice[1].body.scanId);
    const stored = (await a.must('scans/recent', {})).items as { value: string }[];
    expect(stored.filter((x) => x.value === 'X-1')).toHaveLength(1);
  });

  it('"value contains" finds a scan as soon as it is stored, and once, before and after the substring index takes it; edits and deletes follow', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const tag = randomUUID().slice(0, 8);
    const ids: number[] = [];
    for (const value of [`FRESH-${tag}-1`, `fresh-${tag}-2`, `OTHER-${tag}`]) ids.push((await s.scan(service, value)).body.scanId as number);
    const found = async (term: string) => ((await a.must('scans/search', { value: term, limit: 50 })).items as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    // Not in the index yet (SQLite feeds it in batches): read directly, case-insensitively.
    expect(await found(`fresh-${tag}`)).toEqual(ids.slice(0, 2));
    // Fed (as a batch of scans would): found once, not twice.
    await t.container.scans.repo.transaction((r) => r.indexPendingValues(1_000_000));
    expect(await found(`fresh-${tag}`)).toEqual(ids.slice(0, 2));
    expect(await found(`other-${tag}`)).toEqual([ids[2]]);
    // An edited value is found by its new text only; a deleted scan is gone.
    await a.must('scans/update', { id: ids[0], value: `RENAMED-${tag}` });
    expect(await found(`fresh-${tag}`)).toEqual([ids[1]]);
    expect(await found(`renamed-${tag}`)).toEqual([ids[0]]);
    await a.must('scans/delete', { ids: [ids[1]] });
    expect(await found(`fresh-${tag}`)).toEqual([]);
    // A scan stored after the feed and changed before the next one is found by its current value.
    const late = (await s.scan(service, `LATE-${tag}`)).body.scanId as number;
    await a.must('scans/update', { id: late, value: `LATER-${tag}` });
    expect(await found(`late-${tag}`)).toEqual([]);
    expect(await found(`later-${tag}`)).toEqual([late]);
    await t.container.scans.repo.transaction((r) => r.indexPendingValues(1_000_000));
    expect(await found(`later-${tag}`)).toEqual([late]);
  });

  it('regex rewrites of the value and the response, HTML and URL responses', async () => {
    const a = await scanAccount(t);
    const db = await a.database([
      ['12345', 'Seat B12', 1],
      ['777', '<curl>https://tickets.example.com/777</curl>', 1],
      ['888', '<html><b>VIP</b></html>', 1],
    ]);
    const service = await a.service({ validation_method: 'database', database_id: db, regex_scan_pattern: '^TKT-(\\d+)$', regex_scan_replacement: '\\1', regex_response_pattern: 'Seat', regex_response_replacement: 'Your seat:' });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const r = await s.scan(service, 'TKT-12345');
    expect(r.body).toMatchObject({ status: 1, text: 'Your seat: B12' });
    const stored = await a.must('scans/recent', {});
    expect((stored.items as { value: string }[])[0]?.value).toBe('12345');
    expect((await s.scan(service, '777')).body).toMatchObject({ textKind: 'url', text: 'https://tickets.example.com/777' });
    expect((await s.scan(service, '888')).body).toMatchObject({ textKind: 'html', text: '<html><b>VIP</b></html>' });
  });

  it('active periods: outside the period a scan is stored as invalid with the reason', async () => {
    const a = await scanAccount(t);
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const service = await a.service({ validation_method: 'record', period_start_date: future, period_end_date: later });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const r = await s.scan(service, 'EARLY');
    expect(r.body.status).toBe(0);
    expect(r.body.text).toBe(`This service is not active now (it runs from ${future} 00:00 to ${later} 23:59).`);
    // A scan taken during the period (the device's clock) counts as valid.
    const during = await s.scan(service, 'ON-TIME', { scannedAt: new Date(Date.now() + 12 * 86_400_000).toISOString() });
    expect(during.body.status).toBe(1);
    // Settings are parsed once per stored text and shared by the scans: a change applies to the very next scan.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await a.must('services/update', { id: service, variables: { period_start_date: yesterday } });
    expect((await s.scan(service, 'NOW-OPEN')).body.status).toBe(1);
  });

  it('conditional limits: at most N valid scans of a value per window', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record', conditional_limit: 2, conditional_limit_window: 'day' });
    const s = await scannerSignIn(t, await a.appUser([service]));
    expect((await s.scan(service, 'PASS-9')).body.status).toBe(1);
    expect((await s.scan(service, 'PASS-9')).body.status).toBe(1);
    expect((await s.scan(service, 'PASS-9')).body).toMatchObject({ status: 0, text: 'Limit reached: 2 scans of this value per day.' });
    expect((await s.scan(service, 'PASS-10')).body.status).toBe(1);
  });

  it('refuses scans on services the user may not use, deleted services, webviews and other accounts', async () => {
    const a = await scanAccount(t);
    const mine = await a.service({ validation_method: 'record' });
    const other = await a.service({ validation_method: 'record' });
    const web = await a.service({ validation_method: 'webview', description: '<curl>https://example.com/</curl>' });
    const s = await scannerSignIn(t, await a.appUser([mine, web]));
    expect((await s.scan(other, 'X')).body.error).toBe('FORBIDDEN');
    expect((await s.scan(web, 'X')).body.error).toBe('VALIDATION_FAILED');
    const b = await scanAccount(t);
    const theirs = await b.service({ validation_method: 'record' });
    expect((await s.scan(theirs, 'X')).body.error).toBe('NOT_FOUND');
    await a.must('services/delete', { id: mine });
    expect((await s.scan(mine, 'X')).body.error).toBe('CONFLICT');
    // Nothing of account A shows in account B.
    expect(((await b.must('scans/recent', {})).items as unknown[]).length).toBe(0);
  });
});

describe('questions at scan time', () => {
  it('checks required and typed answers, stores photos, and asks follow-ups by result', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['OK-1', '', 1]]);
    const gate = await a.question('Which gate?', 'option', ['North', 'South']);
    const count = await a.question('How many guests?', 'manualnumeric');
    const photo = await a.question('Photo of the pass', 'dropboximage');
    const why = await a.question('Why was it refused?', 'manual');
    const after = await a.question('Wristband colour?', 'dropdown', ['Red', 'Blue']);
    const service = await a.service({ validation_method: 'database', database_id: db });
    await a.must('services/set-questions', {
      id: service,
      questions: [
        { id: gate, condition: 'shared_submit', required: true },
        { id: count, condition: 'pre_submit', required: false },
        { id: photo, condition: 'pre_submit', required: false },
        { id: after, condition: 'valid_scan', required: false },
        { id: why, condition: 'invalid_scan', required: false },
      ],
    });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const services = (await s.call('app/services', {})).body.services as { questions: { id: number; condition: string; answers: string[] }[] }[];
    expect(services[0]?.questions.map((q) => q.condition)).toEqual(['shared_submit', 'pre_submit', 'pre_submit', 'valid_scan', 'invalid_scan']);
    expect(services[0]?.questions[0]?.answers).toEqual(['North', 'South']);

    const missing = await s.scan(service, 'OK-1');
    expect(missing.body).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Answer first: "Which gate?".' });
    const wrongChoice = await s.scan(service, 'OK-1', { answers: [{ questionId: gate, values: ['East'] }] });
    expect(wrongChoice.body.message).toBe('"Which gate?": "East" is not one of the answers (North, South).');
    const notNumber = await s.scan(service, 'OK-1', { answers: [{ questionId: gate, values: ['North'] }, { questionId: count, values: ['many'] }] });
    expect(notNumber.body.message).toBe('"How many guests?": enter a number.');

    const valid = await s.scan(service, 'OK-1', { answers: [{ questionId: gate, values: ['North'] }, { questionId: count, values: ['3'] }, { questionId: photo, image: PNG }] });
    expect(valid.body).toMatchObject({ status: 1, followUpQuestionIds: [after] });
    const invalid = await s.scan(service, 'MISSING', { answers: [{ questionId: gate, values: ['North'] }] });
    expect(invalid.body).toMatchObject({ status: 0, followUpQuestionIds: [why] });

    expect((await s.call('app/answers', { scanId: valid.body.scanId, answers: [{ questionId: after, values: ['Green'] }] })).body.error).toBe('VALIDATION_FAILED');
    expect((await s.call('app/answers', { scanId: valid.body.scanId, answers: [{ questionId: after, values: ['Blue'] }] })).status).toBe(200);

    const answers = await t.container.scans.repo.answersOf(a.owner.accountId, [valid.body.scanId as number]);
    expect(answers.map((x) => [x.question_text, x.answer])).toEqual([
      ['Which gate?', 'North'],
      ['How many guests?', '3'],
      ['Photo of the pass', `photo-${photo}.png`],
      ['Wristband colour?', 'Blue'],
    ]);
    const file = answers.find((x) => x.file_key !== null)?.file_key;
    expect(file && (await t.container.storage.get(file))?.subarray(0, 4).toString('latin1')).toBe('\x89PNG');

    // Another app user cannot answer on this scan.
    const other = await scannerSignIn(t, await a.appUser([service]));
    expect((await other.call('app/answers', { scanId: valid.body.scanId, answers: [{ questionId: after, values: ['Red'] }] })).body.error).toBe('NOT_FOUND');
  });
});

describe('uploads of offline scans', () => {
  it('stores a batch under an upload id: not validated on recording services, judged when the device did not judge', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['T1', 'Hi', 1]]);
    const offline = await a.service({ validation_method: 'ondevicerecord' });
    const ondevice = await a.service({ validation_method: 'ondevicedatabase', database_id: db, device_duplicate_value: 0 });
    const s = await scannerSignIn(t, await a.appUser([offline, ondevice]));
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const batch = {
      scans: [
        { serviceId: offline, value: 'A', clientScanId: ids[0], scannedAt: '2026-11-20T08:00:00.000Z' },
        { serviceId: offline, value: 'B', clientScanId: ids[1] },
        { serviceId: ondevice, value: 'T1', clientScanId: ids[2], status: 1, response: 'Checked on the phone' },
        { serviceId: ondevice, value: 'T1', clientScanId: ids[3] },
        { serviceId: ondevice, value: 'T9', clientScanId: ids[4] },
      ],
    };
    const up = await s.call('app/upload', batch);
    expect(up.status).toBe(200);
    const results = up.body.results as { status: number; text: string; duplicate: boolean }[];
    expect(results.map((r) => r.status)).toEqual([-1, -1, 1, 1, 0]);
    expect(results[2]?.text).toBe('Checked on the phone');
    // Sending the same batch again stores nothing new.
    const again = await s.call('app/upload', batch);
    expect((again.body.results as { replayed: boolean }[]).every((r) => r.replayed)).toBe(true);
    const recent = (await a.must('scans/recent', {})).items as { value: string; uploadId: number | null; scannedAt: string }[];
    expect(recent).toHaveLength(5);
    expect(recent.every((r) => r.uploadId !== null)).toBe(true);
    expect(recent.find((r) => r.value === 'A')?.scannedAt).toBe('2026-11-20T08:00:00.000Z');

    // Per-device duplicates (device_duplicate_value=0): the same device again is a duplicate, another device is not.
    const dup = await s.call('app/upload', { scans: [{ serviceId: ondevice, value: 't1', clientScanId: randomUUID() }] });
    expect((dup.body.results as { status: number; duplicate: boolean }[])[0]).toMatchObject({ status: 0, duplicate: true });
  });

  it('mails the upload_email address a CSV of each upload (with properties when asked)', async () => {
    const a = await scanAccount(t);
    const to = `uploads-${randomUUID().slice(0, 8)}@example.com`;
    const q = await a.question('Aisle?', 'manual');
    const service = await a.service({ validation_method: 'ondevicerecord', upload_email: to, upload_email_format: 'properties' });
    await a.must('services/set-questions', { id: service, questions: [{ id: q, condition: 'pre_submit', required: false }] });
    const user = await a.appUser([service]);
    const s = await scannerSignIn(t, user);
    const up = await s.call('app/upload', { scans: [{ serviceId: service, value: '=HYPERLINK("x")', clientScanId: randomUUID(), answers: [{ questionId: q, values: ['A7'] }], properties: { capture_type: 'manual' } }] });
    const uploadId = up.body.uploadId as number;
    const job = (await t.container.jobs.queue.repo.list(a.owner.accountId, { type: 'upload.email' }, 0, 10)).rows[0]!;
    const handler = t.container.scans.jobHandlers().get('upload.email')!;
    await handler({ jobId: job.id, accountId: a.owner.accountId, taskId: null, attempt: 1, payload: JSON.parse(job.payload) as unknown, signal: new AbortController().signal, progress: () => undefined, log: async () => undefined });
    const mail = await t.smtp.next(to);
    expect(mail.subject).toMatch(/^Scanbase: 1 scan uploaded to Service /);
    const csv = mail.attachments[0]!;
    expect(csv.filename).toBe(`upload-${uploadId}.csv`);
    const text = csv.content.toString('utf8');
    expect(text).toContain('Scan ID,User,Device,Barcode,Status,Response,Timestamp Scanned (UTC),Timestamp Received (UTC),Aisle?,capture_type');
    expect(text).toContain(`${user.username},Gate phone,"'=HYPERLINK(""x"")",not validated,`);
    expect(text).toContain(',A7,manual');
  });

  it('serves the database of an on-device service in pages, and unchanged for the current version', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['V1', 'one', 1], ['V2', 'two', 0], ['V3', '', 1]]);
    const service = await a.service({ validation_method: 'ondevicedatabase', database_id: db });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const page1 = await s.call('app/database', { serviceId: service, limit: 2 });
    expect(page1.body).toMatchObject({ total: 3, unchanged: false, nextOffset: 2, values: [{ value: 'V1', response: 'one', validity: 1 }, { value: 'V2', response: 'two', validity: 0 }] });
    const page2 = await s.call('app/database', { serviceId: service, limit: 2, offset: 2 });
    expect(page2.body).toMatchObject({ nextOffset: null, values: [{ value: 'V3' }] });
    const same = await s.call('app/database', { serviceId: service, since: page1.body.version });
    expect(same.body).toMatchObject({ unchanged: true, values: [] });
    await a.must('databases/add-value', { id: db, value: 'V4' });
    const afterAdd = await s.call('app/database', { serviceId: service, since: page1.body.version });
    expect(afterAdd.body.unchanged).toBe(false);
    // An edit in place (same count, same ids) is a new version too.
    await new Promise((r) => setTimeout(r, 5));
    const values = (await a.must('databases/values', { id: db, search: 'V2' })).items as { id: number }[];
    await a.must('databases/edit-value', { id: db, valueId: values[0]!.id, response: 'changed' });
    expect((await s.call('app/database', { serviceId: service, since: afterAdd.body.version })).body.unchanged).toBe(false);
  });
});

describe('postback', () => {
  it('lets the customer’s server decide, with the documented fields; HTML, curl and old two-node replies', async () => {
    const a = await scanAccount(t);
    const seat = await a.question('Seat?', 'checkbox', ['A1', 'A2', 'A3']);
    const service = await a.service({ validation_method: 'postback', postback_url: receiver.url });
    await a.must('services/set-questions', { id: service, questions: [{ id: seat, condition: 'pre_submit', required: false }] });
    const user = await a.appUser([service]);
    const s = await scannerSignIn(t, user, 'pb-phone');
    receiver.answerWith((f) => {
      if (f.get('tid') === 'GOOD') return { body: '<?xml version="1.0"?><xml><message><status>1</status><text>Welcome &amp; enjoy</text></message></xml>' };
      if (f.get('tid') === 'HTML') return { body: '<xml><message><status>1</status><text><![CDATA[<html><b>VIP</b></html>]]></text></message></xml>' };
      if (f.get('tid') === 'CURL') return { body: '<xml><message><status>0</status><text><curl>https://example.com/why</curl></text></message></xml>' };
      return { body: '<xml><status>0</status><text>Unknown ticket</text></xml>' };
    });
    const before = receiver.received.length;
    const good = await s.scan(service, 'GOOD', { answers: [{ questionId: seat, values: ['A1', 'A3'] }], properties: { capture_type: 'camera' } });
    expect(good.body).toMatchObject({ status: 1, text: 'Welcome & enjoy' });
    const sent = receiver.received[before]!;
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.fields.get('tid')).toBe('GOOD');
    expect(sent.fields.get('sid')).toBe(String(service));
    expect(sent.fields.get('udid')).toBe('pb-phone');
    expect(sent.fields.get('userid')).toBe(String(user.id));
    expect(sent.fields.get('scanid')).toBe(String(good.body.scanId));
    expect(sent.fields.get('scanned_at_utc')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sent.fields.get('received_at_utc')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sent.fields.get(`questions[${seat}]`)).toBe('Seat?');
    expect(sent.fields.get(`answers[${seat}]`)).toBe('A1|^|A3');
    expect(sent.fields.get('capture_type')).toBe('camera');

    expect((await s.scan(service, 'HTML')).body).toMatchObject({ status: 1, textKind: 'html', text: '<html><b>VIP</b></html>' });
    expect((await s.scan(service, 'CURL')).body).toMatchObject({ status: 0, textKind: 'url', text: 'https://example.com/why' });
    expect((await s.scan(service, 'OLD')).body).toMatchObject({ status: 0, text: 'Unknown ticket' });
    const stored = (await a.must('scans/recent', {})).items as { value: string; status: number; response: string }[];
    expect(stored.find((x) => x.value === 'GOOD')).toMatchObject({ status: 1, response: 'Welcome & enjoy' });
  });

  it('slow, failing, malformed and oversized replies: the scan is kept as invalid with the reason, and retried when it may help', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'postback', postback_url: receiver.url });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const retries = async () => (await t.container.jobs.queue.repo.list(a.owner.accountId, { type: 'postback.retry' }, 0, 50)).rows.length;

    receiver.answerWith(() => ({ body: '<xml><message><status>1</status><text>late</text></message></xml>', delayMs: 1_500 }));
    const slow = await s.scan(service, 'SLOW');
    expect(slow.body.status).toBe(0);
    expect(slow.body.text).toMatch(/^Could not get an answer from the validation server: No reply within 1 s\. The scan is saved and will be sent again\.$/);
    expect(await retries()).toBe(1);

    receiver.answerWith(() => ({ status: 500, body: 'oops' }));
    expect((await s.scan(service, 'FAIL')).body.text).toMatch(/HTTP 500\. The scan is saved and will be sent again\.$/);
    expect(await retries()).toBe(2);

    receiver.answerWith(() => ({ body: '<html>not xml</html>' }));
    expect((await s.scan(service, 'BAD')).body.text).toBe('Could not get an answer from the validation server: The reply was not <xml><message><status>…</status><text>…</text></message></xml>.');
    // Only the first 10 KB of a reply are kept: the verdict stands, the text is cut there.
    receiver.answerWith(() => ({ body: `<xml><message><status>1</status><text>${'x'.repeat(20_000)}</text></message></xml>` }));
    const huge = await s.scan(service, 'HUGE');
    expect(huge.body.status).toBe(1);
    expect(huge.body.text).toMatch(/^x+$/);
    expect((huge.body.text as string).length).toBe(10 * 1024 - '<xml><message><status>1</status><text>'.length);
    receiver.answerWith(() => ({ body: `<xml>${' '.repeat(20_000)}<message><status>1</status></message></xml>` }));
    expect((await s.scan(service, 'LATE-STATUS')).body.text).toBe('Could not get an answer from the validation server: The first 10 KB of the reply did not hold a status.');
    expect(await retries()).toBe(2); // a reply in the wrong shape is not retried

    // The retry job posts again; its answer becomes the scan's result.
    receiver.answerWith(() => ({ body: '<xml><message><status>1</status><text>Fine now</text></message></xml>' }));
    const job = (await t.container.jobs.queue.repo.list(a.owner.accountId, { type: 'postback.retry' }, 0, 50)).rows.at(-1)!;
    const handler = t.container.scans.postbacks.handlers().get('postback.retry')!;
    await handler({ jobId: job.id, accountId: a.owner.accountId, taskId: null, attempt: 2, payload: JSON.parse(job.payload) as unknown, signal: new AbortController().signal, progress: () => undefined, log: async () => undefined });
    const after = (await a.must('scans/recent', {})).items as { value: string; status: number; response: string }[];
    expect(after.find((x) => x.value === 'SLOW')).toMatchObject({ status: 1, response: 'Fine now' });
  });

  it('forwards scans of other services when asked, with status and text, through the job worker', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record', postback_url: receiver.url, postback_real_time_scans: 1 });
    const s = await scannerSignIn(t, await a.appUser([service]));
    receiver.answerWith(() => ({ body: '' }));
    const before = receiver.received.length;
    const r = await s.scan(service, 'FWD-1');
    const worker = t.container.jobs.worker();
    worker.start();
    try {
      const deadline = Date.now() + 10_000;
      while (receiver.received.length === before && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    } finally {
      await worker.stop();
    }
    const sent = receiver.received[before]!;
    expect(sent.fields.get('tid')).toBe('FWD-1');
    expect(sent.fields.get('scanid')).toBe(String(r.body.scanId));
    expect(sent.fields.get('status')).toBe('1');
  });

  it('refuses internal addresses unless the install allows them, and says how', async () => {
    const strict = await createTestApp({ POSTBACK_TIMEOUT_SECONDS: '1' });
    try {
      const a = await scanAccount(strict);
      const service = await a.service({ validation_method: 'postback', postback_url: receiver.url });
      const s = await scannerSignIn(strict, await a.appUser([service]));
      const r = await s.scan(service, 'INTERNAL');
      expect(r.body.status).toBe(0);
      expect(r.body.text).toContain('127.0.0.1 is an internal address. Set ALLOW_PRIVATE_URLS=true');
    } finally {
      await strict.close();
    }
  });
});

describe('live', () => {
  it('announces each new scan on /ws to the account’s browsers', async () => {
    const live = await createTestApp();
    try {
      const base = (await live.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      const a = await scanAccount(live);
      const service = await a.service({ validation_method: 'record' });
      const s = await scannerSignIn(live, await a.appUser([service]));
      const messages: { topic: string; id?: number }[] = [];
      const socket = new WebSocket(`${base}/ws?token=${a.owner.token}`);
      await new Promise<void>((resolve, reject) => {
        socket.on('message', (d: Buffer) => {
          const m = JSON.parse(d.toString()) as { topic: string; id?: number };
          messages.push(m);
          if (m.topic === 'ready') resolve();
        });
        socket.on('error', reject);
      });
      const r = await s.scan(service, 'LIVE-1');
      const deadline = Date.now() + 5_000;
      while (!messages.some((m) => m.topic === 'scan') && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
      expect(messages).toContainEqual({ topic: 'scan', id: r.body.scanId });
      socket.close();
    } finally {
      await live.close();
    }
  });
});
