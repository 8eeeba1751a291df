import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, legacy } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectGolden } from '../services/scan-config.test-helpers.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
let key = '';
let otherKey = '';
const ids: Record<string, number> = {};
let serviceA = 0;
let serviceB = 0;
let userId = 0;
let deviceId = 0;

/** Calls a legacy action with the account's key. */
const call = (section: string, action: string, fields: Record<string, string> = {}) => legacy(t.app, { section, action, api_key: key, ...fields });
const scanIdsOf = (xml: Record<string, unknown>): number[] => {
  const scans = xml.scan as { _id: string }[] | { _id: string } | undefined;
  return (Array.isArray(scans) ? scans : scans ? [scans] : []).map((s) => Number(s._id));
};

beforeAll(async () => {
  t = await createTestApp();
  // The golden reply must not depend on what ran before: this file builds its own fixed data first.
  const a = await scanAccount(t);
  key = await createApiKey(t, a.owner.token);
  const seat = await a.question('Seat?', 'manual');
  const db = await a.database([['TICKET-0001', 'Welcome', 1], ['TICKET-0002', 'Refunded', 0]]);
  serviceA = await a.service({ validation_method: 'database', database_id: db, service_name: 'Gate A' });
  serviceB = await a.service({ validation_method: 'record', service_name: 'Gate B' });
  await a.must('services/set-questions', { id: serviceA, questions: [{ id: seat, condition: 'pre_submit', required: false }] });
  const res = await a.must('appusers/create', { username: 'gate1', password: 'gate-pass', serviceIds: [serviceA, serviceB] });
  userId = res.id as number;
  const s = await scannerSignIn(t, { username: 'gate1', password: 'gate-pass' }, 'front-door');
  deviceId = (s.signIn.device as { id: number }).id;
  const up = await s.call('app/upload', {
    scans: [
      { serviceId: serviceA, value: 'TICKET-0001', clientScanId: randomUUID(), scannedAt: '2024-05-01T23:02:11.000Z', answers: [{ questionId: seat, values: ['B12'] }], properties: { capture_type: 'camera', 'gps location': '1,2' } },
      { serviceId: serviceA, value: 'TICKET-0002', clientScanId: randomUUID(), scannedAt: '2024-05-02T10:00:00.000Z', properties: { capture_type: 'manual' } },
      { serviceId: serviceB, value: 'BOX & <1>', clientScanId: randomUUID(), scannedAt: '2024-05-03T04:30:00.000Z' },
      { serviceId: serviceB, value: 'TICKET-0001', clientScanId: randomUUID(), scannedAt: '2024-05-04T12:00:00.000Z' },
    ],
  });
  const results = up.body.results as { scanId: number }[];
  ['first', 'refunded', 'box', 'again'].forEach((name, i) => (ids[name] = results[i]!.scanId));
  const other = await scanAccount(t);
  otherKey = await createApiKey(t, other.owner.token);
});
afterAll(async () => {
  await t.close();
});

describe('legacy scans/retrieve', () => {
  it('answers the documented XML (golden), times in America/New_York by default', async () => {
    expectGolden(import.meta.dirname, 'retrieve.xml', (await call('scans', 'retrieve', { scan_id: `${ids.first},${ids.box}`, showProperties: '1' })).raw);
    expectGolden(import.meta.dirname, 'uploads-retrieve.xml', (await call('uploads', 'retrieve')).raw.replace(/timestamp="[^"]+"/g, 'timestamp="(now)"'));
  });

  it('filters by service, user, device, status, value, response, keyword and upload', async () => {
    const q = async (fields: Record<string, string>) => scanIdsOf((await call('scans', 'retrieve', fields)).xml);
    expect(await q({})).toEqual([ids.first, ids.refunded, ids.box, ids.again]);
    expect(await q({ service_id: String(serviceB) })).toEqual([ids.box, ids.again]);
    expect(await q({ service_id: 'all', user_id: String(userId), device_id: String(deviceId) })).toHaveLength(4);
    expect(await q({ status: '0' })).toEqual([ids.refunded]);
    expect(await q({ status: '1,0' })).toHaveLength(4);
    expect(await q({ value: 'TICKET-0001' })).toEqual([ids.first, ids.again]);
    expect(await q({ valuelike: 'box' })).toEqual([ids.box]);
    expect(await q({ response: 'Refunded' })).toEqual([ids.refunded]);
    expect(await q({ responselike: 'welc' })).toEqual([ids.first]);
    expect(await q({ keyword: 'b12' })).toEqual([ids.first]);
    expect((await call('scans', 'retrieve', { status: 'maybe' })).errorCode).toBe('50');
  });

  it('dates and times in a time zone, order_by, only_recent, limit and offset', async () => {
    const q = async (fields: Record<string, string>) => scanIdsOf((await call('scans', 'retrieve', fields)).xml);
    // 2024-05-01T23:02:11Z is 19:02:11 on 1 May in New York and 08:02 on 2 May in Tokyo.
    expect(await q({ start_date: '2024-05-01', end_date: '2024-05-01' })).toEqual([ids.first]);
    expect(await q({ start_date: '2024-05-01', end_date: '2024-05-01', timezone: 'Asia/Tokyo' })).toEqual([]);
    expect(await q({ start_date: '2024-05-02', end_date: '2024-05-02', timezone: 'Asia/Tokyo' })).toEqual([ids.first, ids.refunded]);
    expect(await q({ start_date: '2024-05-02', start_time: '05:00:00', end_date: '2024-05-03', end_time: '01:00:00', timezone: 'UTC' })).toEqual([ids.refunded]);
    expect(await q({ start_date: '2024-05-01', end_date: '2024-05-01', timezone_offset: '-04:00' })).toEqual([ids.first]);
    expect(await q({ order_by: 'barcode_desc,scan_id' })).toEqual([ids.refunded, ids.first, ids.again, ids.box]);
    expect(await q({ order_by: 'timestamp', order_desc: '1' })).toEqual([ids.again, ids.box, ids.refunded, ids.first]);
    expect(await q({ order_by: 'scan_id_desc', limit: '2', offset: '1' })).toEqual([ids.box, ids.refunded]);
    expect(await q({ only_recent: '1', value: 'TICKET-0001' })).toEqual([ids.again]);
    expect((await call('scans', 'retrieve', { order_by: 'colour' })).errorCode).toBe('50');
    const counted = await call('scans', 'retrieve', { limit: '1' });
    expect(counted.xml.count).toBe('4');
  });

  it('property filters and timestamps received and modified', async () => {
    const q = async (fields: Record<string, string>) => scanIdsOf((await call('scans', 'retrieve', fields)).xml);
    expect(await q({ 'with_property[capture_type]': 'manual' })).toEqual([ids.refunded]);
    expect(await q({ 'without_property[capture_type]': 'manual' })).toEqual([ids.first, ids.box, ids.again]);
    expect(await q({ includeProperty: 'capture_type' })).toEqual([ids.first, ids.refunded]);
    expect(await q({ excludeProperty: 'capture_type,gps location' })).toEqual([ids.box, ids.again]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await q({ start_date: today, timestamp_received: '1', timezone: 'UTC' })).toHaveLength(4);
    expect(await q({ modified_diff: '< 1 hour' })).toHaveLength(4);
    expect(await q({ modified_diff: '> 1 hour' })).toHaveLength(0);
    const withStamps = await call('scans', 'retrieve', { scan_id: String(ids.box), timestamp_received: '2', timestamp_modified: '2' });
    expect(withStamps.raw).toMatch(/<timestamp_received>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}<\/timestamp_received><timestamp_modified>/);
  });

  it('scan_properties: create, update, retrieve (any case), delete; all or nothing', async () => {
    expect((await call('scan_properties', 'create', { scan_id: `${ids.box},${ids.again}`, name: 'Mode', value: 'auto' })).status).toBe('1');
    expect((await call('scan_properties', 'update', { scan_id: String(ids.box), name: 'Mode', value: 'manual' })).status).toBe('1');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'mode' })).xml.value).toBe('manual');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.again), name: 'MODE' })).xml.value).toBe('auto');
    expect((await call('scan_properties', 'create', { scan_id: `${ids.box},999999`, name: 'Lost', value: 'x' })).errorCode).toBe('135');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'Lost' })).errorCode).toBe('50');
    expect((await call('scan_properties', 'create', { scan_id: String(ids.box), name: 'x'.repeat(101), value: 'v' })).errorCode).toBe('50');
    expect((await call('scan_properties', 'delete', { scan_id: String(ids.again), name: 'mode' })).status).toBe('1');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.again), name: 'Mode' })).errorCode).toBe('50');
    // Another account cannot touch these scans.
    expect((await legacy(t.app, { section: 'scan_properties', action: 'create', api_key: otherKey, scan_id: String(ids.box), name: 'x', value: 'y' })).errorCode).toBe('135');
  });

  it('scan_properties: a name with letters beyond A-Z is found as written and with A-Z in any case, the same on both databases', async () => {
    expect((await call('scan_properties', 'create', { scan_id: String(ids.box), name: 'Ünit', value: 'kg' })).status).toBe('1');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'Ünit' })).xml.value).toBe('kg');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'ÜNIT' })).xml.value).toBe('kg');
    // Only A-Z fold (documented): ü is another letter than Ü, on SQLite and on PostgreSQL whatever its locale.
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'ünit' })).errorCode).toBe('50');
    // Two names that differ in case: the byte-wise first answers on both databases.
    expect((await call('scan_properties', 'create', { scan_id: String(ids.box), name: 'zone', value: 'lower' })).status).toBe('1');
    expect((await call('scan_properties', 'create', { scan_id: String(ids.box), name: 'Zone', value: 'upper' })).status).toBe('1');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'ZONE' })).xml.value).toBe('upper');
    expect((await call('scan_properties', 'delete', { scan_id: String(ids.box), name: 'ünit' })).status).toBe('1');
    expect((await call('scan_properties', 'delete', { scan_id: String(ids.box), name: 'ÜNIT' })).status).toBe('1');
    expect((await call('scan_properties', 'retrieve', { scan_id: String(ids.box), name: 'Ünit' })).errorCode).toBe('50');
  });

  it('scans/delete: named scans only, 804 for one that does not exist (nothing deleted then), other accounts see nothing', async () => {
    const other = await legacy(t.app, { section: 'scans', action: 'retrieve', api_key: otherKey });
    expect(other.xml.count).toBe('0');
    expect((await legacy(t.app, { section: 'scans', action: 'delete', api_key: otherKey, scan_id: String(ids.again) })).errorCode).toBe('804');
    expect((await call('scans', 'delete')).errorCode).toBe('135');
    expect((await call('scans', 'delete', { scan_id: `${ids.again},999999` })).errorCode).toBe('804');
    expect((await call('scans', 'retrieve', { scan_id: String(ids.again) })).xml.count).toBe('1');
    expect((await call('scans', 'delete', { scan_id: String(ids.again) })).status).toBe('1');
    expect((await call('scans', 'retrieve', { scan_id: String(ids.again) })).xml.count).toBe('0');
  });
});
