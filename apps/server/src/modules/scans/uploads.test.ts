import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
const svc: Record<string, number> = {};
const users: Record<string, number> = {};
const devices: Record<string, number> = {};
const up: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  svc.device = await a.service({ validation_method: 'ondevicerecord', service_name: 'Offline gate' });
  svc.record = await a.service({ validation_method: 'record', service_name: 'Stock' });
  const u1 = await a.appUser([svc.device, svc.record]);
  const u2 = await a.appUser([svc.record]);
  [users.u1, users.u2] = [u1.id, u2.id];
  const s1 = await scannerSignIn(t, u1, 'phone-1');
  const s2 = await scannerSignIn(t, u2, 'phone-2');
  const s1b = await scannerSignIn(t, u1, 'phone-2');
  const list = (await a.must('devices/list', {})).items as { id: number; udid: string }[];
  devices.d1 = list.find((d) => d.udid === 'phone-1')!.id;
  devices.d2 = list.find((d) => d.udid === 'phone-2')!.id;
  const send = async (s: typeof s1, scans: Record<string, unknown>[]) => {
    const res = await s.call('app/upload', { scans: scans.map((x) => ({ clientScanId: randomUUID(), ...x })) });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.uploadId as number;
  };
  // The device judged two scans itself; the third it recorded without a verdict.
  up.u1 = await send(s1, [
    { serviceId: svc.device, value: 'A', status: 1 },
    { serviceId: svc.device, value: 'B', status: 0 },
    { serviceId: svc.device, value: 'C' },
  ]);
  up.u2 = await send(s2, [{ serviceId: svc.record, value: 'D' }]);
  up.u3 = await send(s1b, [{ serviceId: svc.record, value: 'E' }, { serviceId: svc.record, value: 'F' }]);
  // Received times (set here so the date filters have fixed answers): New York is UTC-5 in March.
  const received: [number, string][] = [
    [up.u1, '2026-03-01T04:30:00.000Z'], // 28 Feb 23:30 in New York
    [up.u2, '2026-03-01T05:30:00.000Z'], // 1 Mar 00:30
    [up.u3, '2026-03-02T12:00:00.000Z'], // 2 Mar 07:00
  ];
  for (const [id, at] of received) await t.container.db.kysely.updateTable('uploads').set({ created_at: at }).where('id', '=', id).execute();
});
afterAll(async () => {
  await t.close();
});

type Row = { id: number; service: { id: number; name: string; deleted: boolean }; user: { id: number; deleted: boolean } | null; device: { id: number; name: string } | null; count: number; valid: number; invalid: number; notValidated: number; createdAt: string };

const list = async (body: Record<string, unknown>, who = a) => {
  const res = await who.admin('uploads/list', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const items = res.body.items as Row[];
  return { ids: items.map((x) => x.id), total: res.body.total as number, items };
};

describe('uploads/list', () => {
  it('lists uploads newest first with names and counts of how their scans were judged', async () => {
    const r = await list({});
    expect(r.ids).toEqual([up.u3, up.u2, up.u1]);
    expect(r.total).toBe(3);
    expect(r.items[2]).toEqual({
      id: up.u1,
      service: { id: svc.device, name: 'Offline gate', deleted: false },
      user: { id: users.u1, name: expect.stringMatching(/^scanner/) as unknown, deleted: false },
      device: { id: devices.d1, name: 'Gate phone' },
      count: 3,
      valid: 1,
      invalid: 1,
      notValidated: 1,
      createdAt: '2026-03-01T04:30:00.000Z',
    });
    expect(r.items[0]).toMatchObject({ count: 2, valid: 2, invalid: 0, notValidated: 0 });
    const page = await list({ limit: 1, page: 2 });
    expect(page).toMatchObject({ ids: [up.u2], total: 3 });
  });

  it('filters by service, user and device', async () => {
    expect((await list({ serviceIds: [svc.record] })).ids).toEqual([up.u3, up.u2]);
    expect((await list({ userIds: [users.u1] })).ids).toEqual([up.u3, up.u1]);
    expect((await list({ deviceIds: [devices.d2] })).ids).toEqual([up.u3, up.u2]);
    expect((await list({ userIds: [users.u1], deviceIds: [devices.d2] })).ids).toEqual([up.u3]);
  });

  it('reads dates and times in the account zone, or in tz', async () => {
    expect((await list({ startDate: '2026-03-01' })).ids).toEqual([up.u3, up.u2]);
    expect((await list({ endDate: '2026-02-28' })).ids).toEqual([up.u1]);
    expect((await list({ startDate: '2026-03-01', startTime: '00:45' })).ids).toEqual([up.u3]);
    expect((await list({ startDate: '2026-03-01', endDate: '2026-03-02', endTime: '06:59' })).ids).toEqual([up.u2]);
    expect((await list({ startDate: '2026-03-01', endDate: '2026-03-01', tz: 'UTC' })).ids).toEqual([up.u2, up.u1]);
    const backwards = await a.admin('uploads/list', { startDate: '2026-03-05', endDate: '2026-03-01' });
    expect(backwards.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'endDate' }] });
    expect((await a.admin('uploads/list', { startDate: '2026-02-30' })).body.error).toBe('VALIDATION_FAILED');
    expect((await a.admin('uploads/list', { startDate: '2026-03-01', startTime: '25:00' })).body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'startTime' }] });
  });

  it('leaves out uploads of deleted services and app users unless asked', async () => {
    await a.must('appusers/delete', { id: users.u2 });
    expect((await list({})).ids).toEqual([up.u3, up.u1]);
    const withUsers = await list({ uDeleted: true });
    expect(withUsers.ids).toEqual([up.u3, up.u2, up.u1]);
    expect(withUsers.items[1]?.user).toMatchObject({ id: users.u2, deleted: true });
    await a.must('services/delete', { id: svc.record });
    expect((await list({ uDeleted: true })).ids).toEqual([up.u1]);
    const all = await list({ uDeleted: true, sDeleted: true });
    expect(all.total).toBe(3);
    expect(all.items[0]?.service).toEqual({ id: svc.record, name: 'Stock', deleted: true });
  });

  it('keeps accounts apart', async () => {
    const b = await scanAccount(t);
    expect((await list({ uDeleted: true, sDeleted: true }, b)).total).toBe(0);
    expect((await list({ serviceIds: [svc.device], uDeleted: true, sDeleted: true }, b)).total).toBe(0);
  });
});
