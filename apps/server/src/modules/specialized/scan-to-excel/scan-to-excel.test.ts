import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';
import { LINK_PER_MINUTE } from './scan-to-excel.v2.js';

// Scan to Excel (issue 14) on a real database (SQLite, or PostgreSQL through scripts/with-postgres.mjs).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

/** An account with a scan-to-excel instance (these settings), a question on it, and a signed-in scanner. */
async function sheet(settings: Record<string, unknown> = {}, databaseId: number | null = null) {
  const a = await scanAccount(t);
  await a.must('settings/update', { timezone: 'America/New_York' });
  const created = await a.must('specialized/create', { type: 'scan-to-excel', name: 'Inbound: dock 1', databaseId, settings });
  const id = created.id as number;
  const question = await a.question('Pallets', 'manual');
  await a.must('services/set-questions', { id, questions: [{ id: question, condition: 'pre_submit', required: false }] });
  const user = await a.appUser([id]);
  const s = await scannerSignIn(t, user);
  const scan = async (value: string, extra: Record<string, unknown> = {}) => {
    const r = await s.scan(id, value, extra);
    expect(r.status).toBe(200);
    return r.body;
  };
  return { a, id, question, user, s, scan };
}

async function getLink(path: string) {
  return t.app.inject({ method: 'GET', url: path });
}

async function parsed(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const ws = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('scan to excel: settings', () => {
  it('records every scan without a database, starts with the default columns, and refuses bad columns with paths', async () => {
    const g = await sheet();
    const got = await g.a.must('specialized/get', { id: g.id });
    expect(got.databaseId).toBeNull();
    expect((got.settings as { columns: { header: string }[] }).columns.map((c) => c.header)).toEqual(['Barcode', 'Scan time', 'User', 'Device']);
    expect(await g.a.must('services/get', { id: g.id })).toMatchObject({ validationMethod: 'record' });
    expect(await g.scan('ANY-1')).toMatchObject({ status: 1 });
    const bad = await g.a.admin('specialized/update', { id: g.id, settings: { columns: [{ kind: 'field', field: 'password', header: 'X' }, { kind: 'gps', part: 'latitude', header: '' }] } });
    expect(bad.status).toBe(422);
    const paths = (bad.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['settings.columns.0.field', 'settings.columns.1.header']));
    const none = await g.a.admin('specialized/update', { id: g.id, settings: { columns: [] } });
    expect(none.status).toBe(422);
  });

  it('validates against a chosen database: an unknown code is a row with its refusal', async () => {
    const a = await scanAccount(t);
    const databaseId = await a.database([['KNOWN', 'In stock', 1]]);
    const created = await a.must('specialized/create', { type: 'scan-to-excel', name: 'Checked', databaseId, settings: { columns: [{ kind: 'field', field: 'value', header: 'Code' }, { kind: 'field', field: 'status', header: 'Status' }, { kind: 'field', field: 'response', header: 'Response' }] } });
    expect(await a.must('services/get', { id: created.id })).toMatchObject({ validationMethod: 'database', databaseId });
    const s = await scannerSignIn(t, await a.appUser([created.id as number]));
    await s.scan(created.id as number, 'KNOWN');
    await s.scan(created.id as number, 'OTHER');
    const page = await a.must('scan-to-excel/rows', { id: created.id });
    expect(page.header).toEqual(['Code', 'Status', 'Response']);
    expect((page.rows as { cells: unknown[] }[]).map((r) => r.cells[0])).toEqual(['OTHER', 'KNOWN']);
    expect((page.rows as { cells: string[] }[])[1]!.cells[2]).toBe('In stock');
  });
});

describe('scan to excel: the sheet', () => {
  const columns = (question: number) => [
    { kind: 'gps', part: 'longitude', header: 'Lng' },
    { kind: 'field', field: 'value', header: 'Code' },
    { kind: 'question', questionId: question, header: 'Pallets' },
    { kind: 'property', name: 'dock', header: 'Dock' },
    { kind: 'field', field: 'user', header: 'Who' },
    { kind: 'gps', part: 'latitude', header: 'Lat' },
    { kind: 'field', field: 'scannedAt', header: 'When' },
  ];

  it('table view: newest first in the chosen order, pages, scan time in the account zone', async () => {
    const g = await sheet();
    await g.a.must('specialized/update', { id: g.id, settings: { columns: columns(g.question), dateFormat: 'yyyy-MM-dd HH:mm' } });
    await g.scan('A-1', { scannedAt: '2026-07-04T16:05:00.000Z', answers: [{ questionId: g.question, values: ['3'] }], properties: { dock: 'D1', gps_location: '52.5200,13.4050,12' } });
    await g.scan('=HYPERLINK("x")', { scannedAt: '2026-07-04T16:06:00.000Z' });
    await g.scan('A-3', { scannedAt: '2026-07-04T16:07:00.000Z', properties: { gps_location: 'nowhere' } });
    const first = await g.a.must('scan-to-excel/rows', { id: g.id, page: 1, limit: 2 });
    expect(first.header).toEqual(['Lng', 'Code', 'Pallets', 'Dock', 'Who', 'Lat', 'When']);
    expect(first.total).toBe(3);
    const cells = (first.rows as { cells: unknown[] }[]).map((r) => r.cells);
    expect(cells.map((c) => c[1])).toEqual(['A-3', '=HYPERLINK("x")']);
    expect(cells[0]![0]).toBe('');
    const second = await g.a.must('scan-to-excel/rows', { id: g.id, page: 2, limit: 2 });
    const last = (second.rows as { cells: unknown[] }[])[0]!.cells;
    expect(last.slice(0, 6)).toEqual([13.405, 'A-1', '3', 'D1', g.user.username, 52.52]);
    // The scan time is written in the account's zone (New York in July: UTC-4).
    expect(last[6]).toBe('2026-07-04 12:05');
  });

  it('the secret link streams the XLSX with the chosen columns in order; a new link revokes the old; a wrong token is 404', async () => {
    const g = await sheet();
    await g.a.must('specialized/update', { id: g.id, settings: { columns: columns(g.question) } });
    await g.scan('A-1', { answers: [{ questionId: g.question, values: ['3'] }], properties: { dock: 'D1', gps_location: '52.5200,13.4050' } });
    await g.scan('=1+1');
    expect(await g.a.must('scan-to-excel/link', { id: g.id })).toEqual({ exists: false, createdAt: null });
    const link = await g.a.must('scan-to-excel/link-create', { id: g.id });
    expect(link.path).toMatch(/^\/scan-to-excel\/[A-Za-z0-9_-]{43}\.xlsx$/);
    expect(link.url).toMatch(new RegExp(`^https?://.+${(link.path as string).replace(/[.]/g, '\\.')}$`));
    expect(await g.a.must('scan-to-excel/link', { id: g.id })).toMatchObject({ exists: true });

    const res = await getLink(link.path as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Inbound_ dock 1.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await parsed(res.rawPayload);
    expect(rows[0]).toEqual(['Lng', 'Code', 'Pallets', 'Dock', 'Who', 'Lat', 'When']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['A-1', '=1+1']);
    expect(rows[1]!.slice(0, 6)).toEqual([13.405, 'A-1', '3', 'D1', g.user.username, 52.52]);
    // A formula-looking value is text in the file, never a formula.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);

    // The signed-in download answers the same sheet.
    const own = await t.app.inject({ method: 'POST', url: '/api-v2/scan-to-excel/download/', headers: { authorization: `Bearer ${g.a.owner.token}` }, payload: { id: g.id } });
    expect(own.statusCode).toBe(200);
    expect(await parsed(own.rawPayload)).toEqual(rows);

    // A new link: the old one answers 404 at once, the new one works.
    const next = await g.a.must('scan-to-excel/link-create', { id: g.id });
    expect((await getLink(link.path as string)).statusCode).toBe(404);
    expect((await getLink(next.path as string)).statusCode).toBe(200);
    await g.a.must('scan-to-excel/link-revoke', { id: g.id });
    expect((await getLink(next.path as string)).statusCode).toBe(404);
    expect((await getLink('/scan-to-excel/not-a-token.xlsx')).statusCode).toBe(404);
    expect((await getLink(`/scan-to-excel/${'A'.repeat(43)}.xlsx`)).statusCode).toBe(404);
  });

  it('scoped to the account: another account cannot read the rows or make a link; a link shows only its instance; a deleted instance\'s link is 404', async () => {
    const g = await sheet();
    const other = await sheet();
    await g.scan('MINE');
    await other.scan('THEIRS');
    expect((await other.a.admin('scan-to-excel/rows', { id: g.id })).status).toBe(404);
    expect((await other.a.admin('scan-to-excel/link-create', { id: g.id })).status).toBe(404);
    expect((await other.a.admin('scan-to-excel/download', { id: g.id })).status).toBe(404);
    // An ordinary service of the account is not a sheet.
    const plain = await g.a.service({ validation_method: 'record' });
    expect((await g.a.admin('scan-to-excel/rows', { id: plain })).status).toBe(404);
    const link = await g.a.must('scan-to-excel/link-create', { id: g.id });
    const rows = await parsed((await getLink(link.path as string)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['MINE']);
    await g.a.must('specialized/delete', { id: g.id });
    expect((await getLink(link.path as string)).statusCode).toBe(404);
  });

  it('one address gets at most LINK_PER_MINUTE answers from links a minute (guesses count too)', async () => {
    await awayFromWindowBoundary();
    const res: number[] = [];
    for (let i = 0; i <= LINK_PER_MINUTE; i++) res.push((await t.app.inject({ method: 'GET', url: `/scan-to-excel/${'B'.repeat(43)}.xlsx`, remoteAddress: '203.0.113.9' })).statusCode);
    expect(res.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(res.at(-1)).toBe(429);
  });
});
