import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, legacyMultipart, ok, type Caller } from '../services/scan-config.test-helpers.js';

// Background imports: databases/import-start, the deferred legacy upload, file sources of import tasks, importuser.
let t: TestApp;
let token: string;
let key: string;
let accountId: number;
let call: Caller;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(2 * 1_048_576) });
  ({ token, key, call, accountId } = await account(t));
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Job = { state: string; error: string | null; progress: { done: number; total: number | null; message: string }; result: { summary?: string; file?: { name: string }; report?: { rows: number; imported: number; rejected: number; rejectedRows: { row: number; reason: string }[] } } | null };

async function multipart(route: string, params: unknown, file: { name: string; content: Buffer | string } | undefined, as = token) {
  const boundary = '----sb-import';
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${JSON.stringify(params)}\r\n`)];
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${route}/`, payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as}` } });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

async function waitForJob(jobId: number, as = token): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await v2(t.app, 'jobs/get', { id: jobId }, as);
    const job = r.body as unknown as Job;
    if (job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function download(jobId: number): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: jobId }, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function newDb(name: string): Promise<number> {
  return (await v2(t.app, 'databases/create', { name }, token)).body.id as number;
}

const count = async (id: number) => (await v2(t.app, 'databases/get', { id }, token)).body.valueCount as number;
/** Spooled uploads are removed right after the reply: none stays behind. */
async function expectNoSpooledUploads(): Promise<void> {
  const dir = path.join(t.config.dataDir, 'files', 'uploads', 'tmp');
  await vi.waitFor(() => expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]), { timeout: 5000 });
}

describe('databases/import-start', () => {
  it("imports a large CSV in the background (skip): progress, report, and every rejected row in the job's CSV file", async () => {
    const id = await newDb('Big import');
    // ~1 MB: larger than what an upload keeps in memory, so it is streamed to storage.
    const lines = ['value,response,validity'];
    for (let i = 1; i <= 40_000; i++) lines.push(i % 1000 === 0 ? `,bad ${i},1` : `V-${String(i).padStart(6, '0')},Seat ${i},${i % 7 === 0 ? 0 : 1}`);
    const started = await multipart('databases/import-start', { id, hasHeader: true }, { name: 'values.csv', content: `${lines.join('\n')}\n` });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(started.body.jobId as number);
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.progress).toMatchObject({ done: 40_000, total: 40_000 });
    expect(job.result?.report).toMatchObject({ rows: 40_000, imported: 39_960, rejected: 40 });
    expect(job.result?.report?.rejectedRows[0]).toEqual({ row: 1001, reason: 'empty value' });
    expect(job.result?.file?.name).toBe('rejected-rows.csv');
    const csv = (await download(started.body.jobId as number)).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('row,reason,value');
    expect(csv).toHaveLength(41);
    expect(csv[1]).toBe('1001,empty value,');
    expect(await count(id)).toBe(39_960);
    const seven = await v2(t.app, 'databases/values', { id, search: 'V-000007' }, token);
    expect(seven.body.items).toMatchObject([{ value: 'V-000007', response: 'Seat 7', validity: 0 }]);
    await expectNoSpooledUploads();
  });

  it('all or nothing (abort): one bad row and nothing is imported; the report names every bad row', async () => {
    const id = await newDb('Strict import');
    const started = await multipart('databases/import-start', { id, onError: 'abort', columns: { value: 0, response: null, validity: null } }, { name: 'strict.csv', content: 'A1\nA2\n \nA4\n' });
    const job = await waitForJob(started.body.jobId as number);
    expect(job.state).toBe('failed');
    expect(job.error).toBe('Row 3: empty value. No value was imported.');
    expect(job.result?.report).toEqual({ rows: 4, imported: 0, rejected: 1, rejectedRows: [{ row: 3, reason: 'empty value' }] });
    expect(await download(started.body.jobId as number)).toContain('3,empty value, ');
    expect(await count(id)).toBe(0);

    const good = await multipart('databases/import-start', { id, onError: 'abort' }, { name: 'strict.csv', content: 'A1,Hello,1\nA2,,0\n' });
    const done = await waitForJob(good.body.jobId as number);
    expect(done).toMatchObject({ state: 'succeeded', result: { report: { rows: 2, imported: 2, rejected: 0, rejectedRows: [] } } });
    expect(done.result?.file).toBeUndefined();
    expect(await count(id)).toBe(2);
  });

  it('all or nothing over many batches: a bad last row leaves the database as it was; a good file imports every row; nothing staged stays behind', async () => {
    const id = await newDb('Strict many batches');
    expect((await v2(t.app, 'databases/add-value', { id, value: 'M-000001', response: 'Before' }, token)).status).toBe(200);
    const jobFiles = (jobId: number) => {
      const dir = path.join(t.config.dataDir, 'files', 'accounts', String(accountId), 'jobs', String(jobId));
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    };
    // 12,000 good rows (three batches and more) with a value repeated across them, then one bad row.
    const good: string[] = [];
    for (let i = 1; i <= 12_000; i++) good.push(`M-${String(i).padStart(6, '0')},After ${i},1`);
    good.push('m-000002,Last wins,0');
    const bad = await multipart('databases/import-start', { id, onError: 'abort' }, { name: 'bad-last.csv', content: `${good.join('\n')}\n,no value,1\n` });
    const failed = await waitForJob(bad.body.jobId as number);
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe('Row 12002: empty value. No value was imported.');
    expect(failed.result?.report).toEqual({ rows: 12_002, imported: 0, rejected: 1, rejectedRows: [{ row: 12_002, reason: 'empty value' }] });
    expect(await count(id)).toBe(1);
    expect((await v2(t.app, 'databases/values', { id, search: 'M-000001' }, token)).body.items).toMatchObject([{ value: 'M-000001', response: 'Before' }]);
    expect(jobFiles(bad.body.jobId as number)).toEqual(['rejected-rows.csv']);

    const started = await multipart('databases/import-start', { id, onError: 'abort' }, { name: 'good.csv', content: `${good.join('\n')}\n` });
    const done = await waitForJob(started.body.jobId as number);
    expect(done).toMatchObject({ state: 'succeeded', progress: { done: 12_001, total: 12_001 }, result: { report: { rows: 12_001, imported: 12_001, rejected: 0 } } });
    expect(await count(id)).toBe(12_000);
    expect((await v2(t.app, 'databases/values', { id, search: 'M-000001' }, token)).body.items).toMatchObject([{ response: 'After 1' }]);
    expect((await v2(t.app, 'databases/values', { id, search: 'M-000002' }, token)).body.items).toMatchObject([{ value: 'm-000002', response: 'Last wins', validity: 0 }]);
    expect((await v2(t.app, 'databases/values', { id, search: '011999' }, token)).body.items).toMatchObject([{ value: 'M-011999', response: 'After 11999' }]);
    expect(jobFiles(started.body.jobId as number)).toEqual([]);
  });

  it('imports XLSX (detected by content) with a column mapping', async () => {
    const id = await newDb('From Excel');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Values');
    ws.addRow(['Response', 'Value']);
    for (let i = 1; i <= 50; i++) ws.addRow([`Row ${i}`, `X-${i}`]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const started = await multipart('databases/import-start', { id, hasHeader: true, columns: { value: 1, response: 0, validity: null } }, { name: 'export', content: xlsx });
    const job = await waitForJob(started.body.jobId as number);
    expect(job).toMatchObject({ state: 'succeeded', result: { report: { rows: 50, imported: 50, rejected: 0 } } });
    expect((await v2(t.app, 'databases/values', { id, search: 'X-50' }, token)).body.items).toMatchObject([{ value: 'X-50', response: 'Row 50' }]);
  });

  it('refuses a missing file, another account’s database, and files above the upload limit (nothing left behind)', async () => {
    const id = await newDb('Guarded');
    expect((await multipart('databases/import-start', { id }, undefined)).status).toBe(422);
    const other = await signUpVerified(t);
    expect((await multipart('databases/import-start', { id }, { name: 'x.csv', content: 'A\n' }, other.token)).status).toBe(404);
    const huge = await multipart('databases/import-start', { id }, { name: 'huge.csv', content: Buffer.alloc(3 * 1_048_576, 'A\n') });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('PAYLOAD_TOO_LARGE');
    await expectNoSpooledUploads();
    expect((await v2(t.app, 'jobs/list', {}, other.token)).body.total).toBe(0);
  });
});

describe('legacy databases/upload', () => {
  it('is_deferred=1 answers at once and an importdatabase job imports the file (all or nothing)', async () => {
    const dbId = String(await newDb('Deferred'));
    const res = ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: dbId, is_deferred: '1', trim_value: '0' }, { field: 'csvfile', filename: 'later.csv', content: ' D1 ,Hi,1\nD2\n' }));
    expect(res.raw).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>1</status></xml>\n');
    const jobs = await v2(t.app, 'jobs/list', { type: 'task.importdatabase' }, token);
    const job = await waitForJob((jobs.body.items as { id: number }[])[0]!.id);
    expect(job).toMatchObject({ state: 'succeeded', result: { report: { rows: 2, imported: 2 } } });
    expect(ok(await call('databases', 'showvalues', { database_id: dbId, value: ' D1 ' })).raw).toContain('<id> D1 </id>');

    const bad = ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: dbId, is_deferred: '1' }, { field: 'csvfile', filename: 'bad.csv', content: 'E1\nE2,r,1,extra\n' }));
    expect(bad.status).toBe('1');
    const after = await v2(t.app, 'jobs/list', { type: 'task.importdatabase' }, token);
    const failed = await waitForJob((after.body.items as { id: number }[])[0]!.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('Row 2: more than 3 columns');
    expect(ok(await call('databases', 'showvalues', { database_id: dbId, value: 'E1' })).xml.count).toBe('0');
  });

  it('imports a large synchronous upload streamed from storage', async () => {
    const dbId = String(await newDb('Sync big'));
    const lines: string[] = [];
    for (let i = 0; i < 30_000; i++) lines.push(`S-${i},r${i}`);
    ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: dbId }, { field: 'csvfile', filename: 'big.csv', content: lines.join('\r\n') }));
    expect(await count(Number(dbId))).toBe(30_000);
    await expectNoSpooledUploads();
  });
});

describe('import tasks with an uploaded source file', () => {
  it('uploads a source file, runs an importdatabase task from it, and deletes the file with the task', async () => {
    const id = await newDb('Task source');
    const up = await multipart('tasks/upload-source', {}, { name: 'nightly.csv', content: 'T1,One\nT2,Two\n' });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ name: 'nightly.csv', size: 14, format: 'csv' });
    const fileId = up.body.fileId as string;
    expect(fileId).toMatch(/^[0-9a-f]{24}\.csv$/);
    const both = await v2(t.app, 'tasks/create', { type: 'importdatabase', name: 'x', inputs: { databaseId: id, fileId, url: 'https://example.com/a.csv' } }, token);
    expect(both.status).toBe(422);
    const other = await signUpVerified(t);
    expect((await v2(t.app, 'tasks/create', { type: 'importdatabase', name: 'x', inputs: { databaseId: id, fileId } }, other.token)).body.details).toEqual([{ path: 'inputs.fileId', message: 'Upload the file again' }]);

    const created = await v2(t.app, 'tasks/create', { type: 'importdatabase', name: 'From file', runNow: true, inputs: { databaseId: id, fileId, fileName: 'nightly.csv' } }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const job = await waitForJob(created.body.jobId as number);
    expect(job).toMatchObject({ state: 'succeeded', result: { report: { imported: 2 } } });
    expect(job.result?.summary).toContain('from nightly.csv');
    expect(await count(id)).toBe(2);
    const fileKey = path.join(t.config.dataDir, 'files', 'accounts', String(accountId), 'task-files', fileId);
    expect(fs.existsSync(fileKey)).toBe(true);
    const taskId = (created.body.task as { id: number }).id;
    expect((await v2(t.app, 'tasks/delete', { id: taskId }, token)).status).toBe(200);
    expect(fs.existsSync(fileKey)).toBe(false);
  });

  it('importuser: all or nothing by default, then per-row with skip; email usernames get the invitation', async () => {
    const catalogue = (await v2(t.app, 'tasks/catalogue', {}, token)).body.items as { type: string; available: boolean }[];
    expect(catalogue.filter((c) => ['importdatabase', 'importuser'].includes(c.type)).every((c) => c.available)).toBe(true);
    const svc = ok(await call('services', 'create', { validation_method: 'record', service_name: 'Gate' })).xml.id as string;
    const csv = `username,password,device limit,services\nimp.alice,secret1,2,${svc}\nimp.bob,x,,\ncarol.import@example.com,,,${svc}\nimp.alice,again1,,\n`;
    const up = await multipart('tasks/upload-source', {}, { name: 'users.csv', content: csv });
    const strict = await v2(t.app, 'tasks/create', { type: 'importuser', name: 'Users', runNow: true, inputs: { fileId: up.body.fileId } }, token);
    const failed = await waitForJob(strict.body.jobId as number);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('Row 3: A password needs 4 to 200 characters. No app user was imported. 1 more row was refused too (see the file).');
    expect(failed.result?.report).toMatchObject({ rows: 4, imported: 0, rejected: 2, rejectedRows: [{ row: 3 }, { row: 5, reason: 'The username "imp.alice" appears twice in the file.' }] });
    expect((await call('users', 'available', { username: 'imp.alice' })).raw).toContain('<status>1</status>');

    const taskId = (strict.body.task as { id: number }).id;
    await v2(t.app, 'tasks/update', { id: taskId, inputs: { fileId: up.body.fileId, onError: 'skip' } }, token);
    const run = await v2(t.app, 'tasks/run', { id: taskId }, token);
    const done = await waitForJob(run.body.jobId as number);
    expect(done).toMatchObject({ state: 'succeeded', result: { report: { rows: 4, imported: 2, rejected: 2 } } });
    const users = (await v2(t.app, 'appusers/list', { search: 'imp' }, token)).body.items as { username: string; deviceLimit: number | null; serviceIds: number[]; invited: boolean }[];
    expect(users.find((u) => u.username === 'imp.alice')).toMatchObject({ deviceLimit: 2, serviceIds: [Number(svc)], invited: false });
    expect(users.find((u) => u.username === 'carol.import@example.com')).toMatchObject({ invited: true, serviceIds: [Number(svc)] });
    const mail = await t.smtp.next('carol.import@example.com');
    expect(mail.text).toContain('/user/confirmemail/appuser/');
    ok(await call('users', 'validate', { username: 'imp.alice', password: 'secret1' }));
  });
});
