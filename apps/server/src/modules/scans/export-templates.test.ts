import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let b: Awaited<ReturnType<typeof scanAccount>>;
let service = 0;
let aisle = 0;
let extras = 0;
let unused = 0;
let otherAccountQuestion = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  b = await scanAccount(t);
  await a.must('settings/update', { timezone: 'America/New_York' });
  aisle = await a.question('Aisle?', 'manual');
  extras = await a.question('Extras', 'checkbox', ['Gift wrap', 'Express', 'Insurance']);
  unused = await a.question('Unused?', 'manual');
  otherAccountQuestion = await b.question('Theirs?', 'manual');
  service = await a.service({ validation_method: 'record', service_name: 'Inbound' });
  const outbound = await a.service({ validation_method: 'record', service_name: 'Outbound' });
  await a.must('services/set-questions', { id: service, questions: [{ id: extras, condition: 'pre_submit', required: false }, { id: aisle, condition: 'pre_submit', required: false }] });
  const s = await scannerSignIn(t, await a.appUser([service, outbound]));
  const upload = await s.call('app/upload', {
    scans: [
      { serviceId: service, value: '=1+1', clientScanId: randomUUID(), scannedAt: '2026-07-04T16:05:09.000Z', answers: [{ questionId: aisle, values: ['A3'] }, { questionId: extras, values: ['Gift wrap', 'Express'] }], properties: { capture_type: 'camera', lane: 'L1' } },
      { serviceId: service, value: 'PALLET-2', clientScanId: randomUUID(), scannedAt: '2026-01-15T12:00:00.000Z', answers: [{ questionId: extras, values: ['Insurance'] }], properties: { capture_type: 'manual' } },
      { serviceId: service, value: 'BARE-3', clientScanId: randomUUID(), scannedAt: '2026-02-01T00:30:00.000Z' },
      { serviceId: outbound, value: 'OUT-1', clientScanId: randomUUID(), scannedAt: '2026-03-01T10:00:00.000Z', properties: { dock: '7' } },
    ],
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const found = (await a.must('scans/search', { limit: 10 })).items as { id: number; value: string }[];
  for (const scan of found) ids[scan.value] = scan.id;
  const bService = await b.service({ validation_method: 'record' });
  const sb = await scannerSignIn(t, await b.appUser([bService]));
  expect((await sb.scan(bService, 'B-ONLY', { properties: { secret_b: 'x' } })).status).toBe(200);
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Job = { id: number; state: string; error: string | null; progress: { done: number; total: number | null }; result: { summary?: string; file?: { name: string } } | null };

async function finished(jobId: number): Promise<Job> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id: jobId });
    if (['succeeded', 'failed'].includes(r.body.state as string)) return r.body as unknown as Job;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function download(jobId: number): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: jobId }, headers: { authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Starts an export, waits for it and answers the job with the file's bytes. */
async function exported(body: Record<string, unknown>): Promise<{ job: Job; file: Buffer }> {
  const started = await a.admin('scans/export-start', body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const job = await finished(started.body.jobId as number);
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
  return { job, file: await download(job.id) };
}

function csvRows(file: Buffer): string[][] {
  expect(file.subarray(0, 3).toString('hex')).toBe('efbbbf');
  return parse(file.subarray(3).toString('utf8'));
}

const layout = () => ({
  name: 'Inbound layout',
  columns: [
    { kind: 'field', field: 'id', header: '#' },
    { kind: 'field', field: 'value', header: 'Code' },
    { kind: 'question', questionId: extras, header: 'Extras chosen' },
    { kind: 'field', field: 'scannedAt', header: 'When' },
    { kind: 'property', name: 'lane', header: 'Lane' },
    { kind: 'field', field: 'status', header: 'Result' },
    { kind: 'question', questionId: aisle, header: 'Aisle' },
    { kind: 'field', field: 'service', header: 'Where' },
  ],
  dateFormat: 'dd.MM.yyyy HH:mm',
  timeZone: 'Europe/Berlin',
  rowPer: 'answer',
});

describe('export templates', () => {
  it('create, list, get, update and delete; defaults filled in', async () => {
    const created = await a.must('scans/templates/create', { name: 'Minimal', columns: [{ kind: 'field', field: 'value', header: 'Barcode' }] });
    expect(created).toMatchObject({ name: 'Minimal', dateFormat: 'yyyy-MM-dd HH:mm:ss', timeZone: 'account', rowPer: 'scan', columns: [{ kind: 'field', field: 'value', header: 'Barcode' }] });
    const id = created.id as number;
    expect(((await a.must('scans/templates/list', {})).items as { id: number }[]).map((x) => x.id)).toContain(id);
    expect(await a.must('scans/templates/get', { id })).toEqual(created);
    const updated = await a.must('scans/templates/update', { id, name: 'Minimal v2', columns: [{ kind: 'property', name: 'lane', header: 'Lane' }, { kind: 'field', field: 'id', header: 'ID' }], dateFormat: 'yyyy-MM-dd', timeZone: 'Asia/Tokyo', rowPer: 'answer' });
    expect(updated).toMatchObject({ id, name: 'Minimal v2', dateFormat: 'yyyy-MM-dd', timeZone: 'Asia/Tokyo', rowPer: 'answer', columns: [{ kind: 'property', name: 'lane' }, { kind: 'field', field: 'id' }] });
    // Saving a template under its own name is no conflict.
    expect((await a.admin('scans/templates/update', { ...updated, id })).status).toBe(200);
    expect((await a.admin('scans/templates/delete', { id })).body).toEqual({ ok: true });
    expect((await a.admin('scans/templates/get', { id })).status).toBe(404);
    expect((await a.admin('scans/templates/delete', { id })).status).toBe(404);
  });

  it('refuses bad date formats, zones, unknown questions and a name already used', async () => {
    const base = { name: `Checks ${randomUUID().slice(0, 6)}`, columns: [{ kind: 'field', field: 'value', header: 'Barcode' }] };
    const badDate = await a.admin('scans/templates/create', { ...base, dateFormat: 'YYYY-MM-dd' });
    expect(badDate.status).toBe(422);
    expect(badDate.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'dateFormat' }] });
    expect((await a.admin('scans/templates/create', { ...base, dateFormat: 'yyyy-MM-dd HH:mm Uhr' })).body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'dateFormat', message: expect.stringContaining('"U"') as unknown }] });
    expect((await a.admin('scans/templates/create', { ...base, timeZone: 'Mars/Olympus' })).body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'timeZone' }] });
    const foreign = await a.admin('scans/templates/create', { ...base, columns: [...base.columns, { kind: 'question', questionId: otherAccountQuestion, header: 'Borrowed' }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('"Borrowed"') as unknown, details: [{ path: 'columns.1.questionId' }] });
    expect((await a.admin('scans/templates/create', { ...base, columns: [] })).body).toMatchObject({ error: 'VALIDATION_FAILED' });
    await a.must('scans/templates/create', base);
    const twice = await a.admin('scans/templates/create', { ...base, name: base.name.toUpperCase() });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'CONFLICT', message: expect.stringContaining('already exists') as unknown });
    const other = await a.must('scans/templates/create', { ...base, name: `${base.name} other` });
    expect((await a.admin('scans/templates/update', { ...base, id: other.id })).status).toBe(409);
  });

  it('another account cannot see, change, delete or export with a template', async () => {
    const mine = await a.must('scans/templates/create', { ...layout(), name: `Private ${randomUUID().slice(0, 6)}` });
    for (const path of ['scans/templates/get', 'scans/templates/delete']) expect((await b.admin(path, { id: mine.id })).status).toBe(404);
    expect((await b.admin('scans/templates/update', { id: mine.id, name: 'Stolen', columns: [{ kind: 'field', field: 'id', header: 'ID' }] })).status).toBe(404);
    expect(((await b.must('scans/templates/list', {})).items as unknown[]).length).toBe(0);
    const start = await b.admin('scans/export-start', { templateId: mine.id });
    expect(start.status).toBe(404);
    expect(start.body).toMatchObject({ error: 'NOT_FOUND', details: [{ path: 'templateId' }] });
    // B may reuse the name: names are per account.
    expect((await b.admin('scans/templates/create', { name: mine.name, columns: [{ kind: 'field', field: 'id', header: 'ID' }] })).status).toBe(200);
    expect((await a.must('scans/templates/get', { id: mine.id })).name).toBe(mine.name);
  });

  it('only administrators manage templates and start exports', async () => {
    const email = uniqueEmail('lead');
    await a.must('team/invite', { email, role: 'scanner_lead', privileges: { user: true, webapp_login: true, billing: false } });
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Lee Lead', password: 'member password' });
    const token = accepted.body.token as string;
    expect((await v2(t.app, 'scans/templates/list', {}, token)).body.error).toBe('FORBIDDEN');
    expect((await v2(t.app, 'scans/export-start', {}, token)).body.error).toBe('FORBIDDEN');
  });

  it('column choices: fields with headers, the questions of the services, property names seen', async () => {
    const some = await a.must('scans/templates/columns', { serviceIds: [service] });
    expect(some.fields).toContainEqual({ field: 'id', header: 'Scan ID' });
    expect(some.fields).toContainEqual({ field: 'value', header: 'Barcode' });
    expect((some.fields as unknown[]).length).toBe(14);
    expect(some.questions).toEqual([{ questionId: extras, text: 'Extras' }, { questionId: aisle, text: 'Aisle?' }]);
    expect(some.properties).toEqual(['capture_type', 'lane']);
    const all = await a.must('scans/templates/columns', {});
    expect((all.questions as { questionId: number }[]).map((q) => q.questionId)).toEqual([aisle, extras, unused]);
    expect(all.properties).toEqual(['capture_type', 'dock', 'lane']);
    const theirs = await b.must('scans/templates/columns', {});
    expect(theirs.questions).toEqual([{ questionId: otherAccountQuestion, text: 'Theirs?' }]);
    expect(theirs.properties).toEqual(['secret_b']);
  });
});

describe('exports with a template (exportscan)', () => {
  it('the catalogue offers exportscan', async () => {
    const items = (await a.must('tasks/catalogue', {})).items as { type: string; available: boolean; unavailableReason: string | null }[];
    expect(items.find((i) => i.type === 'exportscan')).toMatchObject({ available: true, unavailableReason: null });
  });

  it('CSV: the template’s columns, headers, date format and zone, a row per answer, formulas neutralised', async () => {
    const template = await a.must('scans/templates/create', layout());
    const { job, file } = await exported({ filters: { serviceIds: [service] }, templateId: template.id });
    expect(job.result?.file?.name).toMatch(/^inbound-layout-\d{8}-\d{4}\.csv$/);
    expect(job.result?.summary).toBe('3 scans exported with the template "Inbound layout".');
    expect(job.progress).toMatchObject({ done: 3, total: 3 });
    expect(csvRows(file)).toEqual([
      ['#', 'Code', 'Extras chosen', 'When', 'Lane', 'Result', 'Aisle', 'Where'],
      [String(ids['=1+1']), "'=1+1", 'Gift wrap', '04.07.2026 18:05', 'L1', 'valid', 'A3', 'Inbound'],
      [String(ids['=1+1']), "'=1+1", 'Express', '04.07.2026 18:05', 'L1', 'valid', 'A3', 'Inbound'],
      [String(ids['PALLET-2']), 'PALLET-2', 'Insurance', '15.01.2026 13:00', '', 'valid', '', 'Inbound'],
      [String(ids['BARE-3']), 'BARE-3', '', '01.02.2026 01:30', '', 'valid', '', 'Inbound'],
    ]);
  });

  it('CSV: a row per scan joins several answers; the account zone and a 12-hour clock', async () => {
    const template = await a.must('scans/templates/create', {
      name: 'Per scan',
      columns: [{ kind: 'field', field: 'value', header: 'Code' }, { kind: 'question', questionId: extras, header: 'Extras' }, { kind: 'field', field: 'scannedAt', header: 'Scanned (New York)' }],
      dateFormat: 'yyyy-MM-dd hh:mm a',
      timeZone: 'account',
    });
    const { file } = await exported({ filters: { value: '=1+1', exactValue: true }, templateId: template.id });
    expect(csvRows(file)).toEqual([
      ['Code', 'Extras', 'Scanned (New York)'],
      ["'=1+1", 'Gift wrap|^|Express', '2026-07-04 12:05 PM'],
    ]);
  });

  it('XLSX: header row and cells of the template, formula text kept as text', async () => {
    const template = await a.must('scans/templates/create', { ...layout(), name: 'Inbound sheet', rowPer: 'scan' });
    const { job, file } = await exported({ filters: { serviceIds: [service] }, templateId: template.id, format: 'xlsx' });
    expect(job.result?.file?.name).toMatch(/^inbound-sheet-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Scans')!;
    expect(sheet.rowCount).toBe(4);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['#', 'Code', 'Extras chosen', 'When', 'Lane', 'Result', 'Aisle', 'Where']);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(ids['=1+1']);
    expect(first.getCell(2).value).toBe('=1+1');
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe('Gift wrap|^|Express');
    expect(first.getCell(4).value).toBe('04.07.2026 18:05');
    expect(sheet.getRow(4).getCell(2).value).toBe('BARE-3');
  });

  it('picked scans only (of this account), default columns; progress has a total', async () => {
    const { job, file } = await exported({ scanIds: [ids['PALLET-2'], ids['OUT-1'], 999_999_999], filters: { serviceIds: [service] } });
    expect(job.result?.file?.name).toMatch(/^scans-\d{8}-\d{4}\.csv$/);
    expect(job.progress).toMatchObject({ done: 2, total: 2 });
    const rows = csvRows(file);
    expect(rows[0]).toEqual(['Scan ID', 'Service', 'User', 'Device', 'Barcode', 'Status', 'Response', 'Scanned (UTC)', 'Received (UTC)', 'Modified (UTC)', 'Upload ID', 'Extras', 'capture_type', 'dock']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['PALLET-2', 'OUT-1']);
    expect(rows[1]!.slice(7, 8)).toEqual(['2026-01-15 12:00:00']);
  });

  it('a search filter: dates read in the account zone; filters that cannot be read are refused at start', async () => {
    const template = await a.must('scans/templates/create', { name: 'Codes only', columns: [{ kind: 'field', field: 'value', header: 'Code' }] });
    const { job, file } = await exported({ filters: { period: 'custom', startDate: '2026-01-15', endDate: '2026-01-31' }, templateId: template.id });
    // BARE-3 was scanned at 00:30 UTC on 1 February: still 31 January in New York.
    expect(csvRows(file)).toEqual([['Code'], ['PALLET-2'], ['BARE-3']]);
    expect(job.progress).toMatchObject({ done: 2, total: 2 });
    const backwards = await a.admin('scans/export-start', { filters: { period: 'custom', startDate: '2026-02-01', endDate: '2026-01-01' } });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'filters.endDate' }] });
  });

  it('JSON with a template: objects keyed by the headers', async () => {
    const template = await a.must('scans/templates/create', { name: 'Json keys', columns: [{ kind: 'field', field: 'value', header: 'Code' }, { kind: 'property', name: 'capture_type', header: 'How' }] });
    const { file } = await exported({ filters: { serviceIds: [service], sortBy: 'id' }, templateId: template.id, format: 'json' });
    expect(JSON.parse(file.toString('utf8'))).toEqual([{ Code: '=1+1', How: 'camera' }, { Code: 'PALLET-2', How: 'manual' }, { Code: 'BARE-3', How: '' }]);
  });

  it('a saved exportscan task whose template was deleted fails with a clear message', async () => {
    const template = await a.must('scans/templates/create', { name: 'Short-lived', columns: [{ kind: 'field', field: 'id', header: 'ID' }] });
    const task = await a.must('tasks/create', { type: 'exportscan', name: 'Nightly export', inputs: { templateId: template.id }, runNow: false });
    await a.must('scans/templates/delete', { id: template.id });
    const run = await a.must('tasks/run', { id: (task.task as { id: number }).id });
    const job = await finished(run.jobId as number);
    expect(job.state).toBe('failed');
    expect(job.error).toContain(`The export template ${template.id as number} was deleted`);
  });
});
