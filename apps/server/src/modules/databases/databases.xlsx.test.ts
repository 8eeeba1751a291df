import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { XLSX_LIMITS, xlsxRows, type XlsxLimits } from './databases.xlsx.js';

// XLSX bombs: a small file whose entries inflate far beyond any real import is refused while it
// is read (the bytes actually inflated count, and so do the sizes the zip declares), and so is a
// sheet with more rows than allowed. The limits are lowered here so no test inflates much.

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Values');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sets the uncompressed size that an entry's local header declares (the bytes stay as they are). */
function declareSize(zip: Buffer, entryName: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = out.indexOf('PK\x03\x04', at + 4, 'latin1')) {
    const nameLength = out.readUInt16LE(at + 26);
    if (out.toString('utf8', at + 30, at + 30 + nameLength) === entryName) {
      out.writeUInt32LE(size, at + 22);
      return out;
    }
  }
  throw new Error(`${entryName} is not in the zip`);
}

async function readAll(file: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of xlsxRows(Readable.from([file]), 1000, limits)) out.push(...batch);
  return out;
}

async function refusal(p: Promise<unknown>): Promise<CodedError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedError);
  return error as CodedError;
}

const small: XlsxLimits = { maxInflatedBytes: 1_048_576, maxRows: 10 };

describe('xlsxRows limits', () => {
  it('reads a file within the limits', async () => {
    const rows = await readAll(await workbook([['A-1', 'One'], ['A-2', 'Two']]), small);
    expect(rows).toEqual([['A-1', 'One'], ['A-2', 'Two']]);
  });

  it('refuses a file whose shared strings inflate beyond the limit (a 3 MB string from a few KB)', async () => {
    const bomb = await workbook([['A-1', 'x'.repeat(3 * 1_048_576)]]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await refusal(readAll(bomb, small));
    expect(error.legacyCode).toBe(1019);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/unpacks to more than 1 MB/);
  });

  it('refuses an entry that declares more than the limit, before inflating it', async () => {
    const file = declareSize(await workbook([['A-1', 'One']]), 'xl/sharedStrings.xml', small.maxInflatedBytes + 1);
    expect((await refusal(readAll(file, small))).message).toMatch(/unpacks to more than 1 MB/);
  });

  it('refuses a sheet with more rows than allowed', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => [`R-${i}`]);
    const error = await refusal(readAll(await workbook(rows), small));
    expect(error.legacyCode).toBe(1019);
    expect(error.message).toMatch(/more than 10 rows/);
    expect(await readAll(await workbook(rows.slice(0, 10)), small)).toHaveLength(10);
  });
});

describe('imports refuse XLSX bombs with their usual error', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const signUp = await import('../../test/fixtures.js').then((f) => f.signUpVerified(t));
    token = signUp.token;
    t.container.jobs.worker().start();
  });
  afterAll(async () => {
    await t.container.jobs.worker().stop();
    await t.close();
  });

  async function multipart(route: string, params: unknown, name: string, content: Buffer) {
    const boundary = '----sb-xlsx';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${JSON.stringify(params)}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api-v2/${route}/`, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  async function finished(jobId: number): Promise<{ state: string; error: string | null }> {
    for (const deadline = Date.now() + 30_000; ; ) {
      const job = (await v2(t.app, 'jobs/get', { id: jobId }, token)).body as { state: string; error: string | null };
      if (['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // The shared strings declare 4 GB: refused at the entry's header, at the real (200 MB) limit.
  const bomb = async () => declareSize(await workbook([['Value'], ['B-1']]), 'xl/sharedStrings.xml', 0xf0000000);

  it('databases/import-start: the run fails naming the limit, and nothing is imported', async () => {
    const id = (await v2(t.app, 'databases/create', { name: 'Bombed' }, token)).body.id as number;
    const started = await multipart('databases/import-start', { id, hasHeader: true }, 'bomb.xlsx', await bomb());
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await finished(started.body.jobId as number);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/unpacks to more than 200 MB/);
    expect((await v2(t.app, 'databases/get', { id }, token)).body.valueCount).toBe(0);
  });

  it('importuser from an uploaded file: the run fails the same way', async () => {
    const up = await multipart('tasks/upload-source', {}, 'users.xlsx', await bomb());
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const created = await v2(t.app, 'tasks/create', { type: 'importuser', name: 'Users', runNow: true, inputs: { fileId: up.body.fileId, fileName: 'users.xlsx' } }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const job = await finished(created.body.jobId as number);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/unpacks to more than 200 MB/);
  });
});
