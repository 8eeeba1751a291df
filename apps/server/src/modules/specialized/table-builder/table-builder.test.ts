import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';
import { editableColumns, visibleColumns } from './table-rules.js';

// Table builder (issue 14) on a real database (SQLite, or PostgreSQL through scripts/with-postgres.mjs).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Row = { id: number; value: string; cells: Record<string, string>; updatedBy: string };

/** An account with a table-builder instance with two columns (Status, Location) and two signed-in app users. */
async function table(settings: Record<string, unknown> = {}) {
  const a = await scanAccount(t);
  const status = await a.question('Status', 'manual');
  const location = await a.question('Location', 'manual');
  const created = await a.must('specialized/create', { type: 'table-builder', name: 'Assets', settings });
  const id = created.id as number;
  await a.must('services/set-questions', { id, questions: [{ id: status, condition: 'pre_submit', required: false }, { id: location, condition: 'pre_submit', required: false }] });
  const ann = await a.appUser([id]);
  const bob = await a.appUser([id]);
  const annS = await scannerSignIn(t, ann);
  const bobS = await scannerSignIn(t, bob);
  const answers = (pairs: [number, string][]) => ({ answers: pairs.map(([questionId, v]) => ({ questionId, values: [v] })) });
  return { a, id, status, location, ann, bob, annS, bobS, answers };
}

async function rows(a: Awaited<ReturnType<typeof scanAccount>>, body: Record<string, unknown>): Promise<{ rows: Row[]; total: number; columns: { text: string }[] }> {
  return (await a.must('table-builder/rows', body)) as never;
}

describe('table builder: rules', () => {
  const settings = { editors: [{ userId: 1, questionIds: [10] }], views: [{ name: 'Floor', userIds: [2], questionIds: [20] }] };
  it('a user not listed edits and sees every column; an editor edits only their columns; a view limits what is seen and edited', () => {
    expect(editableColumns(settings, 3, [10, 20, 30])).toEqual([10, 20, 30]);
    expect(editableColumns(settings, 1, [10, 20, 30])).toEqual([10]);
    expect(visibleColumns(settings, 2, [10, 20, 30])).toEqual([20]);
    expect(editableColumns({ ...settings, editors: [{ userId: 2, questionIds: [10, 20] }] }, 2, [10, 20, 30])).toEqual([20]);
  });
});

describe('table builder: the engine', () => {
  it('a scan upserts its value\'s row with the latest answer per column; every change is kept with who and when', async () => {
    const g = await table();
    expect(await g.a.must('services/get', { id: g.id })).toMatchObject({ validationMethod: 'record' });
    const first = await g.annS.scan(g.id, 'ASSET-1', { ...g.answers([[g.status, 'In use']]), scannedAt: '2026-05-01T10:00:00.000Z' });
    expect(first.body).toMatchObject({ status: 1, text: 'New row added.' });
    const second = await g.bobS.scan(g.id, 'ASSET-1', { ...g.answers([[g.status, 'Broken'], [g.location, 'Dock 2']]), scannedAt: '2026-05-01T11:00:00.000Z' });
    expect(second.body).toMatchObject({ status: 1, text: 'Row updated.' });
    await g.annS.scan(g.id, 'ASSET-2');
    const page = await rows(g.a, { id: g.id });
    expect(page.total).toBe(2);
    expect(page.columns.map((c) => c.text)).toEqual(['Status', 'Location']);
    const asset1 = page.rows.find((r) => r.value === 'ASSET-1')!;
    expect(asset1.cells).toEqual({ [g.status]: 'Broken', [g.location]: 'Dock 2' });
    expect(page.rows.find((r) => r.value === 'ASSET-2')!.cells).toEqual({});
    const detail = await g.a.must('table-builder/row', { id: g.id, rowId: asset1.id });
    const changes = detail.changes as { question: string; from: string | null; to: string; by: string; source: string; at: string }[];
    expect(changes.map((c) => [c.question, c.from, c.to, c.by, c.source])).toEqual([
      ['Location', null, 'Dock 2', g.bob.username, 'scan'],
      ['Status', 'In use', 'Broken', g.bob.username, 'scan'],
      ['Status', null, 'In use', g.ann.username, 'scan'],
    ]);
    expect(changes.at(-1)!.at).toBe('2026-05-01T10:00:00.000Z');
  });

  it('column edit permissions: an answer to a column the user may not edit leaves the cell alone; the scanner sees what it may edit', async () => {
    const g = await table();
    await g.a.must('specialized/update', { id: g.id, settings: { editors: [{ userId: g.bob.id, questionIds: [g.location] }], views: [] } });
    await g.annS.scan(g.id, 'A-1', g.answers([[g.status, 'OK'], [g.location, 'Shelf 1']]));
    await g.bobS.scan(g.id, 'A-1', g.answers([[g.status, 'Stolen'], [g.location, 'Shelf 9']]));
    const row = (await rows(g.a, { id: g.id })).rows[0]!;
    expect(row.cells).toEqual({ [g.status]: 'OK', [g.location]: 'Shelf 9' });
    const seen = await g.bobS.call('app/table-builder/row', { serviceId: g.id, value: 'A-1' });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      exists: true,
      columns: [
        { questionId: g.status, value: 'OK', editable: false },
        { questionId: g.location, value: 'Shelf 9', editable: true, updatedBy: g.bob.username },
      ],
    });
    // A child view shows Bob only the location.
    await g.a.must('specialized/update', { id: g.id, settings: { views: [{ name: 'Movers', userIds: [g.bob.id], questionIds: [g.location] }] } });
    const view = await g.bobS.call('app/table-builder/row', { serviceId: g.id, value: 'NEW-9' });
    expect(view.body).toMatchObject({ exists: false, columns: [{ questionId: g.location, value: null, editable: true }] });
    // An app user not on the service (or of another account) gets nothing.
    const other = await table();
    expect((await other.annS.call('app/table-builder/row', { serviceId: g.id, value: 'A-1' })).status).toBe(404);
  });

  it('the grid filters and sorts, an admin edits a cell (kept in the history), exports CSV and XLSX without formulas', async () => {
    const g = await table();
    await g.annS.scan(g.id, 'B-2', g.answers([[g.status, 'ok'], [g.location, 'Zeta']]));
    await g.annS.scan(g.id, 'A-1', g.answers([[g.status, 'broken'], [g.location, 'Alpha']]));
    await g.annS.scan(g.id, '=cmd()', g.answers([[g.status, 'ok']]));
    const byLocation = await rows(g.a, { id: g.id, sort: String(g.location), direction: 'asc' });
    expect(byLocation.rows.map((r) => r.value)).toEqual(['=cmd()', 'A-1', 'B-2']);
    const okOnly = await rows(g.a, { id: g.id, filters: [{ column: String(g.status), op: 'equals', value: 'OK' }], sort: 'value', direction: 'asc' });
    expect(okOnly.rows.map((r) => r.value)).toEqual(['=cmd()', 'B-2']);
    expect(okOnly.total).toBe(2);
    expect((await rows(g.a, { id: g.id, filters: [{ column: String(g.location), op: 'empty', value: '' }] })).rows.map((r) => r.value)).toEqual(['=cmd()']);
    expect((await rows(g.a, { id: g.id, filters: [{ column: 'value', op: 'contains', value: '-2' }] })).rows.map((r) => r.value)).toEqual(['B-2']);
    expect((await g.a.admin('table-builder/rows', { id: g.id, sort: '999999' })).status).toBe(422);

    const a1 = (await rows(g.a, { id: g.id, filters: [{ column: 'value', op: 'equals', value: 'A-1' }] })).rows[0]!;
    const edited = await g.a.must('table-builder/cell-update', { id: g.id, rowId: a1.id, questionId: g.status, value: 'repaired' });
    expect((edited.row as Row).cells[String(g.status)]).toBe('repaired');
    const history = (await g.a.must('table-builder/row', { id: g.id, rowId: a1.id })).changes as { to: string; source: string; from: string }[];
    expect(history[0]).toMatchObject({ from: 'broken', to: 'repaired', source: 'admin' });

    const csv = await t.app.inject({ method: 'POST', url: '/api-v2/table-builder/export/', headers: { authorization: `Bearer ${g.a.owner.token}` }, payload: { id: g.id, format: 'csv', sort: 'value', direction: 'asc' } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Barcode,Status,Location,Updated,Updated by');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(["'=cmd(),ok,", 'A-1,repaired,Alpha', 'B-2,ok,Zeta']);
    const xlsx = await t.app.inject({ method: 'POST', url: '/api-v2/table-builder/export/', headers: { authorization: `Bearer ${g.a.owner.token}` }, payload: { id: g.id, format: 'xlsx', sort: 'value', direction: 'asc', questionIds: [g.location] } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Barcode', 'Location', 'Updated', 'Updated by']);
    expect(ws.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(2).getCell(1).value).toBe('=cmd()');
  });

  it('scoped to the account: another account cannot read, edit, export or share the table', async () => {
    const g = await table();
    const other = await table();
    await g.annS.scan(g.id, 'MINE', g.answers([[g.status, 'x']]));
    const row = (await rows(g.a, { id: g.id })).rows[0]!;
    expect((await other.a.admin('table-builder/rows', { id: g.id })).status).toBe(404);
    expect((await other.a.admin('table-builder/row', { id: g.id, rowId: row.id })).status).toBe(404);
    expect((await other.a.admin('table-builder/row', { id: other.id, rowId: row.id })).status).toBe(404);
    expect((await other.a.admin('table-builder/cell-update', { id: other.id, rowId: row.id, questionId: other.status, value: 'hacked' })).status).toBe(404);
    expect((await other.a.admin('table-builder/export', { id: g.id })).status).toBe(404);
    expect((await other.a.admin('table-builder/link-create', { id: g.id })).status).toBe(404);
    const plain = await g.a.service({ validation_method: 'record' });
    expect((await g.a.admin('table-builder/rows', { id: plain })).status).toBe(404);
  });
});

describe('table builder: share links', () => {
  const open = (body: Record<string, unknown>) => v2(t.app, 'share-link/open', body);
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;

  it('opens read-only with the chosen columns; only the hash is stored; revoked and expired links say expired', async () => {
    const g = await table();
    await g.annS.scan(g.id, 'A-1', g.answers([[g.status, 'OK'], [g.location, 'Secret room']]));
    const made = await g.a.must('table-builder/link-create', { id: g.id, questionIds: [g.status] });
    expect(made.path).toMatch(new RegExp(`^/share-link\\?taskId=${g.id}&token=[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(made.path as string);
    const stored = await t.container.db.kysely.selectFrom('table_builder_links').select(['token_hash', 'password_hash']).where('id', '=', (made.link as { linkId: number }).linkId).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toHaveLength(64);
    const res = await open({ taskId: String(g.id), token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ state: 'ok', name: 'Assets', total: 1, columns: [{ text: 'Status' }], rows: [{ value: 'A-1', cells: { [g.status]: 'OK' } }] });
    expect(JSON.stringify(res.body)).not.toContain('Secret room');
    expect(JSON.stringify(res.body)).not.toContain(g.ann.username);
    // A filter on a column the link does not show is refused.
    expect((await open({ taskId: String(g.id), token, filters: [{ column: String(g.location), op: 'contains', value: 'Secret' }] })).status).toBe(422);
    // The wrong instance id, a malformed and an unknown token: not found.
    expect((await open({ taskId: String(g.id + 1), token })).status).toBe(404);
    expect((await open({ taskId: String(g.id), token: 'short' })).status).toBe(404);
    expect((await open({ taskId: String(g.id), token: 'A'.repeat(43) })).status).toBe(404);

    const links = (await g.a.must('table-builder/links', { id: g.id })).items as { linkId: number; state: string }[];
    expect(links).toMatchObject([{ state: 'active', questionIds: [g.status], hasPassword: false }]);
    await g.a.must('table-builder/link-revoke', { id: g.id, linkId: links[0]!.linkId });
    expect((await open({ taskId: String(g.id), token })).body).toEqual({ state: 'expired' });
    expect((await g.a.must('table-builder/links', { id: g.id })).items).toMatchObject([{ state: 'revoked' }]);

    const soon = await g.a.must('table-builder/link-create', { id: g.id, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await open({ taskId: String(g.id), token: tokenOf(soon.path as string) })).body).toMatchObject({ state: 'ok' });
    await t.container.db.kysely.updateTable('table_builder_links').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', (soon.link as { linkId: number }).linkId).execute();
    expect((await open({ taskId: String(g.id), token: tokenOf(soon.path as string) })).body).toEqual({ state: 'expired' });
    expect((await g.a.admin('table-builder/link-create', { id: g.id, expiresAt: '2020-01-01T00:00:00.000Z' })).status).toBe(422);
  });

  it('a password is asked for, a wrong one refused; another account\'s token does not open this instance, nor revoke', async () => {
    const g = await table();
    const other = await table();
    await g.annS.scan(g.id, 'A-1');
    const made = await g.a.must('table-builder/link-create', { id: g.id, password: 'open sesame' });
    const token = tokenOf(made.path as string);
    const stored = await t.container.db.kysely.selectFrom('table_builder_links').select('password_hash').where('id', '=', (made.link as { linkId: number }).linkId).executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain('open sesame');
    expect((await open({ taskId: String(g.id), token })).body).toEqual({ state: 'password', wrong: false });
    expect((await open({ taskId: String(g.id), token, password: 'guess' })).body).toEqual({ state: 'password', wrong: true });
    expect((await open({ taskId: String(g.id), token, password: 'open sesame' })).body).toMatchObject({ state: 'ok', total: 1 });

    const theirs = await other.a.must('table-builder/link-create', { id: other.id });
    expect((await open({ taskId: String(g.id), token: tokenOf(theirs.path as string) })).status).toBe(404);
    expect((await other.a.admin('table-builder/link-revoke', { id: g.id, linkId: (made.link as { linkId: number }).linkId })).status).toBe(404);
    expect((await other.a.admin('table-builder/link-revoke', { id: other.id, linkId: (made.link as { linkId: number }).linkId })).status).toBe(404);
    expect((await open({ taskId: String(g.id), token, password: 'open sesame' })).body).toMatchObject({ state: 'ok' });
    // A deleted instance's link opens nothing.
    await g.a.must('specialized/delete', { id: g.id });
    expect((await open({ taskId: String(g.id), token, password: 'open sesame' })).status).toBe(404);
  });
});

describe('table builder: the count of a filtered page', () => {
  it('stops past 10,000 matches ("10,000+") unless the user asks to count all; without a filter it is exact', async () => {
    const g = await table();
    const db = t.container.db.kysely;
    const at = '2026-05-01T10:00:00.000Z';
    // 10,050 rows written straight into the tables (as the bench does): scanning them would take minutes.
    for (let start = 0; start < 10_050; start += 500) {
      const values = Array.from({ length: Math.min(500, 10_050 - start) }, (_, i) => ({ account_id: g.a.owner.accountId, service_id: g.id, value: `ROW-${start + i}`, created_at: at, updated_at: at, updated_by: 'bench' }));
      const ids = await db.insertInto('table_builder_rows').values(values).returning('id').execute();
      await db.insertInto('table_builder_cells').values(ids.map((r) => ({ account_id: g.a.owner.accountId, service_id: g.id, row_id: r.id, question_id: g.status, value: 'in stock', updated_at: at, updated_by: 'bench' }))).execute();
    }
    const filter = { filters: [{ column: String(g.status), op: 'contains', value: 'stock' }] };
    const capped = await rows(g.a, { id: g.id, ...filter, limit: 5 });
    expect(capped).toMatchObject({ total: 10_000, totalExact: false });
    expect(capped.rows).toHaveLength(5);
    expect(await rows(g.a, { id: g.id, ...filter, limit: 5, countAll: true })).toMatchObject({ total: 10_050, totalExact: true });
    expect(await rows(g.a, { id: g.id, limit: 5 })).toMatchObject({ total: 10_050, totalExact: true });
    expect(await rows(g.a, { id: g.id, filters: [{ column: 'value', op: 'equals', value: 'row-7' }] })).toMatchObject({ total: 1, totalExact: true });
  }, 180_000);
});
