import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
const ids: Record<string, number> = {};
let record = 0;
let gate = 0;
let users: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  const db = await a.database([['Ticket-A', 'Welcome', 1]]);
  const q = await a.question('Colour?', 'manual');
  gate = await a.service({ validation_method: 'database', database_id: db });
  record = await a.service({ validation_method: 'record' });
  await a.must('services/set-questions', { id: record, questions: [{ id: q, condition: 'pre_submit', required: false }] });
  const u1 = await a.appUser([gate, record]);
  const u2 = await a.appUser([record]);
  users = [u1.id, u2.id];
  const s1 = await scannerSignIn(t, u1, 'dev-1');
  const s2 = await scannerSignIn(t, u2, 'dev-2');
  const up = async (s: typeof s1, serviceId: number, value: string, scannedAt: string, extra: Record<string, unknown> = {}) =>
    ((await s.call('app/upload', { scans: [{ serviceId, value, clientScanId: randomUUID(), scannedAt, ...extra }] })).body.results as { scanId: number }[])[0]!.scanId;
  ids.valid = await up(s1, gate, 'Ticket-A', '2026-03-01T10:00:00.000Z');
  ids.invalid = await up(s1, gate, 'ticket-zz', '2026-03-02T10:00:00.000Z');
  ids.box = await up(s2, record, 'BOX-77', '2026-03-03T23:30:00.000Z', { answers: [{ questionId: q, values: ['Dark Blue'] }], properties: { capture_type: 'manual', aisle: '7' } });
  ids.box2 = await up(s1, record, 'BOX-77', '2026-03-04T08:00:00.000Z', { properties: { capture_type: 'camera' } });
});
afterAll(async () => {
  await t.close();
});

const search = async (body: Record<string, unknown>) => {
  const res = await a.admin('scans/search', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.items as { id: number }[]).map((x) => x.id), total: res.body.total as number, items: res.body.items as Record<string, unknown>[] };
};

describe('scans/search', () => {
  it('no filter: newest first with total, answers and properties', async () => {
    const r = await search({});
    expect(r.ids).toEqual([ids.box2, ids.box, ids.invalid, ids.valid]);
    expect(r.total).toBe(4);
    expect(r.items[1]).toMatchObject({ value: 'BOX-77', answers: [{ questionText: 'Colour?', answer: 'Dark Blue', hasFile: false }], properties: { capture_type: 'manual', aisle: '7' } });
    expect((await search({ limit: 1, page: 2 })).ids).toEqual([ids.box]);
  });

  it('value, response and answer matches', async () => {
    expect((await search({ value: 'ticket' })).ids).toEqual([ids.invalid, ids.valid]);
    expect((await search({ value: 'Ticket', valueCi: false })).ids).toEqual([ids.valid]);
    expect((await search({ value: 'ticket-a', exactValue: true })).ids).toEqual([ids.valid]);
    expect((await search({ value: 'ticket-a', exactValue: true, valueCi: false })).ids).toEqual([]);
    expect((await search({ value: 'BO' })).ids).toEqual([ids.box2, ids.box]); // under 3 characters: no index, same answer
    expect((await search({ response: 'welc' })).ids).toEqual([ids.valid]);
    expect((await search({ response: 'Welcome', exactResponse: true })).ids).toEqual([ids.valid]);
    expect((await search({ answer: 'blue' })).ids).toEqual([ids.box]);
    expect((await search({ answer: 'blue', exactAnswer: true })).ids).toEqual([]);
  });

  it('properties, scan ids, recent scan per value', async () => {
    expect((await search({ propertyName: 'capture_type', propertyValue: 'manual' })).ids).toEqual([ids.box]);
    expect((await search({ propertyName: 'aisle' })).ids).toEqual([ids.box]);
    expect((await search({ property: 'cam' })).ids).toEqual([ids.box2]);
    expect((await search({ property: 'cam', exactProperty: true })).ids).toEqual([]);
    expect((await search({ scanIds: [ids.valid, ids.box] })).ids).toEqual([ids.box, ids.valid]);
    expect((await search({ recentScan: true, value: 'BOX-77', exactValue: true })).ids).toEqual([ids.box2]);
  });

  it('services, users, devices, result, category, and deleted ones', async () => {
    expect((await search({ serviceIds: [gate] })).ids).toEqual([ids.invalid, ids.valid]);
    expect((await search({ userIds: [users[1]] })).ids).toEqual([ids.box]);
    expect((await search({ result: ['invalid'] })).ids).toEqual([ids.invalid]);
    expect((await search({ result: ['valid', 'notValidated'] })).total).toBe(3);
    expect((await search({ category: 'record' })).ids).toEqual([ids.box2, ids.box]);
    const devices = (await a.must('devices/list', {})).items as { id: number; udid: string }[];
    expect((await search({ deviceIds: [devices.find((d) => d.udid === 'dev-2')!.id] })).ids).toEqual([ids.box]);
    await a.must('appusers/delete', { id: users[1] });
    expect((await search({})).total).toBe(3);
    expect((await search({ uDeleted: true })).total).toBe(4);
    await a.must('services/delete', { id: gate });
    expect((await search({ uDeleted: true })).ids).toEqual([ids.box2, ids.box]);
    expect((await search({ uDeleted: true, sDeleted: true })).total).toBe(4);
  });

  it('dates in a time zone, the last N days, received time, sorting', async () => {
    // 2026-03-03T23:30Z is 4 March in Tokyo.
    expect((await search({ uDeleted: true, sDeleted: true, period: 'custom', startDate: '2026-03-04', endDate: '2026-03-04', tz: 'Asia/Tokyo' })).ids).toEqual([ids.box2, ids.box]);
    expect((await search({ uDeleted: true, sDeleted: true, startDate: '2026-03-04', endDate: '2026-03-04', tz: 'UTC' })).ids).toEqual([ids.box2]);
    expect((await search({ uDeleted: true, sDeleted: true, startDate: '2026-03-01', startTime: '10:30', endDate: '2026-03-02', endTime: '10:00', tz: 'UTC' })).ids).toEqual([ids.invalid]);
    expect((await search({ period: 'last', pMetric: 'day', pNumber: 1 })).total).toBe(0);
    expect((await search({ uDeleted: true, sDeleted: true, dataReceived: true, period: 'last', pMetric: 'hour', pNumber: 1 })).total).toBe(4);
    expect((await search({ uDeleted: true, sDeleted: true, sortBy: 'value', sortOrder: 'asc' })).ids).toEqual([ids.box, ids.box2, ids.valid, ids.invalid]);
    const bad = await a.admin('scans/search', { startDate: '2026-03-05', endDate: '2026-03-01' });
    expect(bad.body.error).toBe('VALIDATION_FAILED');
  });

  it('keeps accounts apart', async () => {
    const b = await scanAccount(t);
    const other = await b.admin('scans/search', {});
    expect(other.body.total).toBe(0);
  });
});
