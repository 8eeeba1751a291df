import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';

// Task inputs naming another account's rows are refused when the task is created or changed
// (before: they were stored, and the run failed or read nothing).

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let b: Awaited<ReturnType<typeof scanAccount>>;
const mine = { database: 0, service: 0, user: 0, device: 0, template: 0 };
const theirs = { database: 0, service: 0, user: 0, device: 0, template: 0 };

async function rows(acc: Awaited<ReturnType<typeof scanAccount>>, into: typeof mine): Promise<void> {
  into.database = await acc.database([['V1', '', 1]]);
  into.service = await acc.service({ validation_method: 'record' });
  const user = await acc.appUser([into.service]);
  into.user = user.id;
  into.device = ((await scannerSignIn(t, user)).signIn.device as { id: number }).id;
  into.template = (await acc.must('scans/templates/create', { name: 'Layout', columns: [{ kind: 'field', field: 'id', header: 'ID' }] })).id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  b = await scanAccount(t);
  await rows(a, mine);
  await rows(b, theirs);
});
afterAll(async () => {
  await t.close();
});

/** Inputs of each task type naming rows, built from one account's ids (`at` picks which field gets the foreign id). */
const cases = [
  { type: 'downloaddatabase', field: 'inputs.databaseId', inputs: (x: typeof mine) => ({ databaseId: x.database }) },
  { type: 'clearDatabase', field: 'inputs.databaseId', inputs: (x: typeof mine) => ({ databaseId: x.database }) },
  { type: 'importdatabase', field: 'inputs.databaseId', inputs: (x: typeof mine) => ({ databaseId: x.database, url: 'https://example.com/values.csv' }) },
  { type: 'downloadscan', field: 'inputs.serviceIds', inputs: (x: typeof mine) => ({ serviceIds: [mine.service, x.service] }) },
  { type: 'bulkscanremoval', field: 'inputs.serviceIds', inputs: (x: typeof mine) => ({ serviceIds: [x.service], olderThanDays: 30 }) },
  { type: 'postback', field: 'inputs.serviceIds', inputs: (x: typeof mine) => ({ serviceIds: [x.service], url: 'https://example.com/hook' }) },
  { type: 'exportscan', field: 'inputs.templateId', inputs: (x: typeof mine) => ({ templateId: x.template }) },
  { type: 'exportscan', field: 'inputs.filters.serviceIds', inputs: (x: typeof mine) => ({ filters: { serviceIds: [x.service] } }) },
  { type: 'exportscan', field: 'inputs.filters.userIds', inputs: (x: typeof mine) => ({ filters: { userIds: [mine.user, x.user] } }) },
  { type: 'exportscan', field: 'inputs.filters.deviceIds', inputs: (x: typeof mine) => ({ filters: { deviceIds: [x.device] } }) },
] as const;

describe('task inputs naming rows of another account', () => {
  it.each(cases)('$type: refuses another account’s id in $field with NOT_FOUND naming it', async (c) => {
    const foreign = await a.admin('tasks/create', { type: c.type, name: `${c.type} foreign`, inputs: c.inputs(theirs) });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'NOT_FOUND', details: [{ path: c.field, message: expect.stringMatching(/does not exist/) as unknown }] });
    // The same inputs with the account's own ids are fine.
    const own = await a.admin('tasks/create', { type: c.type, name: `${c.type} own`, inputs: c.inputs(mine) });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('refuses them on update too, and leaves the task as it was', async () => {
    const created = await a.must('tasks/create', { type: 'downloadscan', name: 'Own services', inputs: { serviceIds: [mine.service] } });
    const task = created.task as { id: number; inputs: unknown };
    const changed = await a.admin('tasks/update', { id: task.id, inputs: { serviceIds: [theirs.service] } });
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({ error: 'NOT_FOUND', details: [{ path: 'inputs.serviceIds' }] });
    expect(((await a.must('tasks/get', { id: task.id })) as { inputs: unknown }).inputs).toEqual(task.inputs);
  });

  it('refuses them on screen-started runs (scans/export-start) as well', async () => {
    const started = await a.admin('scans/export-start', { filters: { deviceIds: [theirs.device] } });
    expect(started.status).toBe(404);
    expect(started.body).toMatchObject({ error: 'NOT_FOUND', details: [{ path: 'inputs.filters.deviceIds' }] });
    expect((await a.admin('scans/export-start', { filters: { deviceIds: [mine.device] } })).status).toBe(200);
  });

  it('refuses ids that exist in no account', async () => {
    const res = await b.admin('tasks/create', { type: 'clearDatabase', name: 'Ghost', inputs: { databaseId: 2_000_000_000 } });
    expect(res.body).toMatchObject({ error: 'NOT_FOUND', details: [{ path: 'inputs.databaseId', message: 'Database 2000000000 does not exist' }] });
  });
});
