import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Scanner = Awaited<ReturnType<typeof scannerSignIn>>;
type Point = { scanId: number; latitude: number; longitude: number; value: string; status: number; serviceName: string; scannedAt: string };
type Locations = { points: Point[]; total: number; withoutLocation: number; truncated: boolean; tileUrl: string; attribution: string };

/** Uploads one scan taken at `scannedAt` (with a gps_location when given) and answers its id. */
async function scanAt(s: Scanner, serviceId: number, value: string, scannedAt: string, gps?: string): Promise<number> {
  const res = await s.call('app/upload', { scans: [{ serviceId, value, clientScanId: randomUUID(), scannedAt, properties: gps === undefined ? {} : { gps_location: gps } }] });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body.results as { scanId: number }[])[0]!.scanId;
}

const DAY_START = '2026-05-10T00:00:00.000Z';
const DAY_END = '2026-05-10T23:59:59.999Z';

describe('app/locations: the app user’s own map', () => {
  let s1: Scanner;
  let s2: Scanner;
  let other: Scanner;
  const svc: Record<string, number> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const a = await scanAccount(t);
    svc.gate = await a.service({ validation_method: 'record', service_name: 'Gate' });
    svc.dock = await a.service({ validation_method: 'record', service_name: 'Dock' });
    svc.closed = await a.service({ validation_method: 'record', service_name: 'Closed' });
    const u1 = await a.appUser([svc.gate, svc.dock]);
    const u2 = await a.appUser([svc.gate, svc.dock]);
    s1 = await scannerSignIn(t, u1);
    s2 = await scannerSignIn(t, u2);
    ids.morning = await scanAt(s1, svc.gate, 'U1-MORNING', '2026-05-10T08:00:00.000Z', '52.520008,13.404954');
    ids.noon = await scanAt(s1, svc.gate, 'U1-NOON', '2026-05-10T12:00:00.000Z', '52.521,13.41,12');
    ids.evening = await scanAt(s1, svc.gate, 'U1-EVENING', '2026-05-10T20:00:00.000Z', '52.53,13.42');
    ids.noGps = await scanAt(s1, svc.gate, 'U1-NO-GPS', '2026-05-10T13:00:00.000Z');
    ids.badGps = await scanAt(s1, svc.gate, 'U1-BAD-GPS', '2026-05-10T14:00:00.000Z', 'somewhere');
    ids.dayBefore = await scanAt(s1, svc.gate, 'U1-DAY-BEFORE', '2026-05-09T23:59:00.000Z', '52.5,13.4');
    ids.dock = await scanAt(s1, svc.dock, 'U1-DOCK', '2026-05-10T09:00:00.000Z', '48.85,2.35');
    ids.otherUser = await scanAt(s2, svc.gate, 'U2-GATE', '2026-05-10T10:00:00.000Z', '52.52,13.40');

    // Another account, scanning the same day with GPS.
    const b = await scanAccount(t);
    const bSvc = await b.service({ validation_method: 'record', service_name: 'Other gate' });
    other = await scannerSignIn(t, await b.appUser([bSvc]));
    svc.otherAccount = bSvc;
    await scanAt(other, bSvc, 'OTHER-ACCOUNT', '2026-05-10T10:00:00.000Z', '52.52,13.40');
  });

  const locations = async (s: Scanner, body: Record<string, unknown>) => {
    const res = await s.call('app/locations', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Locations;
  };

  it('answers only the caller’s own scans of the service within the period, newest first, with the tile settings', async () => {
    const r = await locations(s1, { serviceId: svc.gate, from: DAY_START, to: DAY_END });
    expect(r.points.map((p) => p.value)).toEqual(['U1-EVENING', 'U1-NOON', 'U1-MORNING']);
    expect(r.points[1]).toMatchObject({ scanId: ids.noon, latitude: 52.521, longitude: 13.41, status: 1, serviceName: 'Gate', scannedAt: '2026-05-10T12:00:00.000Z' });
    // Five scans in the day: two without a usable location (none, and an unreadable one) are counted, not dropped.
    expect(r.total).toBe(5);
    expect(r.withoutLocation).toBe(2);
    expect(r.truncated).toBe(false);
    expect(r.tileUrl).toContain('{z}');
    expect(typeof r.attribution).toBe('string');
  });

  it('another app user of the same account sees only their own scans', async () => {
    const r = await locations(s2, { serviceId: svc.gate, from: DAY_START, to: DAY_END });
    expect(r.points.map((p) => p.value)).toEqual(['U2-GATE']);
    expect(r.total).toBe(1);
  });

  it('takes the user from the app session, not from the body', async () => {
    const res = await s2.call('app/locations', { serviceId: svc.gate, from: DAY_START, to: DAY_END, userId: 1, appUserId: 1 });
    expect(res.status).toBe(200);
    expect((res.body as unknown as Locations).points.map((p) => p.value)).toEqual(['U2-GATE']);
  });

  it('filters by period and by service', async () => {
    const morning = await locations(s1, { serviceId: svc.gate, from: '2026-05-10T07:00:00.000Z', to: '2026-05-10T12:00:00.000Z' });
    expect(morning.points.map((p) => p.value)).toEqual(['U1-NOON', 'U1-MORNING']);
    const withOffset = await locations(s1, { serviceId: svc.gate, from: '2026-05-10T01:00:00+02:00', to: '2026-05-10T01:59:59+02:00' });
    expect(withOffset.points.map((p) => p.value)).toEqual(['U1-DAY-BEFORE']);
    const dock = await locations(s1, { serviceId: svc.dock, from: DAY_START, to: DAY_END });
    expect(dock.points.map((p) => p.value)).toEqual(['U1-DOCK']);
    expect(dock.total).toBe(1);
    const empty = await locations(s1, { serviceId: svc.dock, from: '2026-06-01T00:00:00.000Z', to: '2026-06-02T00:00:00.000Z' });
    expect(empty).toMatchObject({ points: [], total: 0, withoutLocation: 0, truncated: false });
  });

  it('caps the points at the newest `limit` and says so', async () => {
    const r = await locations(s1, { serviceId: svc.gate, from: '2026-05-09T00:00:00.000Z', to: '2026-05-10T12:30:00.000Z', limit: 2 });
    expect(r.points.map((p) => p.value)).toEqual(['U1-NOON', 'U1-MORNING']);
    expect(r.truncated).toBe(true);
    expect(r.total).toBe(3);
    const all = await locations(s1, { serviceId: svc.gate, from: '2026-05-09T00:00:00.000Z', to: DAY_END, limit: 3 });
    expect(all).toMatchObject({ total: 6, truncated: true });
    const over = await s1.call('app/locations', { serviceId: svc.gate, from: DAY_START, to: DAY_END, limit: 5_001 });
    expect(over.status).toBe(422);
  });

  it('refuses a service the user may not use, another account’s service, and a bad period', async () => {
    const closed = await s1.call('app/locations', { serviceId: svc.closed, from: DAY_START, to: DAY_END });
    expect(closed.status).toBe(404);
    const foreign = await s1.call('app/locations', { serviceId: svc.otherAccount, from: DAY_START, to: DAY_END });
    expect(foreign.status).toBe(404);
    const backwards = await s1.call('app/locations', { serviceId: svc.gate, from: DAY_END, to: DAY_START });
    expect(backwards.status).toBe(422);
    const tooLong = await s1.call('app/locations', { serviceId: svc.gate, from: '2025-01-01T00:00:00.000Z', to: DAY_END });
    expect(tooLong.status).toBe(422);
    const notADate = await s1.call('app/locations', { serviceId: svc.gate, from: 'today', to: DAY_END });
    expect(notADate.status).toBe(422);
  });

  it('another account never sees these scans', async () => {
    const r = await locations(other, { serviceId: svc.otherAccount, from: DAY_START, to: DAY_END });
    expect(r.points.map((p) => p.value)).toEqual(['OTHER-ACCOUNT']);
  });
});

describe('app/scan-response and scans/response', () => {
  let a: Awaited<ReturnType<typeof scanAccount>>;
  let maker: Scanner;
  let colleague: Scanner;
  let htmlScan: number;
  let textScan: number;
  let foreignScan: number;
  let foreignAdmin: Awaited<ReturnType<typeof scanAccount>>;

  beforeAll(async () => {
    a = await scanAccount(t);
    const db = await a.database([
      ['TICKET-HTML', '<html><body><h1>Welcome, guest</h1></body></html>', 1],
      ['TICKET-TEXT', 'Row 4, seat 12', 1],
    ]);
    const service = await a.service({ validation_method: 'database', database_id: db, service_name: 'Doors' });
    maker = await scannerSignIn(t, await a.appUser([service]));
    colleague = await scannerSignIn(t, await a.appUser([service]));
    const html = await maker.scan(service, 'TICKET-HTML');
    expect(html.status, JSON.stringify(html.body)).toBe(200);
    htmlScan = html.body.scanId as number;
    textScan = (await maker.scan(service, 'TICKET-TEXT')).body.scanId as number;

    foreignAdmin = await scanAccount(t);
    const foreignService = await foreignAdmin.service({ validation_method: 'record' });
    const stranger = await scannerSignIn(t, await foreignAdmin.appUser([foreignService]));
    foreignScan = (await stranger.scan(foreignService, 'FOREIGN')).body.scanId as number;
  });

  it('shows the maker the response as the scanner did: HTML as HTML, text as text', async () => {
    const html = await maker.call('app/scan-response', { scanId: htmlScan });
    expect(html.status, JSON.stringify(html.body)).toBe(200);
    expect(html.body).toMatchObject({ scanId: htmlScan, value: 'TICKET-HTML', status: 1, textKind: 'html', text: '<html><body><h1>Welcome, guest</h1></body></html>', service: { name: 'Doors' } });
    expect(typeof html.body.scannedAt).toBe('string');
    const text = await maker.call('app/scan-response', { scanId: textScan });
    expect(text.body).toMatchObject({ value: 'TICKET-TEXT', textKind: 'text', text: 'Row 4, seat 12' });
  });

  it('refuses another app user of the same account', async () => {
    const res = await colleague.call('app/scan-response', { scanId: htmlScan });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
    expect(JSON.stringify(res.body)).not.toContain('Welcome');
  });

  it('shows an administrator of the account any of its scans', async () => {
    const res = await a.admin('scans/response', { scanId: htmlScan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ scanId: htmlScan, textKind: 'html' });
    expect(String(res.body.userName)).toMatch(/^scanner/);
  });

  it('answers 404 for another account’s scan, to its app users and administrators alike', async () => {
    expect((await maker.call('app/scan-response', { scanId: foreignScan })).status).toBe(404);
    expect((await a.admin('scans/response', { scanId: foreignScan })).status).toBe(404);
    expect((await foreignAdmin.admin('scans/response', { scanId: htmlScan })).status).toBe(404);
    expect((await maker.call('app/scan-response', { scanId: 2_000_000_000 })).status).toBe(404);
  });

  it('keeps the routes apart: an app token is no admin session and the reverse', async () => {
    expect((await maker.call('scans/response', { scanId: htmlScan })).status).toBe(401);
    expect((await a.admin('app/scan-response', { scanId: htmlScan })).status).toBe(401);
  });
});
