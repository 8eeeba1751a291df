import { describe, expect, it } from 'vitest';
import { MemoryLocationsCache, KEEP_REPLIES, type LocationsReply } from './mapview-cache';
import { locationsKey, parseGps, pendingScans, pendingText, periodRange, periodText, readPeriod, summaryParts } from './mapview';
import { MemoryQueueStore, ScanQueue, type QueuedScan } from './offline-queue';

// Local dates throughout: the periods are in the device's zone, whatever zone the tests run in.
const now = new Date(2026, 4, 10, 15, 30);
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms).toISOString();

describe('the map period', () => {
  it('today, 7 and 30 days run from local midnight to the last millisecond of today', () => {
    expect(periodRange({ period: 'today' }, now)).toEqual({ from: local(2026, 5, 10), to: local(2026, 5, 10, 23, 59, 59, 999) });
    expect(periodRange({ period: '7d' }, now)).toEqual({ from: local(2026, 5, 4), to: local(2026, 5, 10, 23, 59, 59, 999) });
    expect(periodRange({ period: '30d' }, now)).toEqual({ from: local(2026, 4, 11), to: local(2026, 5, 10, 23, 59, 59, 999) });
  });

  it('a custom period takes whole days, in order, at most 366 of them', () => {
    expect(periodRange({ period: 'custom', from: '2026-05-01', to: '2026-05-03' }, now)).toEqual({ from: local(2026, 5, 1), to: local(2026, 5, 3, 23, 59, 59, 999) });
    expect(periodRange({ period: 'custom', from: '2026-05-03', to: '2026-05-01' }, now)).toEqual({ error: 'The last day is before the first day.' });
    expect(periodRange({ period: 'custom', from: '2026-02-30', to: '2026-03-01' }, now)).toEqual({ error: 'Choose the first and the last day.' });
    expect(periodRange({ period: 'custom', from: '2025-01-01', to: '2026-05-01' }, now)).toEqual({ error: 'Choose at most 366 days.' });
    expect('from' in periodRange({ period: 'custom', from: '2025-05-10', to: '2026-05-10' }, now)).toBe(true);
  });

  it('reads the address leniently and names the period', () => {
    expect(readPeriod({})).toEqual({ period: 'today' });
    expect(readPeriod({ period: 'week' })).toEqual({ period: 'today' });
    expect(readPeriod({ period: 'custom', from: '2026-05-01', to: '2026-05-02' })).toEqual({ period: 'custom', from: '2026-05-01', to: '2026-05-02' });
    expect(periodText({ period: '7d' })).toBe('The last 7 days');
    expect(periodText({ period: 'custom', from: '2026-05-01', to: '2026-05-01' })).toBe('1 May 2026');
    expect(periodText({ period: 'custom', from: '2026-05-01', to: '2026-05-03' })).toBe('1 May 2026 – 3 May 2026');
  });
});

describe('scans waiting on the device', () => {
  const queued = (clientScanId: string, serviceId: number, scannedAt: string, gps?: string): QueuedScan => ({
    clientScanId,
    userId: 7,
    scan: { serviceId, value: `V-${clientScanId}`, clientScanId, scannedAt, properties: gps ? { gps_location: gps } : {} },
    queuedAt: scannedAt,
    attempts: 0,
  });

  it('are listed per service, newest first, with a location only when they carry a usable one', () => {
    const items = [queued('a', 1, '2026-05-10T08:00:00.000Z', '52.1,4.2'), queued('b', 1, '2026-05-10T09:00:00.000Z'), queued('c', 2, '2026-05-10T10:00:00.000Z', '1,1'), queued('d', 1, '2026-05-10T07:00:00.000Z', '95,4')];
    const pending = pendingScans(items, 1);
    expect(pending.map((p) => p.clientScanId)).toEqual(['b', 'a', 'd']);
    expect(pending[1]).toMatchObject({ latitude: 52.1, longitude: 4.2, value: 'V-a' });
    expect(pending[0]?.latitude).toBeUndefined();
    expect(pending[2]?.latitude).toBeUndefined();
    expect(pendingText(pending)).toBe('3 waiting to sync (2 without location)');
    expect(pendingText(pending.slice(1, 2))).toBe('1 waiting to sync');
  });

  it('the queue answers only this user’s waiting scans, not the refused ones', async () => {
    const store = new MemoryQueueStore();
    const queue = new ScanQueue({ store, upload: async () => [] });
    await queue.add(7, { serviceId: 1, value: 'MINE', clientScanId: 'mine-0001', scannedAt: '2026-05-10T08:00:00.000Z' });
    await queue.add(8, { serviceId: 1, value: 'THEIRS', clientScanId: 'theirs-001', scannedAt: '2026-05-10T08:00:00.000Z' });
    await store.put({ ...queued('refused-1', 1, '2026-05-10T08:00:00.000Z'), rejected: 'No' });
    expect((await queue.waiting(7)).map((item) => item.scan.value)).toEqual(['MINE']);
  });

  it('reads gps_location as the server does', () => {
    expect(parseGps('52.370216,4.895168')).toEqual({ latitude: 52.370216, longitude: 4.895168 });
    expect(parseGps(' -33.9 , 18.4 , 12 ')).toEqual({ latitude: -33.9, longitude: 18.4 });
    expect(parseGps('here')).toBeUndefined();
    expect(parseGps('10,200')).toBeUndefined();
    expect(parseGps(undefined)).toBeUndefined();
  });
});

describe('the counts and the kept replies', () => {
  it('counts scans without location instead of dropping them', () => {
    expect(summaryParts({ total: 14, withoutLocation: 2, points: new Array(12) })).toEqual(['14 scans', '12 on the map', '2 scans without location']);
    expect(summaryParts({ total: 1, withoutLocation: 0, points: [1] })).toEqual(['1 scan', '1 on the map']);
  });

  it('keeps replies per user, service and period, the newest few', async () => {
    const cache = new MemoryLocationsCache();
    const reply = (total: number): LocationsReply => ({ points: [], total, withoutLocation: total, truncated: false, tileUrl: 't', attribution: 'a' });
    const range = { from: '2026-05-10T00:00:00.000Z', to: '2026-05-10T23:59:59.999Z' };
    expect(locationsKey(7, 1, range)).not.toBe(locationsKey(8, 1, range));
    for (let i = 0; i <= KEEP_REPLIES; i += 1) await cache.put({ key: `k${i}`, savedAt: String(i), reply: reply(i) });
    expect(await cache.get('k0')).toBeUndefined();
    expect((await cache.get(`k${KEEP_REPLIES}`))?.reply.total).toBe(KEEP_REPLIES);
  });
});
