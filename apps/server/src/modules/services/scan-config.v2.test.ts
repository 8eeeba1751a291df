import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account } from './scan-config.test-helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await account(t));
});
afterAll(async () => {
  await t.close();
});

async function multipart(path: string, params: unknown, file: { name: string; content: Buffer | string }) {
  const boundary = '----sb-v2';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${JSON.stringify(params)}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

describe('V2 scan configuration', () => {
  it('databases: create, list with search and sort, values search, add/edit/delete, autofill, clear', async () => {
    const created = await v2(t.app, 'databases/create', { name: 'Badges', caseSensitive: false }, token);
    expect(created.body).toMatchObject({ name: 'Badges', caseSensitive: false, valueCount: 0, serviceIds: [] });
    const id = created.body.id as number;
    expect((await v2(t.app, 'databases/create', { name: 'badges' }, token)).status).toBe(409);
    await v2(t.app, 'databases/create', { name: 'Another' }, token);
    const list = await v2(t.app, 'databases/list', { search: 'adg', sortby: 'name', sortdirection: 'desc' }, token);
    expect(list.body).toMatchObject({ total: 1, page: 1, limit: 50 });
    const added = await v2(t.app, 'databases/add-value', { id, value: ' B-1 ', response: 'Hi', validity: 1 }, token);
    expect(added.body).toMatchObject({ value: 'B-1', response: 'Hi', validity: 1 });
    expect((await v2(t.app, 'databases/add-value', { id, value: 'b-1' }, token)).status).toBe(409);
    const edited = await v2(t.app, 'databases/edit-value', { id, valueId: added.body.id, value: 'B-2', validity: 0 }, token);
    expect(edited.body).toMatchObject({ value: 'B-2', response: 'Hi', validity: 0 });
    const filled = await v2(t.app, 'databases/autofill', { id, count: 30, mode: 'sequential', prefix: 'SEQ-', length: 3, start: 1 }, token);
    expect(filled.body).toEqual({ added: 30 });
    expect((await v2(t.app, 'databases/autofill', { id, count: 20, mode: 'random', length: 10 }, token)).body).toEqual({ added: 20 });
    const search = await v2(t.app, 'databases/values', { id, search: 'seq-01', limit: 5 }, token);
    expect(search.body).toMatchObject({ total: 10, totalCapped: false });
    expect((search.body.items as { value: string }[]).map((v) => v.value)).toEqual(['SEQ-010', 'SEQ-011', 'SEQ-012', 'SEQ-013', 'SEQ-014']);
    expect((await v2(t.app, 'databases/values', { id, validity: 0 }, token)).body.total).toBe(1);
    expect((await v2(t.app, 'databases/delete-value', { id, valueId: added.body.id }, token)).status).toBe(200);
    expect((await v2(t.app, 'databases/clear', { id }, token)).body).toEqual({ removed: 50 });
    expect((await v2(t.app, 'databases/delete', { id }, token)).status).toBe(200);
  });

  it('imports CSV and XLSX with a preview, a column mapping and a rejected-row report', async () => {
    const id = (await v2(t.app, 'databases/create', { name: 'Import' }, token)).body.id as number;
    const csv = 'code;name;state\nA1,Ann,1\n,missing,1\nA2,Bob,0\n';
    const preview = await multipart('databases/import-preview', { id, rows: 2 }, { name: 'people.csv', content: csv });
    expect(preview.body).toEqual({ format: 'csv', rows: [['code;name;state'], ['A1', 'Ann', '1']], columns: 3 });
    const report = await multipart('databases/import', { id, hasHeader: true, columns: { value: 0, response: 1, validity: 2 } }, { name: 'people.csv', content: csv });
    expect(report.body).toEqual({ rows: 3, imported: 2, rejected: 1, rejectedRows: [{ row: 3, reason: 'empty value' }] });
    const aborted = await multipart('databases/import', { id, onError: 'abort' }, { name: 'people.csv', content: 'Z1\n\u0020\nZ2\n' });
    expect(aborted.status).toBe(422);
    expect(aborted.body.details).toEqual({ row: 2, reason: 'empty value' });
    expect((await v2(t.app, 'databases/values', { id, search: 'Z' }, token)).body.total).toBe(0);

    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Values');
    ws.addRow(['Response', 'Value']);
    ws.addRow(['From Excel', 'X-100']);
    ws.addRow([{ richText: [{ text: 'Rich' }] }, 12345]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const xp = await multipart('databases/import-preview', { id }, { name: 'values.xlsx', content: xlsx });
    expect(xp.body).toMatchObject({ format: 'xlsx', rows: [['Response', 'Value'], ['From Excel', 'X-100'], ['Rich', '12345']] });
    const xr = await multipart('databases/import', { id, hasHeader: true, columns: { value: 1, response: 0, validity: null } }, { name: 'values.xlsx', content: xlsx });
    expect(xr.body).toMatchObject({ imported: 2, rejected: 0 });
    const vals = await v2(t.app, 'databases/values', { id, search: '12345' }, token);
    expect(vals.body.items).toMatchObject([{ value: '12345', response: 'Rich', validity: 1 }]);
  });

  it('services, questions, users and devices through V2', async () => {
    const demo = await v2(t.app, 'services/create-demo', {}, token);
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ validationMethod: 'database', duplicateValue: false });
    expect((demo.body.questions as unknown[]).length).toBe(2);
    const svc = await v2(t.app, 'services/create', { variables: { validation_method: 'record', service_name: 'Door', enableGPS: true } }, token);
    expect(svc.body).toMatchObject({ name: 'Door', settings: { enableGps: true } });
    const bad = await v2(t.app, 'services/create', { variables: { validation_method: 'database' } }, token);
    expect(bad.status).toBe(422);
    const upd = await v2(t.app, 'services/update', { id: svc.body.id, variables: { symbologies: '34' } }, token);
    expect((upd.body.settings as { symbologies: number[] }).symbologies).toEqual([34]);
    const kept = await v2(t.app, 'services/update', { id: svc.body.id, variables: { service_name: 'Door 2' } }, token);
    expect((kept.body.settings as { symbologies: number[] }).symbologies).toEqual([34]);
    const reset = await v2(t.app, 'services/update', { id: svc.body.id, variables: { symbologies: '' } }, token);
    expect((reset.body.settings as { symbologies: number[] }).symbologies).toEqual([]);
    const list = await v2(t.app, 'services/list', { servicetype: 'record', search: 'door' }, token);
    expect(list.body.total).toBe(1);

    const q = await v2(t.app, 'questions/create', { text: 'Mood?', type: 'option', answers: ['Good', 'Bad'] }, token);
    expect((q.body.answers as { text: string }[]).map((a) => a.text)).toEqual(['Good', 'Bad']);
    expect((await v2(t.app, 'questions/list', { searchType: 'option' }, token)).body.total).toBeGreaterThanOrEqual(2);
    const user = await v2(t.app, 'appusers/create', { username: 'v2gate', password: 'pass1234', deviceLimit: 3, serviceIds: [svc.body.id] }, token);
    expect(user.body).toMatchObject({ username: 'v2gate', deviceLimit: 3, serviceIds: [svc.body.id], isOwner: false });
    const withUsers = await v2(t.app, 'services/set-users', { id: svc.body.id, userIds: [] }, token);
    expect(withUsers.body.userIds).toEqual([]);
    const withQ = await v2(t.app, 'services/set-questions', { id: svc.body.id, questions: [{ id: q.body.id, condition: 'valid_scan', required: true }] }, token);
    expect(withQ.body.questions).toEqual([{ id: q.body.id, condition: 'valid_scan', required: true }]);
    const users = await v2(t.app, 'appusers/list', {}, token);
    expect(users.body).toMatchObject({ page: 1, limit: 50, total: 2 });
    expect((await v2(t.app, 'appusers/available', { username: 'V2GATE' }, token)).body).toEqual({ available: false });
    const ownerUser = (users.body.items as { id: number; isOwner: boolean }[]).find((u) => u.isOwner)!;
    expect((await v2(t.app, 'appusers/delete', { id: ownerUser.id }, token)).status).toBe(403);
    const accountId = (await t.container.db.kysely.selectFrom('services').select('account_id').where('id', '=', svc.body.id as number).executeTakeFirstOrThrow()).account_id;
    const devId = await t.container.scanConfig.devices.register(accountId, 'u-1', 'Phone', null);
    expect((await v2(t.app, 'devices/rename', { id: devId, name: 'Gate phone' }, token)).body).toMatchObject({ name: 'Gate phone' });
    expect((await v2(t.app, 'devices/list', {}, token)).body.total).toBe(1);
    expect((await v2(t.app, 'services/delete', { id: svc.body.id }, token)).status).toBe(200);
  });
});
