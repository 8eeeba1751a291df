import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';

// `/app-custom` and `/device-lookup` (issue 14): the table opened with the scanner's app token or a share token,
// on a real database (SQLite, or PostgreSQL through scripts/with-postgres.mjs).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Page = { name: string; total: number; columns: { questionId: number; text: string }[]; rows: { value: string; cells: Record<string, string> }[]; editable: number[] };

/** An account with a table (Status, Location) scanned by two app users on two devices. */
async function table() {
  const a = await scanAccount(t);
  const status = await a.question('Status', 'manual');
  const location = await a.question('Location', 'manual');
  const id = (await a.must('specialized/create', { type: 'table-builder', name: 'Assets', settings: {} })).id as number;
  await a.must('services/set-questions', { id, questions: [{ id: status, condition: 'pre_submit', required: false }, { id: location, condition: 'pre_submit', required: false }] });
  const ann = await a.appUser([id]);
  const bob = await a.appUser([id]);
  const annS = await scannerSignIn(t, ann);
  const bobS = await scannerSignIn(t, bob);
  const answers = (pairs: [number, string][]) => ({ answers: pairs.map(([questionId, v]) => ({ questionId, values: [v] })) });
  await annS.scan(id, 'A-1', answers([[status, 'OK'], [location, 'Dock 1']]));
  await annS.scan(id, 'A-2', answers([[status, 'Broken']]));
  await bobS.scan(id, 'B-1', answers([[status, 'OK']]));
  const deviceOf = (s: { signIn: Record<string, unknown> }) => (s.signIn.device as { id: number }).id;
  return { a, id, status, location, ann, bob, annS, bobS, annDevice: deviceOf(annS), bobDevice: deviceOf(bobS) };
}

describe('/app-custom and /device-lookup with the app token', () => {
  it('shows the table in the columns the app user sees, which they may edit, and the rows a device scanned', async () => {
    const g = await table();
    await g.a.must('specialized/update', { id: g.id, settings: { editors: [{ userId: g.bob.id, questionIds: [g.status] }], views: [{ name: 'Floor', userIds: [g.bob.id], questionIds: [g.status] }] } });
    const ann = await g.annS.call('app/table-builder/rows', { tableId: g.id, sort: 'value', direction: 'asc' });
    expect(ann.status).toBe(200);
    const annPage = ann.body as Page;
    expect(annPage.name).toBe('Assets');
    expect(annPage.columns.map((c) => c.text)).toEqual(['Status', 'Location']);
    expect(annPage.editable).toEqual([g.status, g.location]);
    expect(annPage.rows.map((r) => r.value)).toEqual(['A-1', 'A-2', 'B-1']);
    expect(annPage.rows[0]!.cells).toEqual({ [g.status]: 'OK', [g.location]: 'Dock 1' });
    // Bob's child view shows him the status only: the location is not sent, and may not be filtered on.
    const bob = (await g.bobS.call('app/table-builder/rows', { tableId: g.id, filters: [{ column: 'value', op: 'equals', value: 'a-1' }] })).body as Page;
    expect(bob.columns.map((c) => c.text)).toEqual(['Status']);
    expect(bob.editable).toEqual([g.status]);
    expect(bob.rows).toMatchObject([{ value: 'A-1', cells: { [g.status]: 'OK' } }]);
    expect(JSON.stringify(bob)).not.toContain('Dock 1');
    expect((await g.bobS.call('app/table-builder/rows', { tableId: g.id, filters: [{ column: String(g.location), op: 'contains', value: 'Dock' }] })).status).toBe(422);
    // Device lookup: only the rows the device scanned.
    const annRows = (await g.bobS.call('app/table-builder/rows', { tableId: g.id, deviceId: g.annDevice, sort: 'value', direction: 'asc' })).body as Page;
    expect(annRows.rows.map((r) => r.value)).toEqual(['A-1', 'A-2']);
    expect(annRows.total).toBe(2);
    const bobRows = (await g.annS.call('app/table-builder/rows', { tableId: g.id, deviceId: g.bobDevice })).body as Page;
    expect(bobRows.rows.map((r) => r.value)).toEqual(['B-1']);
  });

  it('refuses no token, an expired or revoked token, an app user not on the service, and another account\'s app user', async () => {
    const g = await table();
    const other = await table();
    const body = { tableId: g.id };
    expect((await v2(t.app, 'app/table-builder/rows', body)).status).toBe(401);
    expect((await v2(t.app, 'app/table-builder/rows', body, 'not-a-token')).status).toBe(401);
    // Another account's app user (and their device) see nothing of this table.
    expect((await other.annS.call('app/table-builder/rows', body)).status).toBe(404);
    expect((await other.annS.call('app/table-builder/rows', { tableId: g.id, deviceId: g.annDevice })).status).toBe(404);
    // An app user of this account not on the service.
    const outsider = await scannerSignIn(t, await g.a.appUser([]));
    expect((await outsider.call('app/table-builder/rows', body)).status).toBe(404);
    // A table id of another type is not a table.
    const plain = await g.a.service({ validation_method: 'record' });
    expect((await g.annS.call('app/table-builder/rows', { tableId: plain })).status).toBe(404);
    // Expired (a fresh session: tokens are cached briefly once read).
    const bobLater = await scannerSignIn(t, g.bob);
    await t.container.db.kysely.updateTable('app_tokens').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('app_user_id', '=', g.bob.id).execute();
    expect((await bobLater.call('app/table-builder/rows', body)).status).toBe(401);
    // Revoked (signed out).
    expect((await g.annS.call('app/table-builder/rows', body)).status).toBe(200);
    expect((await g.annS.call('app/signout', {})).status).toBe(200);
    expect((await g.annS.call('app/table-builder/rows', body)).status).toBe(401);
  });
});

describe('/device-lookup with a share token', () => {
  const open = (body: Record<string, unknown>) => v2(t.app, 'share-link/open', body);
  const tokenOf = (path: unknown) => new URL(path as string, 'http://x').searchParams.get('token')!;

  it('lists the rows the device scanned in the link\'s columns; expired, revoked, wrong password and another account\'s token are refused', async () => {
    const g = await table();
    const other = await table();
    const made = await g.a.must('table-builder/link-create', { id: g.id, questionIds: [g.status], password: 'open sesame' });
    const token = tokenOf(made.path);
    const lookup = { taskId: String(g.id), token, deviceId: g.annDevice, sort: 'value', direction: 'asc' };
    expect((await open(lookup)).body).toEqual({ state: 'password', wrong: false });
    expect((await open({ ...lookup, password: 'wrong' })).body).toEqual({ state: 'password', wrong: true });
    const ok = await open({ ...lookup, password: 'open sesame' });
    expect(ok.body).toMatchObject({ state: 'ok', total: 2, columns: [{ text: 'Status' }], rows: [{ value: 'A-1' }, { value: 'A-2' }] });
    expect(JSON.stringify(ok.body)).not.toContain('Dock 1');
    expect(((await open({ ...lookup, deviceId: g.bobDevice, password: 'open sesame' })).body as Page).rows.map((r) => r.value)).toEqual(['B-1']);
    // Another account's device scanned nothing here.
    expect(((await open({ ...lookup, deviceId: other.annDevice, password: 'open sesame' })).body as Page).total).toBe(0);
    // Another account's token does not open this table.
    const theirs = await other.a.must('table-builder/link-create', { id: other.id });
    expect((await open({ ...lookup, token: tokenOf(theirs.path) })).status).toBe(404);
    // Expired, then revoked.
    const linkId = (made.link as { linkId: number }).linkId;
    await t.container.db.kysely.updateTable('table_builder_links').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', linkId).execute();
    expect((await open({ ...lookup, password: 'open sesame' })).body).toEqual({ state: 'expired' });
    const fresh = await g.a.must('table-builder/link-create', { id: g.id });
    expect((await open({ ...lookup, token: tokenOf(fresh.path) })).body).toMatchObject({ state: 'ok', total: 2 });
    await g.a.must('table-builder/link-revoke', { id: g.id, linkId: (fresh.link as { linkId: number }).linkId });
    expect((await open({ ...lookup, token: tokenOf(fresh.path) })).body).toEqual({ state: 'expired' });
  });
});

describe('editable share links', () => {
  const open = (body: Record<string, unknown>) => v2(t.app, 'share-link/open', body);
  const edit = (body: Record<string, unknown>) => v2(t.app, 'share-link/cell-update', body);
  const tokenOf = (path: unknown) => new URL(path as string, 'http://x').searchParams.get('token')!;

  it('edits only the chosen columns, as "share link <name>"; a read-only, expired or revoked link, a wrong password and another table\'s row are refused', async () => {
    const g = await table();
    const other = await table();
    const page = (await g.annS.call('app/table-builder/rows', { tableId: g.id, sort: 'value', direction: 'asc' })).body as Page & { rows: { id: number }[] };
    const a1 = page.rows[0]!.id;
    // Columns it may edit must be among those it shows.
    expect((await g.a.admin('table-builder/link-create', { id: g.id, questionIds: [g.status], editableQuestionIds: [g.location] })).status).toBe(422);
    const made = await g.a.must('table-builder/link-create', { id: g.id, name: 'Carrier', editableQuestionIds: [g.status], password: 'open sesame' });
    expect(made.link).toMatchObject({ name: 'Carrier', editableQuestionIds: [g.status] });
    const token = tokenOf(made.path);
    const link = { taskId: String(g.id), token, password: 'open sesame' };
    expect((await open(link)).body).toMatchObject({ state: 'ok', editable: [g.status] });

    const res = await edit({ ...link, rowId: a1, questionId: g.status, value: 'Delivered' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ row: { value: 'A-1', cells: { [g.status]: 'Delivered' }, updatedBy: '' } });
    const history = (await g.a.must('table-builder/row', { id: g.id, rowId: a1 })).changes as { to: string; by: string; source: string }[];
    expect(history[0]).toMatchObject({ to: 'Delivered', by: 'share link Carrier', source: 'share' });
    // A column it may not edit, a wrong or missing password, another table's row: refused, nothing changes.
    expect((await edit({ ...link, rowId: a1, questionId: g.location, value: 'Moon' })).status).toBe(403);
    expect((await edit({ ...link, password: 'guess', rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(403);
    expect((await edit({ taskId: String(g.id), token, rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(403);
    const theirRow = ((await other.annS.call('app/table-builder/rows', { tableId: other.id })).body as Page & { rows: { id: number }[] }).rows[0]!.id;
    expect((await edit({ ...link, rowId: theirRow, questionId: g.status, value: 'Lost' })).status).toBe(404);
    // Another account's token does not edit this table.
    const theirs = await other.a.must('table-builder/link-create', { id: other.id, editableQuestionIds: [other.status] });
    expect((await edit({ taskId: String(g.id), token: tokenOf(theirs.path), rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(404);

    // Read-only link.
    const readOnly = await g.a.must('table-builder/link-create', { id: g.id });
    expect((await open({ taskId: String(g.id), token: tokenOf(readOnly.path) })).body).toMatchObject({ state: 'ok', editable: [] });
    expect((await edit({ taskId: String(g.id), token: tokenOf(readOnly.path), rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(403);
    // Expired, then revoked.
    const linkId = (made.link as { linkId: number }).linkId;
    await t.container.db.kysely.updateTable('table_builder_links').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', linkId).execute();
    expect((await edit({ ...link, rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(403);
    const fresh = await g.a.must('table-builder/link-create', { id: g.id, name: 'Yard', editableQuestionIds: [g.status] });
    const freshLink = { taskId: String(g.id), token: tokenOf(fresh.path) };
    expect((await edit({ ...freshLink, rowId: a1, questionId: g.status, value: 'Checked' })).status).toBe(200);
    await g.a.must('table-builder/link-revoke', { id: g.id, linkId: (fresh.link as { linkId: number }).linkId });
    expect((await edit({ ...freshLink, rowId: a1, questionId: g.status, value: 'Lost' })).status).toBe(403);
    const final = ((await g.annS.call('app/table-builder/rows', { tableId: g.id, sort: 'value', direction: 'asc' })).body as Page).rows[0]!;
    expect(final.cells).toEqual({ [g.status]: 'Checked', [g.location]: 'Dock 1' });
  });
});
