import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';
import { importTime } from './check-in-out.tasks.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let instanceId = 0;
let username = '';

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  const user = await a.appUser([]);
  username = user.username;
  const made = await a.must('specialized/create', { type: 'check-in-out', name: 'Front desk', databaseId: null, settings: { mode: 'confirm' }, userIds: [user.id] });
  instanceId = made.id as number;
  const scanner = await scannerSignIn(t, user);
  await scanner.scan(instanceId, 'BADGE-1', { properties: { direction: 'in' } });
  await scanner.scan(instanceId, '=HYPERLINK("x")', { properties: { direction: 'in' } });
  await scanner.scan(instanceId, 'BADGE-1', { properties: { direction: 'out' } });
  await scanner.scan(instanceId, 'BADGE-1', { properties: { direction: 'out' } });
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

async function waitFor(jobId: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id: jobId });
    if (['succeeded', 'failed'].includes(r.body.state as string)) return r.body;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function runTask(type: string, inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await a.admin('tasks/create', { type, name: `${type} now`, inputs, runNow: true });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitFor(created.body.jobId as number);
}

async function download(job: Record<string, unknown>): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: job.id }, headers: { authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function uploadCsv(content: string): Promise<string> {
  const boundary = '----sb-cio';
  const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="moves.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`);
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/tasks/upload-source/', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ fileId: string }>().fileId;
}

describe('downloadcheckinout', () => {
  it('is available in the catalogue', async () => {
    const items = (await a.must('tasks/catalogue', {})).items as { type: string; available: boolean }[];
    expect(items.find((i) => i.type === 'downloadcheckinout')?.available).toBe(true);
    expect(items.find((i) => i.type === 'importcheckinoutscans')?.available).toBe(true);
  });

  it('exports the roster as CSV: every moved value with state, since, by and moves, formula-safe', async () => {
    const job = await runTask('downloadcheckinout', { serviceId: instanceId, what: 'roster', format: 'csv' });
    expect(job.state, String(job.error)).toBe('succeeded');
    const text = (await download(job)).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Value,State,Since \(.+\),By,Moves$/);
    expect(lines).toHaveLength(3);
    const badge = lines.find((l) => l.startsWith('BADGE-1,'))!;
    expect(badge).toMatch(new RegExp(`^BADGE-1,out,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${username},2$`));
    // A value that a spreadsheet would run as a formula is kept as text.
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"")",in,`))).toBe(true);
  });

  it('exports the movements of a period as a readable XLSX', async () => {
    const job = await runTask('downloadcheckinout', { serviceId: instanceId, what: 'movements', period: { kind: 'last', metric: 'day', number: 1 }, format: 'xlsx' });
    expect(job.state, String(job.error)).toBe('succeeded');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(job)) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Movements');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect((rows[0] as unknown[]).slice(1, 5)).toEqual(['Scan ID', 'Value', 'Direction', 'Result']);
    expect(rows).toHaveLength(5);
    const last = rows[4]!;
    expect(last.slice(2, 5)).toEqual(['BADGE-1', 'out', 'invalid']);
    expect(last[8]).toBe(username);
    expect(String(last[11])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A range that ended before the scans has none of them.
    const empty = await runTask('downloadcheckinout', { serviceId: instanceId, what: 'movements', period: { kind: 'range', from: '2020-01-01', to: '2020-01-31' }, format: 'csv' });
    expect((await download(empty)).toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });

  it("refuses another account's instance and a service that is not check in/out, naming the field", async () => {
    const b = await scanAccount(t);
    const theirs = await b.must('specialized/create', { type: 'check-in-out', name: 'Theirs', databaseId: null, settings: {}, userIds: [] });
    const other = await a.admin('tasks/create', { type: 'downloadcheckinout', name: 'x', inputs: { serviceId: theirs.id } });
    expect(other.status).toBe(404);
    expect((other.body.details as { path: string }[])[0]?.path).toBe('inputs.serviceId');
    const plain = await a.service({ validation_method: 'record', service_name: 'Plain' });
    const notType = await a.admin('tasks/create', { type: 'downloadcheckinout', name: 'x', inputs: { serviceId: plain } });
    expect(notType.status).toBe(404);
    expect(notType.body.details).toEqual([{ path: 'inputs.serviceId', message: `Service ${plain} is not a check in/out service of this account` }]);
    const badPeriod = await a.admin('tasks/create', { type: 'downloadcheckinout', name: 'x', inputs: { serviceId: instanceId, what: 'movements', period: { kind: 'range', from: '2026-02-01', to: '2026-01-01' } } });
    expect(badPeriod.status).toBe(422);
  });
});

describe('importcheckinoutscans', () => {
  it('reads ISO and local times', () => {
    expect(importTime('2026-03-01T09:00:00Z', 'Europe/Paris')).toBe('2026-03-01T09:00:00.000Z');
    expect(importTime('2026-03-01 09:00', 'Europe/Paris')).toBe('2026-03-01T08:00:00.000Z');
    expect(importTime('2026-07-01 09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(importTime('2026-02-30 09:00', 'UTC')).toBeUndefined();
    expect(importTime('yesterday', 'UTC')).toBeUndefined();
  });

  it('imports movements in time order per value, moving the state, in one go', async () => {
    const fileId = await uploadCsv(['value,direction,time,user,reason', `EMP-1,out,2026-01-05 17:00,${username},left`, 'EMP-1,in,2026-01-05T08:00:00Z,,arrived', 'EMP-2,in,2026-01-05 09:30,,'].join('\n'));
    const job = await runTask('importcheckinoutscans', { serviceId: instanceId, fileId, fileName: 'moves.csv' });
    expect(job.state, String(job.error)).toBe('succeeded');
    expect((job.result as { summary: string }).summary).toMatch(/^3 movements imported into Front desk/);
    const emp1 = await a.must('checkinout/history', { id: instanceId, value: 'EMP-1' });
    expect(emp1).toMatchObject({ state: 'out', by: username });
    const moves = emp1.movements as { direction: string; reason: string | null; status: number }[];
    expect(moves.map((m) => [m.direction, m.reason, m.status])).toEqual([['out', 'left', 1], ['in', 'arrived', 1]]);
    const props = await t.container.db.kysely.selectFrom('scan_properties').select('value').where('name', '=', 'capture_type').where('account_id', '=', a.owner.accountId).where('value', '=', 'import').execute();
    expect(props).toHaveLength(3);
    const roster = await a.must('checkinout/roster', { id: instanceId, search: 'EMP' });
    expect(roster.counts).toEqual({ in: 1, out: 1 });
  });

  it('refuses a bad line with its number and stores nothing', async () => {
    const before = await t.container.db.kysely.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', a.owner.accountId).executeTakeFirstOrThrow();
    const fileId = await uploadCsv(['value,direction,time', 'NEW-1,in,2026-01-06 08:00', 'NEW-2,sideways,2026-01-06 08:00', 'NEW-3,in,2026-01-06 08:00'].join('\n'));
    const job = await runTask('importcheckinoutscans', { serviceId: instanceId, fileId });
    expect(job.state).toBe('failed');
    expect(String(job.error)).toMatch(/^Row 3: The direction must be in or out \(found "sideways"\)\. No movement was imported\./);
    // A movement contradicting the state (EMP-2 is in) is refused too, after the readable rows are replayed.
    const contradicting = await uploadCsv(['value,direction,time', 'NEW-4,in,2026-01-06 08:00', 'EMP-2,in,2026-01-06 10:00'].join('\n'));
    const job2 = await runTask('importcheckinoutscans', { serviceId: instanceId, fileId: contradicting });
    expect(job2.state).toBe('failed');
    expect(String(job2.error)).toMatch(/^Row 3: EMP-2 is already in at 2026-01-06 10:00:00 \(since 2026-01-05 09:30:00\)\. No movement was imported\./);
    const after = await t.container.db.kysely.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', a.owner.accountId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const new4 = await a.must('checkinout/history', { id: instanceId, value: 'NEW-4' });
    expect(new4).toMatchObject({ state: 'out', since: null, movements: [] });
  });
});
