import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';

// Tasks `importtable` and `importtablebuilderscans` (issue 14) on a real database (SQLite, or PostgreSQL through
// scripts/with-postgres.mjs): CSV and XLSX, all or nothing, a bad line named.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Row = { id: number; value: string; cells: Record<string, string>; updatedBy: string };

let made = 0;
async function table() {
  made++;
  const status = await a.question('Status', 'manual');
  const location = await a.question('Location', 'manual');
  const id = (await a.must('specialized/create', { type: 'table-builder', name: `Assets ${made}`, settings: { keyLabel: 'Asset' } })).id as number;
  await a.must('services/set-questions', { id, questions: [{ id: status, condition: 'pre_submit', required: false }, { id: location, condition: 'pre_submit', required: false }] });
  const ann = await a.appUser([id]);
  return { id, status, location, ann };
}

async function rows(id: number): Promise<Row[]> {
  return (await a.must('table-builder/rows', { id, sort: 'value', direction: 'asc' })).rows as Row[];
}

async function waitFor(jobId: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id: jobId });
    if (['succeeded', 'failed'].includes(r.body.state as string)) return r.body;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function upload(content: Buffer | string, name: string): Promise<string> {
  const boundary = '----sb-tb';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/tasks/upload-source/', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ fileId: string }>().fileId;
}

async function runImport(type: 'importtable' | 'importtablebuilderscans', serviceId: number, content: Buffer | string, name = 'rows.csv', extra: Record<string, unknown> = {}) {
  const fileId = await upload(content, name);
  const created = await a.admin('tasks/create', { type, name: `${type} now`, inputs: { serviceId, fileId, fileName: name, ...extra }, runNow: true });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitFor(created.body.jobId as number);
}

describe('importtable', () => {
  it('is in the catalogue; refuses a service that is not a table', async () => {
    const items = (await a.must('tasks/catalogue', {})).items as { type: string; available: boolean }[];
    expect(items.find((i) => i.type === 'importtable')?.available).toBe(true);
    expect(items.find((i) => i.type === 'importtablebuilderscans')?.available).toBe(true);
    const plain = await a.service({ validation_method: 'record' });
    expect((await a.admin('tasks/create', { type: 'importtable', name: 'x', inputs: { serviceId: plain, url: 'https://example.com/x.csv' } })).status).toBe(404);
  });

  it('loads rows from a CSV by header (key by its label, columns by question), kept in the history as Import; an empty cell changes nothing', async () => {
    const g = await table();
    const job = await runImport('importtable', g.id, 'Location,Asset,Status\r\nDock 1,A-1,OK\r\nDock 2,A-2,\r\n');
    expect(job.state, String(job.error)).toBe('succeeded');
    expect((job.result as { summary: string }).summary).toMatch(/^2 rows imported into Assets \d+ \(3 cells changed/);
    const got = await rows(g.id);
    expect(got.map((r) => [r.value, r.cells])).toEqual([
      ['A-1', { [g.status]: 'OK', [g.location]: 'Dock 1' }],
      ['A-2', { [g.location]: 'Dock 2' }],
    ]);
    const history = (await a.must('table-builder/row', { id: g.id, rowId: got[0]!.id })).changes as { by: string; source: string }[];
    expect(history.every((c) => c.by === 'Import' && c.source === 'import')).toBe(true);
    // Again, with a change: only A-2's status is new.
    const again = await runImport('importtable', g.id, 'Asset,Status\nA-2,Broken\n');
    expect(again.state).toBe('succeeded');
    expect((await rows(g.id)).find((r) => r.value === 'A-2')!.cells).toEqual({ [g.status]: 'Broken', [g.location]: 'Dock 2' });
  });

  it('all or nothing: a bad line is named and nothing is written; an unknown column fails at line 1', async () => {
    const g = await table();
    const job = await runImport('importtable', g.id, 'Asset,Status\nA-1,OK\n,Lost\nA-3,OK\nA-1,Again\n');
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^Row 3: The key is empty\. No row was imported\. 1 more row was refused too/);
    expect(((job.result as { report: unknown }).report as { rejectedRows: { row: number; reason: string }[] }).rejectedRows).toEqual([
      { row: 3, reason: 'The key is empty.' },
      { row: 5, reason: 'The key A-1 is on line 2 already.' },
    ]);
    expect(await rows(g.id)).toEqual([]);
    const header = await runImport('importtable', g.id, 'Asset,Colour\nA-1,red\n');
    expect(header.state).toBe('failed');
    expect(header.error).toMatch(/^Line 1: "Colour" is not a column of the table/);
    expect(await rows(g.id)).toEqual([]);
  });

  it('reads XLSX, and a file without a header in the table\'s order', async () => {
    const g = await table();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rows');
    ws.addRow(['Asset', 'Status', 'Location']);
    ws.addRow(['X-1', 'OK', 'Yard']);
    ws.addRow(['=X-2', 'Lost', '']);
    const job = await runImport('importtable', g.id, Buffer.from(await wb.xlsx.writeBuffer()), 'rows.xlsx');
    expect(job.state, String(job.error)).toBe('succeeded');
    expect((await rows(g.id)).map((r) => [r.value, r.cells[String(g.status)]])).toEqual([['=X-2', 'Lost'], ['X-1', 'OK']]);
    const plain = await runImport('importtable', g.id, 'Y-1,OK,Roof\n', 'rows.csv', { hasHeader: false });
    expect(plain.state, String(plain.error)).toBe('succeeded');
    expect((await rows(g.id)).find((r) => r.value === 'Y-1')!.cells).toEqual({ [g.status]: 'OK', [g.location]: 'Roof' });
  });
});

describe('importtablebuilderscans', () => {
  it('stores each line as a scan and applies its answers oldest first, with the named user\'s edit rights', async () => {
    const g = await table();
    await a.must('specialized/update', { id: g.id, settings: { editors: [{ userId: g.ann.id, questionIds: [g.location] }] } });
    const csv = ['value,time,user,Status,Location', 'A-1,2026-05-01T11:00:00Z,,Late,', 'A-1,2026-05-01T10:00:00Z,,Early,Dock 1', `A-1,2026-05-01T12:00:00Z,${g.ann.username},Ann's,Dock 9`, ''].join('\n');
    const job = await runImport('importtablebuilderscans', g.id, csv);
    expect(job.state, String(job.error)).toBe('succeeded');
    const row = (await rows(g.id))[0]!;
    // Ann may edit only the location: her status answer stays with her scan.
    expect(row.cells).toEqual({ [g.status]: 'Late', [g.location]: 'Dock 9' });
    const history = (await a.must('table-builder/row', { id: g.id, rowId: row.id })).changes as { to: string; by: string; source: string; at: string }[];
    expect(history.map((c) => [c.to, c.by, c.at])).toEqual([
      ['Dock 9', g.ann.username, '2026-05-01T12:00:00.000Z'],
      ['Late', 'Import', '2026-05-01T11:00:00.000Z'],
      ['Dock 1', 'Import', '2026-05-01T10:00:00.000Z'],
      ['Early', 'Import', '2026-05-01T10:00:00.000Z'],
    ]);
    const scans = await t.container.db.kysely.selectFrom('scans').select(['value', 'app_user_id', 'status']).where('service_id', '=', g.id).execute();
    expect(scans).toHaveLength(3);
    expect(scans.filter((s) => s.app_user_id === g.ann.id)).toHaveLength(1);
  });

  it('all or nothing: an unknown user, an unreadable time name their lines; no scan and no row is written', async () => {
    const g = await table();
    const scanner = await scannerSignIn(t, g.ann);
    await scanner.scan(g.id, 'KEEP', { answers: [{ questionId: g.status, values: ['as is'] }] });
    const csv = 'value,time,user,Status\nB-1,2026-05-01 10:00,,OK\nB-2,yesterday,,OK\nB-3,,nobody-here,OK\n';
    const job = await runImport('importtablebuilderscans', g.id, csv);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^Row 3: The time "yesterday" is not an ISO time/);
    expect(((job.result as { report: unknown }).report as { rejectedRows: { row: number }[] }).rejectedRows.map((r) => r.row)).toEqual([3, 4]);
    expect((await rows(g.id)).map((r) => r.value)).toEqual(['KEEP']);
    expect(await t.container.db.kysely.selectFrom('scans').select('id').where('service_id', '=', g.id).execute()).toHaveLength(1);
  });
});
