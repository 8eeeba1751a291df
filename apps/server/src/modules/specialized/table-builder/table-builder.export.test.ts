import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';

// The table in `exportscan` (issue 14): scans of a table-builder service carry their row's current cells.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let table = 0;
let plain = 0;
let status = 0;
let location = 0;
beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  status = await a.question('Status', 'manual');
  location = await a.question('Location', 'manual');
  table = (await a.must('specialized/create', { type: 'table-builder', name: 'Assets', settings: {} })).id as number;
  await a.must('services/set-questions', { id: table, questions: [{ id: status, condition: 'pre_submit', required: false }, { id: location, condition: 'pre_submit', required: false }] });
  plain = await a.service({ validation_method: 'record', service_name: 'Outbound' });
  const s = await scannerSignIn(t, await a.appUser([table, plain]));
  const answers = (pairs: [number, string][]) => ({ answers: pairs.map(([questionId, v]) => ({ questionId, values: [v] })) });
  await s.scan(table, 'ASSET-1', { ...answers([[status, 'In use']]), scannedAt: '2026-05-01T10:00:00.000Z' });
  await s.scan(table, 'ASSET-1', { ...answers([[status, 'Broken'], [location, '=HYPERLINK("http://x")']]), scannedAt: '2026-05-01T11:00:00.000Z' });
  await s.scan(table, 'ASSET-2', { scannedAt: '2026-05-01T12:00:00.000Z' });
  await s.scan(plain, 'OUT-1', { scannedAt: '2026-05-01T13:00:00.000Z' });
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

async function exported(body: Record<string, unknown>): Promise<Buffer> {
  const started = await a.admin('scans/export-start', body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id: started.body.jobId });
    if (r.body.state === 'failed') throw new Error(JSON.stringify(r.body));
    if (r.body.state === 'succeeded') break;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: started.body.jobId }, headers: { authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const csvRows = (file: Buffer): string[][] => parse(file.toString('utf8').replace(/^\uFEFF/, ''));

describe('exportscan: the table of a table-builder service', () => {
  it('CSV, default columns: every scan of the table carries its row\'s current cells after its own answers; formulas neutralised; other scans blank', async () => {
    const rows = csvRows(await exported({ filters: { sortBy: 'id' } }));
    const head = rows[0]!;
    expect(head.slice(-4)).toEqual(['Status', 'Location', 'Status (table)', 'Location (table)']);
    const byValue = (v: string) => rows.slice(1).filter((r) => r[head.indexOf('Barcode')] === v).map((r) => r.slice(-4));
    // The first scan of ASSET-1 answered "In use"; its row says "Broken" now.
    expect(byValue('ASSET-1')).toEqual([
      ['In use', '', 'Broken', '\'=HYPERLINK("http://x")'],
      ['Broken', '\'=HYPERLINK("http://x")', 'Broken', '\'=HYPERLINK("http://x")'],
    ]);
    expect(byValue('ASSET-2')).toEqual([['', '', '', '']]);
    expect(byValue('OUT-1')).toEqual([['', '', '', '']]);
  });

  it('the current cells: an administrator\'s later edit shows in the next export', async () => {
    const page = (await a.must('table-builder/rows', { id: table })) as { rows: { id: number; value: string }[] };
    const asset2 = page.rows.find((r) => r.value === 'ASSET-2')!;
    await a.must('table-builder/cell-update', { id: table, rowId: asset2.id, questionId: location, value: 'Dock 9' });
    const rows = csvRows(await exported({ filters: { serviceIds: [table], value: 'ASSET-2', exactValue: true } }));
    expect(rows[0]!.slice(-2)).toEqual(['Status (table)', 'Location (table)']);
    expect(rows.slice(1).map((r) => r.slice(-2))).toEqual([['', 'Dock 9']]);
  });

  it('XLSX with a template: the template\'s columns, then the table\'s, as text cells', async () => {
    const template = await a.must('scans/templates/create', { name: 'Codes', columns: [{ kind: 'field', field: 'value', header: 'Code' }] });
    const file = await exported({ filters: { serviceIds: [table], sortBy: 'id' }, templateId: template.id, format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Scans')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Code', 'Status (table)', 'Location (table)']);
    expect(values(2)).toEqual(['ASSET-1', 'Broken', '=HYPERLINK("http://x")']);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.rowCount).toBe(4);
  });

  it('tableColumns false, or no scan of a table in the export: no table columns', async () => {
    const off = csvRows(await exported({ filters: {}, tableColumns: false }));
    expect(off[0]!.filter((h) => h.endsWith('(table)'))).toEqual([]);
    const others = csvRows(await exported({ filters: { serviceIds: [plain] } }));
    expect(others[0]!.filter((h) => h.endsWith('(table)'))).toEqual([]);
    expect(others.slice(1).map((r) => r[others[0]!.indexOf('Barcode')])).toEqual(['OUT-1']);
  });

  it('another account\'s export never shows this table', async () => {
    const b = await scanAccount(t);
    const bService = await b.service({ validation_method: 'record' });
    const sb = await scannerSignIn(t, await b.appUser([bService]));
    await sb.scan(bService, 'ASSET-1');
    expect((await b.admin('scans/export-start', { filters: { serviceIds: [table, bService] } })).status).toBe(404);
    const started = await b.admin('scans/export-start', { filters: {} });
    expect(started.status).toBe(200);
    const deadline = Date.now() + 20_000;
    while ((await b.admin('jobs/get', { id: started.body.jobId })).body.state !== 'succeeded') {
      if (Date.now() > deadline) throw new Error('job stuck');
      await new Promise((res) => setTimeout(res, 50));
    }
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: started.body.jobId }, headers: { authorization: `Bearer ${b.owner.token}` } });
    const rows = csvRows(res.rawPayload);
    expect(rows[0]!.filter((h) => h.endsWith('(table)'))).toEqual([]);
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('Barcode')])).toEqual(['ASSET-1']);
  });
});
