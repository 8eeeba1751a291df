import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEARCH_COUNT_CAP, scanFilters, scanStatistics } from '@scanbase/contracts';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportData, importData } from '../../platform/db/data-transfer.repo.js';
import * as countsMigration from '../../platform/db/migrations/0008-scan-counts.js';
import * as quarterCountsMigration from '../../platform/db/migrations/0040-scan-counts-quarter-hours.js';
import { createApiKey, legacy } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { countPlan, counterFilter } from './scan-counts.repo.js';
import { searchFilter } from './scan-search.service.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

// The counters (migrations 0008 and 0040) are kept by triggers in the statement that changes a scan. These tests
// compare them with counts of the scans themselves after every kind of change, and compare totals and
// statistics read from them with the same figures counted on the scans.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ V2_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof scanAccount>>;
type Counts = Map<string, string>;

/** Per service and app user, per UTC hour, service and app user, and per UTC quarter hour: "valid/invalid/not validated", counted on the scans. */
async function countedOnScans(db: TestApp['container']['db'], accountId: number): Promise<{ all: Counts; hourly: Counts; account: Counts }> {
  const scans = await db.kysely.selectFrom('scans').select(['service_id', 'app_user_id', 'status', 'scanned_at']).where('account_id', '=', accountId).execute();
  const all = new Map<string, number[]>();
  const hourly = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, key: string, status: number) => {
    const c = m.get(key) ?? [0, 0, 0];
    c[status === 1 ? 0 : status === 0 ? 1 : 2]!++;
    m.set(key, c);
  };
  const account = new Map<string, number[]>();
  for (const s of scans) {
    add(all, `${s.service_id}/${s.app_user_id ?? 0}`, s.status);
    add(hourly, `${s.scanned_at.slice(0, 13)}/${s.service_id}/${s.app_user_id ?? 0}`, s.status);
    add(account, `${s.scanned_at.slice(0, 14)}${String(Math.floor(Number(s.scanned_at.slice(14, 16)) / 15) * 15).padStart(2, '0')}`, s.status);
  }
  const text = (m: Map<string, number[]>) => new Map([...m].map(([k, c]) => [k, c.join('/')]));
  return { all: text(all), hourly: text(hourly), account: text(account) };
}

/** The same figures as the counter tables hold them (rows counted down to zero are left out). */
async function counters(db: TestApp['container']['db'], accountId: number): Promise<{ all: Counts; hourly: Counts; account: Counts }> {
  const k = db.kysely;
  const all = await k.selectFrom('scan_counts').select(['service_id', 'app_user_id', 'valid', 'invalid', 'not_validated']).where('account_id', '=', accountId).execute();
  const hourly = await k.selectFrom('scan_counts_hourly').select(['slot', 'service_id', 'app_user_id', 'valid', 'invalid', 'not_validated']).where('account_id', '=', accountId).execute();
  const account = await k.selectFrom('scan_counts_account_quarter_hourly').select(['slot', 'valid', 'invalid', 'not_validated']).where('account_id', '=', accountId).execute();
  const live = (r: { valid: number; invalid: number; not_validated: number }) => Number(r.valid) + Number(r.invalid) + Number(r.not_validated) !== 0;
  const text = (r: { valid: number; invalid: number; not_validated: number }) => `${Number(r.valid)}/${Number(r.invalid)}/${Number(r.not_validated)}`;
  return {
    all: new Map(all.filter(live).map((r) => [`${r.service_id}/${r.app_user_id}`, text(r)])),
    // SQLite keeps `YYYY-MM-DDTHH`, PostgreSQL a timestamp read back as ISO text.
    hourly: new Map(hourly.filter(live).map((r) => [`${r.slot.slice(0, 13)}/${r.service_id}/${r.app_user_id}`, text(r)])),
    account: new Map(account.filter(live).map((r) => [r.slot.slice(0, 16), text(r)])),
  };
}

async function expectExact(accountId: number, db = t.container.db) {
  const [want, got] = await Promise.all([countedOnScans(db, accountId), counters(db, accountId)]);
  expect(got.all).toEqual(want.all);
  expect(got.hourly).toEqual(want.hourly);
  expect(got.account).toEqual(want.account);
  return want;
}

/** Scans written straight to the database in one multi-row statement (as imports and the benchmark do); answers their ids. */
async function insertScans(accountId: number, rows: { serviceId: number; userId: number | null; status: number; at: string; value?: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500).map((r) => ({
      account_id: accountId, service_id: r.serviceId, app_user_id: r.userId, device_id: null, upload_id: null, value: r.value ?? `V-${randomUUID().slice(0, 8)}`, response: '', status: r.status,
      db_value_id: null, client_scan_id: null, scanned_at: r.at, received_at: r.at, modified_at: r.at,
    }));
    ids.push(...(await t.container.db.kysely.insertInto('scans').values(part).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

describe('scan counters', () => {
  let a: Account;
  const svc: Record<string, number> = {};
  let users: { id: number; username: string; password: string }[] = [];
  let scanner: Awaited<ReturnType<typeof scannerSignIn>>[] = [];

  beforeAll(async () => {
    a = await scanAccount(t);
    const db = await a.database([['T-OK', 'Welcome', 1]]);
    svc.gate = await a.service({ validation_method: 'database', database_id: db });
    svc.record = await a.service({ validation_method: 'record' });
    svc.device = await a.service({ validation_method: 'ondevicerecord' });
    users = [await a.appUser([svc.gate, svc.record, svc.device]), await a.appUser([svc.record, svc.device])];
    scanner = [await scannerSignIn(t, users[0]!), await scannerSignIn(t, users[1]!)];
    t.container.jobs.worker().start();
  });
  afterAll(async () => {
    await t.container.jobs.worker().stop();
  });

  it('stay exact through scans, uploads, edits, deletions, bulk removal, backfill and import', async () => {
    const [s1, s2] = [scanner[0]!, scanner[1]!];
    const accountId = a.owner.accountId;
    // Online scans: valid, invalid (not in the database), and a record scan.
    expect((await s1.scan(svc.gate!, 'T-OK')).body.status).toBe(1);
    expect((await s1.scan(svc.gate!, 'nope')).body.status).toBe(0);
    await s2.scan(svc.record!, 'BOX-1');
    // Uploads across hours and days, one not validated on the device.
    const up = await s2.call('app/upload', {
      scans: [
        { serviceId: svc.device!, value: 'D-1', clientScanId: randomUUID(), scannedAt: '2026-03-08T06:59:59.999Z' },
        { serviceId: svc.device!, value: 'D-2', clientScanId: randomUUID(), scannedAt: '2026-03-08T07:00:00.000Z', status: 1 },
        { serviceId: svc.record!, value: 'OLD-1', clientScanId: randomUUID(), scannedAt: '2020-01-01T00:00:00.000Z' },
        { serviceId: svc.record!, value: 'OLD-2', clientScanId: randomUUID(), scannedAt: '2020-01-01T00:30:00.000Z' },
      ],
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const uploaded = (up.body.results as { scanId: number }[]).map((r) => r.scanId);
    // Gates scanning at the same moment (on PostgreSQL each transaction upserts the same counter rows).
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => scanner[i % 2]!.scan(svc.record!, `BURST-${i}`)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    let want = await expectExact(accountId);
    expect([...want.all.values()].length).toBeGreaterThan(2);

    // An edit of the result moves a scan between results; an edit of the value changes nothing counted.
    const firstId = (burst[0]!.body.scanId as number) ?? 0;
    expect((await a.admin('scans/update', { id: firstId, status: 0 })).status).toBe(200);
    expect((await a.admin('scans/update', { id: firstId, value: 'RENAMED' })).status).toBe(200);
    await expectExact(accountId);

    // Changes made in SQL (an import fixing data, a test): user, service, scanned time, result.
    const k = t.container.db.kysely;
    await k.updateTable('scans').set({ app_user_id: null }).where('id', '=', uploaded[0]!).execute();
    await k.updateTable('scans').set({ scanned_at: '2026-03-09T01:15:00.000Z' }).where('id', '=', uploaded[1]!).execute();
    await k.updateTable('scans').set({ service_id: svc.gate!, status: -1 }).where('id', '=', burst[1]!.body.scanId as number).execute();
    await k.updateTable('scans').set({ modified_at: new Date().toISOString() }).where('account_id', '=', accountId).execute();
    await expectExact(accountId);

    // Many rows in one statement, several on one counter row, then deleted in one statement.
    const many = await insertScans(accountId, [1, 1, 0, -1, 1].map((status) => ({ serviceId: svc.record!, userId: users[0]!.id, status, at: '2026-05-01T10:20:00.000Z' })));
    await expectExact(accountId);
    await k.deleteFrom('scans').where('id', 'in', many.slice(0, 3)).execute();
    await expectExact(accountId);

    // Deleting through both APIs.
    expect((await a.admin('scans/delete', { ids: [burst[2]!.body.scanId, burst[3]!.body.scanId] })).body.deleted).toBe(2);
    await expectExact(accountId);
    const key = await createApiKey(t, a.owner.token);
    expect((await legacy(t.app, { section: 'scans', action: 'delete', api_key: key, scan_id: String(burst[4]!.body.scanId) })).status).toBe('1');
    await expectExact(accountId);

    // Bulk removal (the task deletes in batches, each in its own transaction).
    const created = await a.admin('tasks/create', { type: 'bulkscanremoval', name: 'old scans', inputs: { olderThanDays: 365 }, runNow: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (let i = 0; ; i++) {
      const job = await a.admin('jobs/get', { id: created.body.jobId });
      if (job.body.state === 'succeeded') break;
      if (job.body.state === 'failed' || i > 400) throw new Error(JSON.stringify(job.body));
      await new Promise((r) => setTimeout(r, 50));
    }
    want = await expectExact(accountId);
    expect([...want.hourly.keys()].some((key) => key.startsWith('2020'))).toBe(false);

    // Soft-deleting an app user changes no counter; totals leave the user's scans out unless asked.
    await a.must('appusers/delete', { id: users[1]!.id });
    await expectExact(accountId);
    const raw = async (filter: Record<string, unknown>) => (await t.container.scans.repo.search(accountId, searchFilter(scanFilters.parse(filter), 'UTC').filter, [], { limit: 0, offset: 0 }, true)).total;
    for (const body of [{}, { uDeleted: true }, { serviceIds: [svc.record] }, { userIds: [users[1]!.id], uDeleted: true }, { result: ['invalid', 'notValidated'] }]) {
      const res = await a.admin('scans/search', body);
      expect({ body, total: res.body.total, exact: res.body.totalExact }).toEqual({ body, total: await raw(body), exact: true });
    }

    // The migrations count existing scans: empty the counters and run them again (0040 counts only its
    // quarter-hour table and puts back its own triggers in place of 0008's).
    await k.deleteFrom('scan_counts').execute();
    await k.deleteFrom('scan_counts_hourly').execute();
    await k.deleteFrom('scan_counts_account_quarter_hourly').execute();
    await countsMigration.up(k as unknown as Kysely<unknown>, t.container.db.dialect);
    await quarterCountsMigration.up(k as unknown as Kysely<unknown>, t.container.db.dialect);
    await expectExact(accountId);
    await k.deleteFrom('scan_counts_account_quarter_hourly').execute();
    await quarterCountsMigration.up(k as unknown as Kysely<unknown>, t.container.db.dialect);
    await expectExact(accountId);
    // The triggers write the quarter-hour table after it: an insert, a move and a delete.
    const later = await insertScans(accountId, [{ serviceId: svc.record!, userId: null, status: 1, at: '2026-06-01T18:29:59.999Z' }]);
    await k.updateTable('scans').set({ scanned_at: '2026-06-01T18:30:00.000Z' }).where('id', '=', later[0]!).execute();
    await expectExact(accountId);
    await k.deleteFrom('scans').where('id', '=', later[0]!).execute();
    await expectExact(accountId);

    // data:export leaves the counters out; data:import rebuilds them through the triggers.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'counts-')), 'install.jsonl');
    const target = await createTestApp();
    try {
      const written = await exportData(t.container.db, file);
      expect(written).not.toHaveProperty('scan_counts');
      await importData(target.container.db, file);
      expect(await counters(target.container.db, accountId)).toEqual(await counters(t.container.db, accountId));
    } finally {
      await target.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }, 120_000);
});

describe('search totals', () => {
  let a: Account;
  let service = 0;
  let user = 0;

  beforeAll(async () => {
    a = await scanAccount(t);
    service = await a.service({ validation_method: 'record' });
    user = (await a.appUser([service])).id;
    // More scans than the cap, a quarter of an hour apart from 2026-01-01.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    await insertScans(a.owner.accountId, Array.from({ length: SEARCH_COUNT_CAP + 50 }, (_, i) => ({ serviceId: service, userId: user, status: i % 7 === 0 ? 0 : 1, at: new Date(start + i * 900_000).toISOString(), value: `BULK-${String(i).padStart(6, '0')}` })));
  }, 60_000);

  const search = async (body: Record<string, unknown>) => {
    const res = await a.admin('scans/search', { limit: 5, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { total: res.body.total as number, exact: res.body.totalExact as boolean, items: (res.body.items as { value: string }[]).map((i) => i.value) };
  };

  it('answers exact totals from the counters, time windows included', async () => {
    expect(await search({})).toMatchObject({ total: SEARCH_COUNT_CAP + 50, exact: true });
    expect(await search({ result: ['invalid'] })).toMatchObject({ total: Math.ceil((SEARCH_COUNT_CAP + 50) / 7), exact: true });
    // 10:10 to 14:20 UTC on 2 Jan: whole hours 11-13 from the counters, the part-hours around them from the scans.
    const window = { period: 'custom', startDate: '2026-01-02', startTime: '10:10', endDate: '2026-01-02', endTime: '14:20', tz: 'UTC' };
    expect(countPlan(counterFilter(searchFilter(scanFilters.parse(window), 'UTC').filter)!)).toEqual({
      hours: { from: Date.parse('2026-01-02T11:00:00.000Z'), to: Date.parse('2026-01-02T14:00:00.000Z') },
      edges: [{ gte: '2026-01-02T10:10:00.000Z', lt: '2026-01-02T11:00:00.000Z' }, { gte: '2026-01-02T14:00:00.000Z', lte: '2026-01-02T14:20:00.999Z' }],
    });
    // 10:15, 10:30, 10:45, 11:00 … 14:15: 17 scans.
    expect(await search(window)).toMatchObject({ total: 17, exact: true, items: ['BULK-000153', 'BULK-000152', 'BULK-000151', 'BULK-000150', 'BULK-000149'] });
    expect(await search({ ...window, startTime: '10:15', endTime: '10:20' })).toMatchObject({ total: 1, exact: true });
  });

  it('counts other filters up to the cap, and all of them on request', async () => {
    expect(await search({ value: 'BULK' })).toMatchObject({ total: SEARCH_COUNT_CAP, exact: false, items: ['BULK-010049', 'BULK-010048', 'BULK-010047', 'BULK-010046', 'BULK-010045'] });
    expect(await search({ value: 'BULK', countAll: true })).toMatchObject({ total: SEARCH_COUNT_CAP + 50, exact: true });
    expect(await search({ value: 'BULK-00001' })).toMatchObject({ total: 10, exact: true });
    expect(await search({ value: 'BULK', page: 2001, limit: 5 })).toMatchObject({ total: SEARCH_COUNT_CAP, exact: false, items: ['BULK-000049', 'BULK-000048', 'BULK-000047', 'BULK-000046', 'BULK-000045'] });
    // A received-time window is not counted: capped too.
    expect(await search({ dataReceived: true, period: 'custom', startDate: '2025-12-01', endDate: '2026-12-31', tz: 'UTC' })).toMatchObject({ total: SEARCH_COUNT_CAP, exact: false });
  });

  it('keeps the legacy <count> exact', async () => {
    const key = await createApiKey(t, a.owner.token);
    const r = await legacy(t.app, { section: 'scans', action: 'retrieve', api_key: key, valuelike: 'BULK', limit: '1' });
    expect(r.xml.count).toBe(String(SEARCH_COUNT_CAP + 50));
    const all = await legacy(t.app, { section: 'scans', action: 'retrieve', api_key: key, limit: '1' });
    expect(all.xml.count).toBe(String(SEARCH_COUNT_CAP + 50));
  });

  it('gives the same page and total in one pass (up to the cap) as counting and paging apart', async () => {
    // `countAll` takes the count-then-page path; without it, a filter with fewer matches than the cap is read in one
    // query that sorts only those. Both must agree on every sort, direction and page, ties included: 90 more scans
    // share 3 times (so this test runs last in its block: the totals above do not count them).
    const times = ['2026-03-01T08:00:00.000Z', '2026-03-01T09:00:00.000Z', '2026-02-01T10:00:00.000Z'];
    await insertScans(a.owner.accountId, Array.from({ length: 90 }, (_, i) => ({ serviceId: service, userId: user, status: 1, at: times[i % 3]!, value: `TIE-${String(i % 45).padStart(4, '0')}` })));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('BULK-0000', 'BULK-00012', '-0001', 'BULK-0099', '77', 'BULK-01004', 'TIE-', 'TIE-001', '0001'),
        fc.constantFrom('scanned_at', 'received_at', 'modified_at', 'id', 'value', 'response', 'status', 'service'),
        fc.constantFrom('asc', 'desc'),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        async (value, sortBy, sortOrder, page, limit) => {
          const body = { value, sortBy, sortOrder, page, limit };
          const onePass = await search(body);
          const apart = await search({ ...body, countAll: true });
          expect(onePass).toEqual({ ...apart, exact: true });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('statistics and totals from counters equal those counted on scans', () => {
  let a: Account;
  const services: number[] = [];
  const users: number[] = [];

  beforeAll(async () => {
    a = await scanAccount(t);
    for (const type of ['record', 'database', 'record']) services.push(await a.service({ validation_method: type, ...(type === 'database' ? { database_id: await a.database([['X', 'x', 1]]) } : {}) }));
    for (let i = 0; i < 3; i++) users.push((await a.appUser(services)).id);
    // One deleted service and one deleted user: the default filters leave their scans out.
    await a.must('services/delete', { id: services[2] });
    await a.must('appusers/delete', { id: users[2] });
  });

  it('in half-hour and quarter-hour zones by day, week and month, before and after scans are added, moved and deleted', async () => {
    const accountId = a.owner.accountId;
    const now = Date.parse('2026-11-25T12:34:56.789Z');
    // Around Kolkata's midnight (18:30 UTC) and Kathmandu's (18:15 UTC), a week's and a month's start, and New York's DST end.
    const times = ['2026-10-31T18:14:59.999Z', '2026-10-31T18:15:00.000Z', '2026-10-31T18:29:59.999Z', '2026-10-31T18:30:00.000Z', '2026-10-31T18:45:00.000Z', '2026-11-01T05:59:59.999Z', '2026-11-01T06:30:00.000Z', '2026-11-01T18:20:00.000Z', '2026-11-29T18:44:00.000Z', '2025-12-31T18:29:00.000Z', '2026-01-04T18:16:00.000Z'];
    const rows = times.flatMap((at, i) => [{ serviceId: services[i % 2]!, userId: users[i % 2]!, status: i % 3 === 0 ? 0 : 1, at }, { serviceId: services[0]!, userId: null, status: -1, at }]);
    const ids = await insertScans(accountId, rows);
    const stats = t.container.scans.insights;
    const compare = async () => {
      for (const tz of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York']) {
        for (const bucket of ['day', 'week', 'month', 'hour', 'auto'] as const) {
          for (const extra of [{}, { period: 'custom', startDate: '2026-10-30', endDate: '2026-11-30', startTime: '10:10' }, { uDeleted: true, sDeleted: true }, { result: ['valid'] }]) {
            const body = scanStatistics.body.parse({ tz, bucket, ...extra });
            const [fromCounters, fromScans] = await Promise.all([stats.statistics(accountId, body, { now }), stats.statistics(accountId, body, { now, fromScans: true })]);
            expect({ tz, asked: bucket, extra, ...fromCounters }).toEqual({ tz, asked: bucket, extra, ...fromScans });
          }
        }
      }
    };
    try {
      await compare();
      const k = t.container.db.kysely;
      const more = await insertScans(accountId, [{ serviceId: services[1]!, userId: users[1]!, status: 1, at: '2026-10-31T18:29:00.000Z' }]);
      ids.push(...more);
      await k.updateTable('scans').set({ scanned_at: '2026-10-31T18:31:00.000Z' }).where('id', '=', ids[0]!).execute();
      await k.deleteFrom('scans').where('id', '=', ids[3]!).execute();
      await compare();
      await expectExact(accountId);
    } finally {
      await t.container.db.kysely.deleteFrom('scans').where('id', 'in', ids).execute();
    }
  }, 120_000);

  it('for random scans, zones, buckets and filters', async () => {
    const accountId = a.owner.accountId;
    const now = Date.parse('2026-11-25T12:34:56.789Z');
    const first = Date.parse('2025-09-01T00:00:00.000Z');
    const last = Date.parse('2027-03-01T00:00:00.000Z');
    const HOUR = 3_600_000;
    // Times anywhere, and on and beside hour and quarter-hour edges (where the counters hand over to the scans).
    const instant = fc.oneof(
      fc.integer({ min: first, max: last }),
      fc.tuple(fc.integer({ min: first / 900_000, max: last / 900_000 }), fc.constantFrom(0, 1, -1, 899_999)).map(([q, d]) => q * 900_000 + d),
      // Around daylight-saving changes (New York, London, Lord Howe, Chatham) and busy hours.
      fc.tuple(fc.constantFrom('2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2026-03-29T01:00:00Z', '2026-04-04T15:00:00Z', '2026-09-26T14:00:00Z', '2026-04-04T14:00:00Z'), fc.integer({ min: -3 * HOUR, max: 3 * HOUR })).map(([at, d]) => Date.parse(at) + d),
    );
    const scan = fc.record({ service: fc.constantFrom(...services), user: fc.constantFrom(null, ...users), status: fc.constantFrom(1, 1, 0, -1), at: instant });
    const date = fc.integer({ min: first, max: last }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    const time = fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59)).map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`), { nil: undefined });
    const period = fc.oneof(
      fc.constant({ period: 'all' }),
      fc.record({ period: fc.constant('last'), pMetric: fc.constantFrom('hour', 'day', 'week', 'month', 'year'), pNumber: fc.integer({ min: 1, max: 30 }) }),
      fc.tuple(date, time, date, time).map(([d1, t1, d2, t2]) => {
        const [startDate, endDate] = d1 <= d2 ? [d1, d2] : [d2, d1];
        return { period: 'custom', startDate, endDate, ...(t1 ? { startTime: t1 } : {}), ...(t2 && startDate !== endDate ? { endTime: t2 } : {}) };
      }),
    );
    const query = fc.record(
      {
        tz: fc.constantFrom('UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Asia/Tokyo'),
        bucket: fc.constantFrom('auto', 'auto', 'hour', 'day', 'week', 'month'),
        period,
        serviceIds: fc.subarray(services, { minLength: 1 }),
        userIds: fc.subarray(users, { minLength: 1 }),
        result: fc.subarray(['valid', 'invalid', 'notValidated'], { minLength: 1 }),
        sDeleted: fc.boolean(),
        uDeleted: fc.boolean(),
      },
      { requiredKeys: ['tz', 'bucket', 'period'] },
    );
    const stats = t.container.scans.insights;
    await fc.assert(
      fc.asyncProperty(fc.array(scan, { minLength: 0, maxLength: 60 }), fc.array(query, { minLength: 1, maxLength: 4 }), async (rows, queries) => {
        const ids = await insertScans(accountId, rows.map((r) => ({ serviceId: r.service, userId: r.user, status: r.status, at: new Date(r.at).toISOString() })));
        try {
          for (const { period: p, ...rest } of queries) {
            const q = { ...rest, ...p };
            const body = scanStatistics.body.parse(q);
            const [fromCounters, fromScans] = await Promise.all([stats.statistics(accountId, body, { now }), stats.statistics(accountId, body, { now, fromScans: true })]);
            expect(fromCounters).toEqual(fromScans);
            const { filter } = searchFilter(body, 'UTC', now);
            const counted = await t.container.scans.counts.count(accountId, filter);
            const raw = await t.container.scans.repo.search(accountId, filter, [], { limit: 0, offset: 0 }, true);
            expect(counted).toEqual({ total: raw.total, exact: true });
          }
        } finally {
          // Deleting them exercises the triggers too: the counters end where they began.
          await t.container.db.kysely.deleteFrom('scans').where('id', 'in', ids.length > 0 ? ids : [-1]).execute();
        }
      }),
      { numRuns: Number(process.env.COUNTS_RUNS ?? 40) },
    );
    await expectExact(accountId);
  }, 300_000);
});
