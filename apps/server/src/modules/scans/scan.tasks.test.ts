import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn, startReceiver } from './scans.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let service = 0;
let other = 0;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
  a = await scanAccount(t);
  const q = await a.question('Aisle?', 'manual');
  service = await a.service({ validation_method: 'record', service_name: 'Inbound' });
  other = await a.service({ validation_method: 'record', service_name: 'Outbound' });
  await a.must('services/set-questions', { id: service, questions: [{ id: q, condition: 'pre_submit', required: false }] });
  const s = await scannerSignIn(t, await a.appUser([service, other]));
  await s.call('app/upload', {
    scans: [
      { serviceId: service, value: '=1+1', clientScanId: randomUUID(), scannedAt: '2020-01-01T00:00:00.000Z', answers: [{ questionId: q, values: ['A3'] }], properties: { capture_type: 'camera' } },
      { serviceId: service, value: 'PALLET-2', clientScanId: randomUUID() },
      { serviceId: other, value: 'OUT-1', clientScanId: randomUUID() },
    ],
  });
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await receiver.close();
  await t.close();
});

async function runTask(type: string, inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await a.admin('tasks/create', { type, name: `${type} now`, inputs, runNow: true });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const jobId = created.body.jobId as number;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id: jobId });
    if (['succeeded', 'failed'].includes(r.body.state as string)) return r.body;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function download(job: Record<string, unknown>): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: job.id }, headers: { authorization: `Bearer ${a.owner.token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('scan task types', () => {
  it('the catalogue offers them now that scans exist', async () => {
    const items = (await a.must('tasks/catalogue', {})).items as { type: string; available: boolean }[];
    for (const type of ['downloadscan', 'bulkscanremoval', 'postback']) expect(items.find((i) => i.type === type)?.available).toBe(true);
  });

  it('downloadscan: CSV with questions and properties as columns, formulas neutralised', async () => {
    const job = await runTask('downloadscan', { serviceIds: [service], format: 'csv' });
    expect(job.state).toBe('succeeded');
    expect((job.result as { summary: string }).summary).toBe('2 scans exported.');
    const text = (await download(job)).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Scan ID,Service,User,Device,Barcode,Status,Response,Scanned (UTC),Received (UTC),Modified (UTC),Upload ID,Aisle?,capture_type');
    expect(lines[1]).toMatch(/^\d+,Inbound,scanner\w+,Gate phone,'=1\+1,valid,,2020-01-01 00:00:00,.*,A3,camera$/);
    expect(lines).toHaveLength(3);
  });

  it('downloadscan: XLSX and JSON', async () => {
    const xlsx = await runTask('downloadscan', { format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(xlsx)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Scans')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('Barcode');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(5).value).toBe('=1+1'); // a text cell, never a formula
    const json = await runTask('downloadscan', { format: 'json', result: ['valid'] });
    const rows = JSON.parse((await download(json)).toString('utf8')) as Record<string, unknown>[];
    expect(rows.map((r) => r.Barcode)).toEqual(['=1+1', 'PALLET-2', 'OUT-1']);
  });

  it('postback: posts the scans received since the last successful run', async () => {
    const before = receiver.received.length;
    const first = await runTask('postback', { serviceIds: [other], url: receiver.url });
    expect(first.state).toBe('succeeded');
    expect(receiver.received.slice(before).map((r) => r.fields.get('tid'))).toEqual(['OUT-1']);
    expect(receiver.received[before]!.fields.get('status')).toBe('1');
  });

  it('bulkscanremoval: removes scans older than N days only', async () => {
    const job = await runTask('bulkscanremoval', { olderThanDays: 30 });
    expect((job.result as { summary: string }).summary).toBe('1 scans older than 30 days removed.');
    const left = await a.must('scans/search', { uDeleted: true, sDeleted: true });
    expect((left.items as { value: string }[]).map((s) => s.value).sort()).toEqual(['OUT-1', 'PALLET-2']);
    expect((await v2(t.app, 'tasks/create', { type: 'bulkscanremoval', name: 'bad', inputs: { olderThanDays: 0 } }, a.owner.token)).body.error).toBe('VALIDATION_FAILED');
  });
});
