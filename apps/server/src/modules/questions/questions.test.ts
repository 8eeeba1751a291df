import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, expectCode, ok, type Caller } from '../services/scan-config.test-helpers.js';

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await createTestApp();
  ({ call } = await account(t));
});
afterAll(async () => {
  await t.close();
});

const create = async (text: string, type?: string) => String(ok(await call('questions', 'create', { question_text: text, ...(type ? { question_type: type } : {}) })).xml.id);

describe('questions', () => {
  it('creates every type (manual by default) and retrieves with answers and <count>', async () => {
    const types = ['manual', 'manualnumeric', 'option', 'dropdown', 'checkbox', 'gps', 'dropboximage', 'webcollect', 'datasignature'];
    const ids = [];
    for (const type of types) ids.push(await create(`Q ${type}`, type));
    const plain = await create('Default');
    const res = ok(await call('questions', 'retrieve', { question_id: [...ids, plain].join(', ') }));
    expect(res.xml.count).toBe('10');
    expect((res.xml.question as { type: string }[]).map((q) => q.type)).toEqual([...types, 'manual']);
    expectCode(await call('questions', 'create', {}), 269);
    expectCode(await call('questions', 'create', { question_text: 'x', question_type: 'essay' }), 50);
    expectCode(await call('questions', 'retrieve', { question_id: 'q' }), 262);
    expectCode(await call('questions', 'retrieve', { question_id: '999999' }), 202);
  });

  it('adds answers (265, 1036) and deletes them keeping two (206, 203, 134, 266)', async () => {
    const q = await create('Entrance?', 'option');
    const a1 = String(ok(await call('questions', 'addanswer', { question_id: q, answer_text: 'North' })).xml.id);
    const a2 = String(ok(await call('questions', 'addanswer', { question_id: q, answer_text: 'South' })).xml.id);
    const a3 = String(ok(await call('questions', 'addanswer', { question_id: q, answer_text: 'East' })).xml.id);
    expect(ok(await call('questions', 'retrieve', { question_id: q })).raw).toContain(`<answer id="${a1}">North</answer><answer id="${a2}">South</answer><answer id="${a3}">East</answer>`);
    expectCode(await call('questions', 'addanswer', { question_id: q, answer_text: 'north' }), 1036);
    expectCode(await call('questions', 'addanswer', { question_id: q }), 265);
    expectCode(await call('questions', 'addanswer', { question_id: await create('Free text') , answer_text: 'x' }), 265);
    expectCode(await call('questions', 'addanswer', { answer_text: 'x' }), 133);
    ok(await call('questions', 'deleteanswer', { answer_id: a3 }));
    expectCode(await call('questions', 'deleteanswer', { answer_id: a2 }), 206);
    expectCode(await call('questions', 'deleteanswer', { answer_id: a3 }), 203);
    expectCode(await call('questions', 'deleteanswer', {}), 134);
    expectCode(await call('questions', 'deleteanswer', { answer_id: 'x' }), 266);
    const web = await create('Custom', 'webcollect');
    ok(await call('questions', 'addanswer', { question_id: web, answer_text: '<curl>https://example.com/q</curl>' }));
    expectCode(await call('questions', 'addanswer', { question_id: web, answer_text: '<html></html>' }), 265);
  });

  it('deletes questions (133, 262) but not while a service asks them (261)', async () => {
    const a = await create('Del A');
    const b = await create('Del B');
    const svc = String(ok(await call('services', 'create', { validation_method: 'record' })).xml.id);
    ok(await call('services', 'addquestion', { service_id: svc, question_id: a }));
    expectCode(await call('questions', 'delete', { question_id: `${a},${b}` }), 261);
    ok(await call('services', 'removequestion', { service_id: svc, question_id: a }));
    ok(await call('questions', 'delete', { question_id: `${a}, ${b}` }));
    expectCode(await call('questions', 'retrieve', { question_id: a }), 202);
    expectCode(await call('questions', 'delete', {}), 133);
    expectCode(await call('questions', 'delete', { question_id: '1;2' }), 262);
  });
});
