import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { thumbnailKey } from './scan-insights.service.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof scanAccount>>;
type Scanner = Awaited<ReturnType<typeof scannerSignIn>>;

/** Uploads one offline scan and answers its id. */
async function upload(s: Scanner, serviceId: number, value: string, scannedAt: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await s.call('app/upload', { scans: [{ serviceId, value, clientScanId: randomUUID(), scannedAt, ...extra }] });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body.results as { scanId: number }[])[0]!.scanId;
}

async function ok(a: Account, path: string, body: Record<string, unknown>) {
  const res = await a.admin(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

type Stats = {
  total: number;
  bucket: string;
  timeZone: string;
  overTime: { start: string; valid: number; invalid: number; notValidated: number }[];
  byService: { id: number; name: string; count: number }[];
  byUser: { id: number | null; name: string; count: number }[];
  byResult: { valid: number; invalid: number; notValidated: number };
};

describe('scans/statistics', () => {
  let a: Account;
  let stats: (body: Record<string, unknown>) => Promise<Stats>;
  const svc: Record<string, number> = {};
  const users: Record<string, number> = {};

  beforeAll(async () => {
    a = await scanAccount(t);
    stats = async (body) => (await ok(a, 'scans/statistics', body)) as unknown as Stats;
    const db = await a.database([['T-OK', 'Welcome', 1]]);
    svc.gate = await a.service({ validation_method: 'database', database_id: db, service_name: 'Gate' });
    svc.record = await a.service({ validation_method: 'record', service_name: 'Record' });
    svc.device = await a.service({ validation_method: 'ondevicerecord', service_name: 'On device' });
    const u1 = await a.appUser([svc.gate, svc.record]);
    const u2 = await a.appUser([svc.record, svc.device]);
    [users.u1, users.u2] = [u1.id, u2.id];
    const s1 = await scannerSignIn(t, u1);
    const s2 = await scannerSignIn(t, u2);
    // New York: daylight-saving time starts 2026-03-08 at 07:00Z (02:00 → 03:00) and ends 2026-11-01 at 06:00Z (02:00 → 01:00).
    await upload(s1, svc.record, 'A1', '2026-03-08T04:30:00Z'); // 7 Mar 23:30 EST
    await upload(s1, svc.record, 'A2', '2026-03-08T05:30:00Z'); // 8 Mar 00:30 EST
    await upload(s1, svc.gate, 'nope-1', '2026-03-08T06:59:00Z'); // 8 Mar 01:59 EST, invalid
    await upload(s2, svc.device, 'A4', '2026-03-08T07:00:00Z'); // 8 Mar 03:00 EDT, not validated
    await upload(s2, svc.record, 'A5', '2026-03-09T04:30:00Z'); // 9 Mar 00:30 EDT (a fixed EST offset says 8 Mar 23:30)
    await upload(s2, svc.record, 'A6', '2026-03-09T03:59:00Z'); // 8 Mar 23:59 EDT
    await upload(s1, svc.gate, 'nope-2', '2026-11-01T05:30:00Z'); // 1 Nov 01:30 EDT, invalid
    await upload(s1, svc.record, 'A8', '2026-11-01T06:30:00Z'); // 1 Nov 01:30 EST (the hour again)
    const a9 = await upload(s2, svc.record, 'A9', '2026-11-02T04:30:00Z'); // 1 Nov 23:30 EST (a fixed EDT offset says 2 Nov)
    // A scan without an app user (imported data has them): the statistics name it.
    await t.container.db.kysely.updateTable('scans').set({ app_user_id: null }).where('id', '=', a9).execute();
  });

  it('counts by result, service and user, in the account zone by default', async () => {
    const r = await stats({});
    expect(r).toMatchObject({ total: 9, timeZone: 'America/New_York', byResult: { valid: 6, invalid: 2, notValidated: 1 } });
    expect(r.byService).toEqual([
      { id: svc.record, name: 'Record', count: 6 },
      { id: svc.gate, name: 'Gate', count: 2 },
      { id: svc.device, name: 'On device', count: 1 },
    ]);
    expect(r.byUser).toEqual([
      { id: users.u1, name: expect.stringMatching(/^scanner/) as unknown, count: 5 },
      { id: users.u2, name: expect.stringMatching(/^scanner/) as unknown, count: 3 },
      { id: null, name: 'No app user', count: 1 },
    ]);
    expect(r.overTime.reduce((n, b) => n + b.valid + b.invalid + b.notValidated, 0)).toBe(9);
  });

  it('puts days in the zone across the start of daylight-saving time', async () => {
    const r = await stats({ bucket: 'day', startDate: '2026-03-07', endDate: '2026-03-09', tz: 'America/New_York' });
    expect(r.bucket).toBe('day');
    expect(r.overTime).toEqual([
      { start: '2026-03-07 00:00', valid: 1, invalid: 0, notValidated: 0 },
      { start: '2026-03-08 00:00', valid: 2, invalid: 1, notValidated: 1 },
      { start: '2026-03-09 00:00', valid: 1, invalid: 0, notValidated: 0 },
    ]);
  });

  it('hours of a day that has 23 (the skipped hour is no bucket) or 25 (the repeated hour is one)', async () => {
    const spring = await stats({ startDate: '2026-03-08', endDate: '2026-03-08', tz: 'America/New_York' });
    expect(spring.bucket).toBe('hour');
    expect(spring.overTime).toHaveLength(23);
    expect(spring.overTime.map((b) => b.start)).not.toContain('2026-03-08 02:00');
    expect(spring.overTime.filter((b) => b.valid + b.invalid + b.notValidated > 0)).toEqual([
      { start: '2026-03-08 00:00', valid: 1, invalid: 0, notValidated: 0 },
      { start: '2026-03-08 01:00', valid: 0, invalid: 1, notValidated: 0 },
      { start: '2026-03-08 03:00', valid: 0, invalid: 0, notValidated: 1 },
      { start: '2026-03-08 23:00', valid: 1, invalid: 0, notValidated: 0 },
    ]);
    const autumn = await stats({ startDate: '2026-11-01', endDate: '2026-11-01', tz: 'America/New_York' });
    expect(autumn.overTime).toHaveLength(24);
    expect(autumn.overTime.filter((b) => b.valid + b.invalid + b.notValidated > 0)).toEqual([
      { start: '2026-11-01 01:00', valid: 1, invalid: 1, notValidated: 0 },
      { start: '2026-11-01 23:00', valid: 1, invalid: 0, notValidated: 0 },
    ]);
    const days = await stats({ bucket: 'day', startDate: '2026-11-01', endDate: '2026-11-02' });
    expect(days.overTime.map((b) => [b.start, b.valid + b.invalid])).toEqual([
      ['2026-11-01 00:00', 3],
      ['2026-11-02 00:00', 0],
    ]);
  });

  it('follows zones whose offset is not whole hours', async () => {
    // India is UTC+5:30: 06:59Z is 12:29 and 07:00Z is 12:30, both in the 12:00 hour; 05:30Z is 11:00.
    const r = await stats({ bucket: 'hour', startDate: '2026-03-08', endDate: '2026-03-08', tz: 'Asia/Kolkata' });
    expect(r.timeZone).toBe('Asia/Kolkata');
    expect(r.overTime).toHaveLength(24);
    expect(r.overTime.filter((b) => b.valid + b.invalid + b.notValidated > 0)).toEqual([
      { start: '2026-03-08 10:00', valid: 1, invalid: 0, notValidated: 0 },
      { start: '2026-03-08 11:00', valid: 1, invalid: 0, notValidated: 0 },
      { start: '2026-03-08 12:00', valid: 0, invalid: 1, notValidated: 1 },
    ]);
  });

  it('weeks start on Monday, months on the 1st', async () => {
    const weeks = await stats({ bucket: 'week', startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(weeks.overTime.map((b) => [b.start, b.valid + b.invalid + b.notValidated])).toEqual([
      ['2026-02-23 00:00', 0],
      ['2026-03-02 00:00', 5],
      ['2026-03-09 00:00', 1],
    ]);
    const months = await stats({ bucket: 'month' });
    expect(months.overTime.map((b) => b.start)).toEqual(['03', '04', '05', '06', '07', '08', '09', '10', '11'].map((m) => `2026-${m}-01 00:00`));
    expect(months.overTime[0]).toMatchObject({ valid: 4, invalid: 1, notValidated: 1 });
    expect(months.overTime[8]).toMatchObject({ valid: 2, invalid: 1 });
  });

  it('auto picks the bucket from the window, or from the data without one', async () => {
    expect((await stats({ startDate: '2026-03-08', endDate: '2026-03-09' })).bucket).toBe('hour'); // 48 hours
    expect((await stats({ startDate: '2026-03-01', endDate: '2026-03-31' })).bucket).toBe('day');
    expect((await stats({ startDate: '2026-01-01', endDate: '2026-12-31' })).bucket).toBe('week');
    expect((await stats({ startDate: '2025-01-01', endDate: '2026-12-31' })).bucket).toBe('month');
    const all = await stats({}); // March to November: about 34 weeks
    expect(all.bucket).toBe('week');
    expect(all.overTime[0]?.start).toBe('2026-03-02 00:00');
    expect(all.overTime.at(-1)?.start).toBe('2026-10-26 00:00');
    // Received time: everything arrived within the last hour.
    const received = await stats({ dataReceived: true, period: 'last', pMetric: 'hour', pNumber: 1 });
    expect(received).toMatchObject({ total: 9, bucket: 'hour' });
  });

  it('applies the search filters', async () => {
    expect(await stats({ serviceIds: [svc.gate] })).toMatchObject({ total: 2, byResult: { valid: 0, invalid: 2, notValidated: 0 }, byService: [{ id: svc.gate, count: 2 }] });
    expect((await stats({ result: ['valid'] })).total).toBe(6);
    const u2 = await stats({ userIds: [users.u2!] });
    expect(u2.total).toBe(3);
    expect(u2.byUser).toEqual([{ id: users.u2, name: expect.stringMatching(/^scanner/) as unknown, count: 3 }]);
    expect((await stats({ value: 'nope' })).total).toBe(2);
    expect((await stats({ category: 'ondevicerecord' })).byResult).toEqual({ valid: 0, invalid: 0, notValidated: 1 });
    await a.must('services/delete', { id: svc.device });
    expect((await stats({})).total).toBe(8);
    expect((await stats({ sDeleted: true })).total).toBe(9);
    const bad = await a.admin('scans/statistics', { startDate: '2026-03-05', endDate: '2026-03-01' });
    expect(bad.body.error).toBe('VALIDATION_FAILED');
  });

  it('keeps accounts apart', async () => {
    const b = await scanAccount(t);
    expect(await ok(b, 'scans/statistics', {})).toMatchObject({ total: 0, overTime: [], byService: [], byUser: [] });
  });
});

describe('scans/locations', () => {
  it('answers parsed locations of matching scans, newest first, with the total and the tile configuration', async () => {
    const a = await scanAccount(t);
    const one = await a.service({ validation_method: 'record' });
    const two = await a.service({ validation_method: 'record' });
    const s = await scannerSignIn(t, await a.appUser([one, two]));
    const gps = (text: string) => ({ properties: { gps_location: text } });
    const berlin = await upload(s, one, 'B', '2026-05-01T10:00:00Z', gps('52.52,13.405'));
    const paris = await upload(s, one, 'P', '2026-05-02T10:00:00Z', gps(' 48.8566 , 2.3522, 12'));
    await upload(s, one, 'X1', '2026-05-03T10:00:00Z', gps('somewhere'));
    await upload(s, one, 'X2', '2026-05-04T10:00:00Z', gps('91,10'));
    await upload(s, one, 'none', '2026-05-05T10:00:00Z');
    const tokyo = await upload(s, two, 'T', '2026-05-06T10:00:00Z', gps('35.6762,139.6503'));

    const all = await ok(a, 'scans/locations', {});
    expect(all.total).toBe(5);
    expect(all.points).toEqual([
      { scanId: tokyo, latitude: 35.6762, longitude: 139.6503, value: 'T', status: 1, serviceName: expect.any(String) as unknown, scannedAt: '2026-05-06T10:00:00.000Z' },
      { scanId: paris, latitude: 48.8566, longitude: 2.3522, value: 'P', status: 1, serviceName: expect.any(String) as unknown, scannedAt: '2026-05-02T10:00:00.000Z' },
      { scanId: berlin, latitude: 52.52, longitude: 13.405, value: 'B', status: 1, serviceName: expect.any(String) as unknown, scannedAt: '2026-05-01T10:00:00.000Z' },
    ]);
    expect(all).toMatchObject({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });

    const first = await ok(a, 'scans/locations', { serviceIds: [one] });
    expect(first.total).toBe(4);
    expect((first.points as { scanId: number }[]).map((p) => p.scanId)).toEqual([paris, berlin]);
    const limited = await ok(a, 'scans/locations', { limit: 1 });
    expect((limited.points as { scanId: number }[]).map((p) => p.scanId)).toEqual([tokyo]);
    expect(limited.total).toBe(5);
    const dated = await ok(a, 'scans/locations', { startDate: '2026-05-02', endDate: '2026-05-03', tz: 'UTC' });
    expect(dated.total).toBe(2);

    const b = await scanAccount(t);
    expect(await ok(b, 'scans/locations', {})).toMatchObject({ total: 0, points: [] });
  });
});

describe('scans/photos and scans/file', () => {
  let a: Account;
  let png: Buffer;
  const ids: Record<string, number> = {};
  const answerIds: Record<string, number> = {};

  beforeAll(async () => {
    a = await scanAccount(t);
    png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const photo = await a.question('Photo of the pass', 'dropboximage');
    const signature = await a.question('Signature', 'datasignature');
    const note = await a.question('Note', 'manual');
    const main = await a.service({ validation_method: 'record' });
    const other = await a.service({ validation_method: 'record' });
    const asked = [photo, signature, note].map((id) => ({ id, condition: 'pre_submit', required: false }));
    await a.must('services/set-questions', { id: main, questions: asked });
    await a.must('services/set-questions', { id: other, questions: asked });
    ids.main = main;
    ids.other = other;
    const s = await scannerSignIn(t, await a.appUser([main, other]));
    ids.p1 = await upload(s, main, 'P1', '2026-06-01T10:00:00Z', { answers: [{ questionId: photo, image: dataUrl }, { questionId: note, values: ['fine'] }] });
    ids.p2 = await upload(s, main, 'P2', '2026-06-02T10:00:00Z', { answers: [{ questionId: signature, image: dataUrl }] });
    ids.p3 = await upload(s, other, 'P3', '2026-06-03T10:00:00Z', { answers: [{ questionId: photo, image: dataUrl }] });
    ids.p4 = await upload(s, main, 'P4', '2026-06-04T10:00:00Z', { answers: [{ questionId: note, values: ['no picture'] }] });
    // Only the first bytes of an image are checked at upload: this one cannot be decoded.
    const broken = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;
    ids.p5 = await upload(s, other, 'P5', '2026-05-01T10:00:00Z', { answers: [{ questionId: photo, image: broken }] });
    const found = (await ok(a, 'scans/search', { limit: 10 })).items as { id: number; answers: { answerId: number; questionId: number }[] }[];
    const answerOf = (scanId: number, questionId: number) => found.find((x) => x.id === scanId)!.answers.find((x) => x.questionId === questionId)!.answerId;
    answerIds.p1 = answerOf(ids.p1, photo);
    answerIds.note = answerOf(ids.p1, note);
    answerIds.p2 = answerOf(ids.p2, signature);
    answerIds.p3 = answerOf(ids.p3, photo);
    answerIds.p5 = answerOf(ids.p5, photo);
    // A question deleted later: its answers stay in the gallery, known by the file name they kept.
    await a.must('services/set-questions', { id: main, questions: asked.filter((q) => q.id !== signature) });
    await a.must('services/set-questions', { id: other, questions: asked.filter((q) => q.id !== signature) });
    await a.must('questions/delete', { id: signature });
  });

  it('lists photo and signature answers only, newest scan first, a page at a time', async () => {
    const r = await ok(a, 'scans/photos', {});
    expect(r.total).toBe(4);
    expect(r.items).toEqual([
      expect.objectContaining({ answerId: answerIds.p3, scanId: ids.p3, kind: 'photo', questionText: 'Photo of the pass', value: 'P3', status: 1, userName: expect.stringMatching(/^scanner/) as unknown, scannedAt: '2026-06-03T10:00:00.000Z' }),
      expect.objectContaining({ answerId: answerIds.p2, scanId: ids.p2, kind: 'signature', questionText: 'Signature' }),
      expect.objectContaining({ answerId: answerIds.p1, scanId: ids.p1, kind: 'photo' }),
      expect.objectContaining({ answerId: answerIds.p5, scanId: ids.p5 }),
    ]);
    const page2 = await ok(a, 'scans/photos', { limit: 2, page: 2 });
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect((page2.items as { answerId: number }[]).map((x) => x.answerId)).toEqual([answerIds.p1, answerIds.p5]);
  });

  it('applies the search filters', async () => {
    const main = await ok(a, 'scans/photos', { serviceIds: [ids.main] });
    expect((main.items as { answerId: number }[]).map((x) => x.answerId)).toEqual([answerIds.p2, answerIds.p1]);
    expect(main.total).toBe(2);
    expect((await ok(a, 'scans/photos', { value: 'P3', exactValue: true })).total).toBe(1);
    expect((await ok(a, 'scans/photos', { startDate: '2026-06-02', tz: 'UTC' })).total).toBe(2);
    expect((await ok(a, 'scans/photos', { answer: 'fine' })).total).toBe(1);
  });

  it('sends the file, and a cached JPEG thumbnail of it', async () => {
    const file = async (body: Record<string, unknown>, token = a.owner.token) => t.app.inject({ method: 'POST', url: '/api-v2/scans/file/', payload: body, headers: { authorization: `Bearer ${token}` } });
    const full = await file({ answerId: answerIds.p1 });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(full.rawPayload.equals(png)).toBe(true);

    const thumb = await file({ answerId: answerIds.p1, thumbnail: true });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
    const key = (await t.container.db.kysely.selectFrom('scan_answers').select('file_key').where('id', '=', answerIds.p1!).executeTakeFirstOrThrow()).file_key!;
    expect(await t.container.storage.exists(thumbnailKey(key))).toBe(true);
    const again = await file({ answerId: answerIds.p1, thumbnail: true });
    expect(again.rawPayload.equals(thumb.rawPayload)).toBe(true);

    expect((await file({ answerId: answerIds.p5 })).statusCode).toBe(200);
    const unreadable = await file({ answerId: answerIds.p5, thumbnail: true });
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json<{ error: string }>().error).toBe('NOT_FOUND');

    // An answer without a file, an unknown answer, another account's answer.
    expect((await file({ answerId: answerIds.note })).statusCode).toBe(404);
    expect((await file({ answerId: 2_000_000_000 })).statusCode).toBe(404);
    const b = await scanAccount(t);
    expect((await file({ answerId: answerIds.p1 }, b.owner.token)).statusCode).toBe(404);
    expect((await file({ answerId: answerIds.p1, thumbnail: true }, b.owner.token)).statusCode).toBe(404);
    expect((await ok(b, 'scans/photos', {})).total).toBe(0);
  });
});
