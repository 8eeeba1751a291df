import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('editing scans', () => {
  it('changes value, status, response, answers and properties; the modified time moves and the history says who changed what', async () => {
    const a = await scanAccount(t);
    const colour = await a.question('Colour?', 'dropdown', ['Red', 'Blue']);
    const service = await a.service({ validation_method: 'record' });
    await a.must('services/set-questions', { id: service, questions: [{ id: colour, condition: 'pre_submit', required: false }] });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const scan = await s.call('app/scan', { serviceId: service, value: 'BOX-1', clientScanId: randomUUID(), answers: [{ questionId: colour, values: ['Red'] }], properties: { capture_type: 'camera', aisle: '4' } });
    const id = scan.body.scanId as number;
    const before = await a.must('scans/get', { id });
    expect(before).toMatchObject({ value: 'BOX-1', status: 1, history: [], properties: { capture_type: 'camera', aisle: '4' } });

    await new Promise((r) => setTimeout(r, 5));
    const edited = await a.must('scans/update', { id, value: 'BOX-2', status: 0, response: 'Damaged', answers: [{ questionId: colour, values: ['Blue'] }], properties: { aisle: null, note: 'checked' } });
    expect(edited).toMatchObject({ value: 'BOX-2', status: 0, response: 'Damaged', answers: [{ questionText: 'Colour?', answer: 'Blue' }], properties: { capture_type: 'camera', note: 'checked' } });
    expect((edited.modifiedAt as string) > (before.modifiedAt as string)).toBe(true);
    const history = edited.history as { editor: string; changes: { field: string; from: string; to: string }[] }[];
    expect(history).toHaveLength(1);
    expect(history[0]!.editor).toBe(`Ann Owner <${a.owner.email}>`);
    expect(history[0]!.changes).toEqual([
      { field: 'Value', from: 'BOX-1', to: 'BOX-2' },
      { field: 'Status', from: 'valid', to: 'invalid' },
      { field: 'Response', from: '', to: 'Damaged' },
      { field: 'Answer: Colour?', from: 'Red', to: 'Blue' },
      { field: 'Property: aisle', from: '4', to: '' },
      { field: 'Property: note', from: '', to: 'checked' },
    ]);
    // Saving the same values again changes nothing and adds no history.
    const same = await a.must('scans/update', { id, value: 'BOX-2', status: 0 });
    expect((same.history as unknown[]).length).toBe(1);

    expect((await a.admin('scans/update', { id, answers: [{ questionId: 999999, values: ['x'] }] })).body.error).toBe('VALIDATION_FAILED');
    const b = await scanAccount(t);
    expect((await b.admin('scans/get', { id })).body.error).toBe('NOT_FOUND');
    expect((await b.admin('scans/update', { id, value: 'HACK' })).body.error).toBe('NOT_FOUND');
  });

  it('deletes scans all or nothing', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const one = (await s.scan(service, 'D-1')).body.scanId as number;
    const two = (await s.scan(service, 'D-2')).body.scanId as number;
    expect((await a.admin('scans/delete', { ids: [one, 999999] })).body.error).toBe('NOT_FOUND');
    expect(((await a.must('scans/search', {})).total as number)).toBe(2);
    expect(await a.must('scans/delete', { ids: [one, two] })).toEqual({ deleted: 2 });
    expect(((await a.must('scans/search', {})).total as number)).toBe(0);
  });
});
