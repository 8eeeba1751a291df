import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Account = Awaited<ReturnType<typeof scanAccount>>;

async function waitForJob(a: Account, jobId: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await a.must('jobs/get', { id: jobId });
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An account with two services (one on a database), a portal user who scans on the first and a colleague who scans on the second. */
async function setup() {
  const a = await scanAccount(t);
  const databaseId = await a.database([['ABC-1', 'Blue box', 1], ['abc-2', 'Red box', 1], ['XYZ-9', 'Blocked', 0]]);
  const own = await a.service({ validation_method: 'record' });
  const shared = await a.service({ validation_method: 'database', database_id: databaseId });
  const hidden = await a.service({ validation_method: 'database', database_id: databaseId });
  const viewer = await a.appUser([own]);
  const colleague = await a.appUser([shared, hidden]);
  const viewerScanner = await scannerSignIn(t, viewer);
  const colleagueScanner = await scannerSignIn(t, colleague);
  for (const value of ['MINE-1', 'MINE-2', 'MINE-3']) await viewerScanner.scan(own, value);
  for (const value of ['ABC-1', 'XYZ-9']) await colleagueScanner.scan(shared, value);
  await colleagueScanner.scan(hidden, 'SECRET-1');
  return { a, own, shared, hidden, viewer, colleague, databaseId };
}

describe('portals: the admin grant', () => {
  it('stores the flags and shares, and refuses ids of another account', async () => {
    const { a, shared, viewer } = await setup();
    const other = await scanAccount(t);
    const foreign = await other.service({ validation_method: 'record' });
    expect(await a.must('portals/access/get', { appUserId: viewer.id })).toEqual({ appUserId: viewer.id, userPortal: false, taskPortal: false, serviceIds: [], taskIds: [], shortUrls: { userPortal: null, taskPortal: null } });
    const set = await a.must('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared, shared], taskIds: [] });
    expect(set).toMatchObject({ appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared], taskIds: [], shortUrls: { taskPortal: null } });
    expect((set.shortUrls as { userPortal: string }).userPortal).toMatch(/\/l\/[0-9A-Za-z]{10}$/);
    const refused = await a.admin('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [foreign], taskIds: [] });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ path: 'serviceIds', message: `No service ${foreign} in this account` }]);
    // Another account's app user is not found.
    expect((await other.admin('portals/access/get', { appUserId: viewer.id })).status).toBe(404);
    expect((await other.admin('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: true, serviceIds: [], taskIds: [] })).status).toBe(404);
  });
});

describe('portals: the user portal', () => {
  it('shows own scans by default and the scans of a shared service, paged and filtered', async () => {
    const { a, own, shared, viewer } = await setup();
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared], taskIds: [] });
    const portal = await scannerSignIn(t, viewer);
    const me = await portal.call('app/portal/me', {});
    expect(me.body).toMatchObject({ user: { id: viewer.id }, userPortal: true, taskPortal: false, services: [{ id: shared, hasDatabase: true }], tasks: [] });

    const mine = await portal.call('app/portal/scans', { limit: 2 });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 3, totalCapped: false, page: 1, limit: 2 });
    expect((mine.body.items as { value: string }[]).map((s) => s.value)).toEqual(['MINE-3', 'MINE-2']);
    const second = await portal.call('app/portal/scans', { limit: 2, page: 2 });
    expect((second.body.items as { value: string; service: { id: number } }[]).map((s) => [s.value, s.service.id])).toEqual([['MINE-1', own]]);

    const theirs = await portal.call('app/portal/scans', { serviceId: shared });
    expect((theirs.body.items as { value: string; username: string }[]).map((s) => s.value)).toEqual(['XYZ-9', 'ABC-1']);
    const searched = await portal.call('app/portal/scans', { serviceId: shared, search: 'abc' });
    expect((searched.body.items as { value: string }[]).map((s) => s.value)).toEqual(['ABC-1']);
    const future = await portal.call('app/portal/scans', { start: '2999-01-01' });
    expect(future.body).toMatchObject({ total: 0, items: [] });
    const today = new Date().toISOString().slice(0, 10);
    const around = await portal.call('app/portal/scans', { start: '2000-01-01', end: '2999-12-31' });
    expect(around.body.total).toBe(3);
    const backwards = await portal.call('app/portal/scans', { start: today, end: '2000-01-01' });
    expect(backwards.status).toBe(422);
  });

  it('refuses a service that is not shared, another account’s service, and a user without portal access', async () => {
    const { a, shared, hidden, viewer, colleague } = await setup();
    const other = await scanAccount(t);
    const foreign = await other.service({ validation_method: 'record' });
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared], taskIds: [] });
    const portal = await scannerSignIn(t, viewer);
    for (const serviceId of [hidden, foreign]) {
      const scans = await portal.call('app/portal/scans', { serviceId });
      expect(scans.status).toBe(404);
      expect(scans.body.error).toBe('NOT_FOUND');
      expect((await portal.call('app/portal/db', { serviceId, value: 'ABC' })).status).toBe(404);
    }
    // A scanning user without portal access: refused with a stable code, in both portals.
    const plain = await scannerSignIn(t, colleague);
    const refused = await plain.call('app/portal/scans', {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('FORBIDDEN');
    expect((await plain.call('app/portal/tasks', {})).status).toBe(403);
    expect((await plain.call('app/portal/me', {})).body).toMatchObject({ userPortal: false, taskPortal: false, services: [], tasks: [] });
    // Taking access away works at once.
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: false, taskPortal: false, serviceIds: [shared], taskIds: [] });
    expect((await portal.call('app/portal/scans', { serviceId: shared })).status).toBe(403);
  });

  it('looks values up in the database of a shared service', async () => {
    const { a, own, shared, viewer } = await setup();
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: false, serviceIds: [shared, own], taskIds: [] });
    const portal = await scannerSignIn(t, viewer);
    const values = async (body: Record<string, unknown>) => {
      const res = await portal.call('app/portal/db', { serviceId: shared, ...body });
      expect(res.status).toBe(200);
      return (res.body.items as { value: string }[]).map((v) => v.value);
    };
    expect(await values({})).toEqual(['ABC-1', 'abc-2', 'XYZ-9']);
    expect(await values({ value: 'abc' })).toEqual(['ABC-1', 'abc-2']);
    expect(await values({ value: 'abc', valueCi: false })).toEqual(['abc-2']);
    expect(await values({ value: 'abc-1', exactValue: true })).toEqual(['ABC-1']);
    expect(await values({ value: 'abc-1', exactValue: true, valueCi: false })).toEqual([]);
    expect(await values({ response: 'box' })).toEqual(['ABC-1', 'abc-2']);
    expect(await values({ response: 'Red box', exactResponse: true })).toEqual(['abc-2']);
    expect(await values({ response: 'BLUE', responseCi: false })).toEqual([]);
    expect(await values({ duplicateType: 'invalid' })).toEqual(['XYZ-9']);
    expect(await values({ duplicateType: 'valid', limit: 1, page: 2 })).toEqual(['abc-2']);
    const res = await portal.call('app/portal/db', { serviceId: shared });
    expect(res.body).toMatchObject({ total: 3, totalCapped: false });
    // A shared service without a database has nothing to look up.
    const none = await portal.call('app/portal/db', { serviceId: own });
    expect(none.status).toBe(404);
  });

  it('never lets a portal token reach admin routes', async () => {
    const { a, shared, viewer } = await setup();
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: true, serviceIds: [shared], taskIds: [] });
    const portal = await scannerSignIn(t, viewer);
    for (const [path, body] of [['portals/access/set', { appUserId: viewer.id, userPortal: true, taskPortal: true, serviceIds: [], taskIds: [] }], ['appusers/list', {}], ['jobs/list', {}], ['databases/values', { id: 1 }], ['scans/search', {}]] as const) {
      const res = await v2(t.app, path, body, portal.token);
      expect(res.status, path).toBe(401);
    }
  });
});

describe('portals: the task portal', () => {
  it('lists the runs of shared tasks with progress and downloads their files; unshared runs are refused', async () => {
    const { a, viewer } = await setup();
    const other = await scanAccount(t);
    t.container.jobs.worker().start();
    const made = await a.must('tasks/create', { type: 'generatebarcode', name: 'Shelf labels', runNow: true, inputs: { values: ['L-1', 'L-2'], symbology: 'code128' } });
    const hidden = await a.must('tasks/create', { type: 'generatebarcode', name: 'Private labels', runNow: true, inputs: { values: ['P-1'], symbology: 'code128' } });
    const foreign = await other.must('tasks/create', { type: 'generatebarcode', name: 'Shelf labels', runNow: true, inputs: { values: ['F-1'], symbology: 'code128' } });
    const run = await waitForJob(a, made.jobId as number);
    await waitForJob(a, hidden.jobId as number);
    await waitForJob(other, foreign.jobId as number);
    expect(run.state).toBe('succeeded');

    const task = (made.task as { id: number }).id;
    const refusedForeign = await a.admin('portals/access/set', { appUserId: viewer.id, userPortal: false, taskPortal: true, serviceIds: [], taskIds: [(foreign.task as { id: number }).id] });
    expect(refusedForeign.status).toBe(422);
    await a.must('portals/access/set', { appUserId: viewer.id, userPortal: false, taskPortal: true, serviceIds: [], taskIds: [task] });
    const portal = await scannerSignIn(t, viewer);
    const runs = await portal.call('app/portal/tasks', {});
    expect(runs.status).toBe(200);
    expect(runs.body).toMatchObject({ total: 1, items: [{ id: made.jobId, taskId: task, taskName: 'Shelf labels', state: 'succeeded' }] });
    expect((runs.body.items as { file: { name: string } | null }[])[0]?.file?.name).toMatch(/\.pdf$/);
    expect((await portal.call('app/portal/tasks', { q: 'shelf' })).body.total).toBe(1);
    expect((await portal.call('app/portal/tasks', { q: 'private' })).body.total).toBe(0);

    const file = await t.app.inject({ method: 'POST', url: '/api-v2/app/portal/task-file/', payload: { id: made.jobId }, headers: { authorization: `Bearer ${portal.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(file.rawPayload.length).toBeGreaterThan(100);
    for (const id of [hidden.jobId, foreign.jobId]) {
      const refused = await portal.call('app/portal/task-file', { id });
      expect(refused.status).toBe(404);
    }
    // The user portal stays closed to a task-portal-only user.
    expect((await portal.call('app/portal/scans', {})).status).toBe(403);
  });
});
