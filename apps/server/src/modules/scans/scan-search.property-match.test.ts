import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { ScanFilter } from './scan-filter.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

// "property = value" sorted by scanned time is read from scan_properties_time_idx (migration 0039); these check it
// answers what the general path answers, and that the copied scanned time follows the scan.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let b: Awaited<ReturnType<typeof scanAccount>>;
let gate = 0;
let dock = 0;
let users: { id: number }[] = [];
/** Account a's scans with lane = L1: id and scanned time. */
const lane1: { id: number; at: string; service: number; user: number }[] = [];
let otherAccountLane1 = 0;

const search = async (who: typeof a, body: Record<string, unknown>) => {
  const res = await who.admin('scans/search', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.items as { id: number }[]).map((x) => x.id), total: res.body.total as number, totalExact: res.body.totalExact as boolean };
};

/** The general path's answer (the page query on `scans`), for comparison. */
const generalPath = async (f: ScanFilter, desc: boolean, key: 'timestamp' | 'scan_id' = 'timestamp') => {
  const { rows } = await t.container.scans.repo.search(a.owner.accountId, f, [{ key, desc }], { limit: 100, offset: 0 }, false);
  return rows.map((r) => r.id);
};

const newestFirst = (rows: typeof lane1) => [...rows].sort((x, y) => (x.at === y.at ? y.id - x.id : x.at < y.at ? 1 : -1)).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  b = await scanAccount(t);
  gate = await a.service({ validation_method: 'record' });
  dock = await a.service({ validation_method: 'record' });
  const u1 = await a.appUser([gate, dock]);
  const u2 = await a.appUser([gate, dock]);
  users = [u1, u2];
  const sessions = [await scannerSignIn(t, u1, 'dev-1'), await scannerSignIn(t, u2, 'dev-2')];
  // Scanned times out of upload order, two scans at the same instant (the id breaks the tie), and scans without the property.
  const times = ['2026-04-03T10:00:00.000Z', '2026-04-01T10:00:00.000Z', '2026-04-05T10:00:00.000Z', '2026-04-02T10:00:00.000Z', '2026-04-02T10:00:00.000Z', '2026-04-04T10:00:00.000Z', '2026-03-30T10:00:00.000Z'];
  for (let i = 0; i < times.length; i++) {
    const service = i % 3 === 2 ? dock : gate;
    const user = i % 2;
    const properties = i === 6 ? { lane: 'L2' } : { lane: 'L1', capture_type: 'camera' };
    const reply = await sessions[user]!.call('app/upload', { scans: [{ serviceId: service, value: `BOX-${i}`, clientScanId: randomUUID(), scannedAt: times[i], properties }] });
    const id = (reply.body.results as { scanId: number }[])[0]!.scanId;
    if (i !== 6) lane1.push({ id, at: times[i]!, service, user: users[user]!.id });
  }
  await sessions[0]!.call('app/upload', { scans: [{ serviceId: gate, value: 'NO-LANE', clientScanId: randomUUID(), scannedAt: '2026-04-06T10:00:00.000Z' }] });
  // Another account with the same property and value.
  const otherService = await b.service({ validation_method: 'record' });
  const other = await scannerSignIn(t, await b.appUser([otherService]), 'dev-b');
  otherAccountLane1 = ((await other.call('app/upload', { scans: [{ serviceId: otherService, value: 'B-1', clientScanId: randomUUID(), scannedAt: '2026-04-10T10:00:00.000Z', properties: { lane: 'L1' } }] })).body.results as { scanId: number }[])[0]!.scanId;
});
afterAll(async () => {
  await t.close();
});

describe('scans/search by one property value, from the property time index', () => {
  it('newest first and oldest first, by id, in pages, as the general path answers', async () => {
    const expected = newestFirst(lane1);
    const f: ScanFilter = { withProperties: [['lane', 'L1']] };
    expect(await generalPath(f, true)).toEqual(expected);
    const desc = await search(a, { propertyName: 'lane', propertyValue: 'L1' });
    expect(desc).toEqual({ ids: expected, total: 6, totalExact: true });
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', sortOrder: 'asc' })).ids).toEqual(await generalPath(f, false));
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', sortOrder: 'asc' })).ids).toEqual([...expected].reverse());
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', sortBy: 'id' })).ids).toEqual(await generalPath(f, true, 'scan_id'));
    expect(await search(a, { propertyName: 'lane', propertyValue: 'L1', limit: 2, page: 2 })).toEqual({ ids: expected.slice(2, 4), total: 6, totalExact: true });
    expect(await search(a, { propertyName: 'lane', propertyValue: 'L1', limit: 2, page: 9 })).toEqual({ ids: [], total: 6, totalExact: true });
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L2' })).total).toBe(1);
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L9' })).ids).toEqual([]);
    // A scanned-time window is answered by the same index.
    const window = { propertyName: 'lane', propertyValue: 'L1', period: 'custom', startDate: '2026-04-02', endDate: '2026-04-03', tz: 'UTC' };
    expect((await search(a, window)).ids).toEqual(newestFirst(lane1.filter((r) => r.at >= '2026-04-02' && r.at < '2026-04-04')));
    expect((await search(a, { ...window, dataReceived: true })).ids).toEqual([]); // received today: the general path answers
  });

  it('counts up to the cap, and exactly with countAll', async () => {
    const repo = t.container.scans.repo;
    const f: ScanFilter = { withProperties: [['lane', 'L1']] };
    const capped = await repo.pageOfPropertyMatches(a.owner.accountId, f, { key: 'timestamp', desc: true }, { limit: 2, offset: 0 }, 3);
    expect(capped).toEqual({ ids: newestFirst(lane1).slice(0, 2), matched: 4 });
    expect((await repo.pageOfPropertyMatches(a.owner.accountId, f, { key: 'timestamp', desc: true }, { limit: 2, offset: 0 }, undefined))?.matched).toBe(6);
    expect(await search(a, { propertyName: 'lane', propertyValue: 'L1', countAll: true })).toMatchObject({ total: 6, totalExact: true });
    // Anything else in the filter, or a sort the index does not hold, is the general path's.
    expect(await repo.pageOfPropertyMatches(a.owner.accountId, { ...f, statuses: [1] }, { key: 'timestamp', desc: true }, { limit: 2, offset: 0 }, 3)).toBeUndefined();
    expect(await repo.pageOfPropertyMatches(a.owner.accountId, { withProperties: [['lane', 'L1'], ['capture_type', 'camera']] }, { key: 'timestamp', desc: true }, { limit: 2, offset: 0 }, 3)).toBeUndefined();
    expect(await repo.pageOfPropertyMatches(a.owner.accountId, f, { key: 'barcode', desc: true }, { limit: 2, offset: 0 }, 3)).toBeUndefined();
  });

  it('keeps accounts apart', async () => {
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1' })).ids).not.toContain(otherAccountLane1);
    expect(await search(b, { propertyName: 'lane', propertyValue: 'L1' })).toEqual({ ids: [otherAccountLane1], total: 1, totalExact: true });
  });

  it('a property set later carries its scan time, and a scan whose time changes moves', async () => {
    const repo = t.container.scans.repo;
    const noLane = await t.container.db.kysely.selectFrom('scans').select(['id', 'scanned_at']).where('value', '=', 'NO-LANE').executeTakeFirstOrThrow();
    await repo.setProperty(a.owner.accountId, [noLane.id], 'lane', 'L1');
    const withNew = [...lane1, { id: noLane.id, at: '2026-04-06T10:00:00.000Z', service: gate, user: users[0]!.id }];
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1' })).ids).toEqual(newestFirst(withNew));
    // The newest scan moves back before all the others (the trigger copies its new time onto its properties).
    const moved = newestFirst(lane1)[0]!;
    await t.container.db.kysely.updateTable('scans').set({ scanned_at: '2026-03-01T00:00:00.000Z' }).where('id', '=', moved).execute();
    const after = withNew.map((r) => (r.id === moved ? { ...r, at: '2026-03-01T00:00:00.000Z' } : r));
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1' })).ids).toEqual(newestFirst(after));
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1' })).ids.at(-1)).toBe(moved);
    expect(await generalPath({ withProperties: [['lane', 'L1']] }, true)).toEqual(newestFirst(after));
    await repo.deleteProperty(a.owner.accountId, [noLane.id], 'lane');
    await t.container.db.kysely.updateTable('scans').set({ scanned_at: lane1.find((r) => r.id === moved)!.at }).where('id', '=', moved).execute();
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1' })).ids).toEqual(newestFirst(lane1));
  });

  it('leaves out scans of deleted services and users unless asked', async () => {
    await a.must('appusers/delete', { id: users[1]!.id });
    const liveUsers = lane1.filter((r) => r.user !== users[1]!.id);
    expect(await search(a, { propertyName: 'lane', propertyValue: 'L1' })).toEqual({ ids: newestFirst(liveUsers), total: liveUsers.length, totalExact: true });
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', uDeleted: true })).ids).toEqual(newestFirst(lane1));
    await a.must('services/delete', { id: dock });
    const live = liveUsers.filter((r) => r.service !== dock);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(liveUsers.length);
    expect(await search(a, { propertyName: 'lane', propertyValue: 'L1' })).toEqual({ ids: newestFirst(live), total: live.length, totalExact: true });
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', sortOrder: 'asc' })).ids).toEqual(newestFirst(live).reverse());
    expect(await generalPath({ withProperties: [['lane', 'L1']] }, true)).toEqual(newestFirst(live));
    const servicesOnly = lane1.filter((r) => r.service !== dock);
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', uDeleted: true })).ids).toEqual(newestFirst(servicesOnly));
    expect((await search(a, { propertyName: 'lane', propertyValue: 'L1', uDeleted: true, sDeleted: true })).ids).toEqual(newestFirst(lane1));
  });
});
