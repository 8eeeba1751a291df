import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof scanAccount>>;

/** An instance with one scanning app user signed in. */
async function instance(a: Account, settings: Record<string, unknown>, extra: { databaseId?: number; portal?: boolean } = {}) {
  const user = await a.appUser([]);
  const made = await a.must('specialized/create', { type: 'check-in-out', name: `Door ${Math.random().toString(36).slice(2, 7)}`, databaseId: extra.databaseId ?? null, settings: { ...settings, portalUserIds: extra.portal ? [user.id] : [] }, userIds: [user.id] });
  const scanner = await scannerSignIn(t, user);
  return { id: made.id as number, user, scanner, made };
}

const outcome = (res: { body: Record<string, unknown> }) => res.body as { status: number; text: string; outcome?: Record<string, string> };

describe('check in/out: modes and rules', () => {
  it('creates an instance on a record service with the scanner options of its mode', async () => {
    const a = await scanAccount(t);
    const { id, scanner, made } = await instance(a, { mode: 'confirm', checklist: { when: 'out', items: ['Laptop returned'] } });
    expect(made.settings).toMatchObject({ mode: 'confirm', defaultState: 'out', showLast: true });
    const services = (scanner.signIn as { services: { id: number; validationMethod: string; specialized: { type: string; options: Record<string, unknown> } }[] }).services;
    const s = services.find((x) => x.id === id)!;
    expect(s.validationMethod).toBe('record');
    expect(s.specialized).toMatchObject({ type: 'check-in-out', options: { direction: 'confirm', checklist: { when: 'out', items: ['Laptop returned'] } } });
  });

  it('Toggle flips the state from the default, and says who moved it last', async () => {
    const a = await scanAccount(t);
    const { scanner, id, user } = await instance(a, { mode: 'toggle' });
    const first = outcome(await scanner.scan(id, 'BADGE-1'));
    expect(first).toMatchObject({ status: 1, text: 'Checked in.', outcome: { direction: 'in' } });
    const second = outcome(await scanner.scan(id, 'BADGE-1'));
    expect(second.status).toBe(1);
    expect(second.outcome).toEqual({ direction: 'out' });
    expect(second.text).toMatch(new RegExp(`^Checked out\\. Was in since \\d\\d:\\d\\d by ${user.username}\\.$`));
    const roster = await a.must('checkinout/roster', { id });
    expect(roster).toMatchObject({ total: 1, counts: { in: 0, out: 1 }, items: [{ value: 'BADGE-1', state: 'out', by: user.username }] });
  });

  it('Toggle with default state "in" checks a new value out first; showLast off leaves the last user out', async () => {
    const a = await scanAccount(t);
    const { scanner, id } = await instance(a, { mode: 'toggle', defaultState: 'in', showLast: false });
    expect(outcome(await scanner.scan(id, 'T-1'))).toMatchObject({ status: 1, text: 'Checked out.', outcome: { direction: 'out' } });
    expect(outcome(await scanner.scan(id, 'T-1'))).toMatchObject({ status: 1, text: 'Checked in.' });
  });

  it('Fast and Confirm need the direction, and refuse moving a value to the state it is in', async () => {
    const a = await scanAccount(t);
    for (const mode of ['fast', 'confirm'] as const) {
      const { scanner, id, user } = await instance(a, { mode });
      const none = outcome(await scanner.scan(id, 'P-7'));
      expect(none.status).toBe(0);
      expect(none.text).toMatch(/Choose a direction/);
      const outFirst = outcome(await scanner.scan(id, 'P-7', { properties: { direction: 'out' } }));
      expect(outFirst).toMatchObject({ status: 0, text: 'Already out (never scanned).' });
      expect(outcome(await scanner.scan(id, 'P-7', { properties: { direction: 'in' } }))).toMatchObject({ status: 1, text: 'Checked in.', outcome: { direction: 'in' } });
      const again = outcome(await scanner.scan(id, 'P-7', { properties: { direction: 'IN' } }));
      expect(again.status).toBe(0);
      expect(again.text).toMatch(new RegExp(`^Already in since \\d\\d:\\d\\d by ${user.username}\\.$`));
      expect(outcome(await scanner.scan(id, 'P-7', { properties: { direction: 'out' } })).status).toBe(1);
    }
  });

  it('refuses a movement without the required checklist items and stores the confirmed ones', async () => {
    const a = await scanAccount(t);
    const { scanner, id } = await instance(a, { mode: 'confirm', checklist: { when: 'out', items: ['Laptop returned', 'Keys returned'] } });
    // Check-in does not need the check-out checklist.
    expect(outcome(await scanner.scan(id, 'EMP-1', { properties: { direction: 'in' } })).status).toBe(1);
    const partial = outcome(await scanner.scan(id, 'EMP-1', { properties: { direction: 'out', checklist: JSON.stringify(['Laptop returned']) } }));
    expect(partial.status).toBe(0);
    expect(partial.text).toBe('Check out refused: confirm the checklist first (missing "Keys returned").');
    const full = outcome(await scanner.scan(id, 'EMP-1', { properties: { direction: 'out', checklist: JSON.stringify(['Keys returned', 'Laptop returned']) } }));
    expect(full).toMatchObject({ status: 1, outcome: { direction: 'out', checklist: JSON.stringify(['Laptop returned', 'Keys returned']) } });
    const history = await a.must('checkinout/history', { id, value: 'EMP-1' });
    expect(history).toMatchObject({ value: 'EMP-1', state: 'out' });
    const moves = history.movements as { status: number; direction: string; checklist: string[] }[];
    expect(moves.map((m) => [m.status, m.direction])).toEqual([[1, 'out'], [0, 'out'], [1, 'in']]);
    expect(moves[0]!.checklist).toEqual(['Laptop returned', 'Keys returned']);
  });

  it('restricts to the values of a database (case-insensitive) and names the value from its response', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['emp-9', 'Ada Lovelace', 1], ['emp-0', 'Revoked', 0]]);
    const { scanner, id } = await instance(a, { mode: 'toggle' }, { databaseId: db });
    expect(outcome(await scanner.scan(id, 'nobody'))).toMatchObject({ status: 0, text: 'Not found in the database.' });
    expect(outcome(await scanner.scan(id, 'emp-0')).status).toBe(0);
    expect(outcome(await scanner.scan(id, 'EMP-9'))).toMatchObject({ status: 1, text: 'Ada Lovelace: Checked in.' });
    expect(outcome(await scanner.scan(id, 'emp-9'))).toMatchObject({ status: 1, outcome: { direction: 'out' } });
    const roster = await a.must('checkinout/roster', { id });
    expect(roster.total).toBe(1);
  });

  it('two gates scanning the same badge at once give one in and one refusal', async () => {
    const a = await scanAccount(t);
    const { scanner, id, user } = await instance(a, { mode: 'fast' });
    const gate2 = await scannerSignIn(t, user);
    const results = await Promise.all([scanner.scan(id, 'RACE-1', { properties: { direction: 'in' } }), gate2.scan(id, 'RACE-1', { properties: { direction: 'in' } })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const statuses = results.map((r) => outcome(r).status).sort();
    expect(statuses).toEqual([0, 1]);
    expect(results.map((r) => outcome(r).text).find((x) => x.startsWith('Already'))).toMatch(/^Already in since/);
    // Toggle: two at once flip once each, in turn (in, then out), never two ins.
    const toggle = await instance(a, { mode: 'toggle' });
    const gate3 = await scannerSignIn(t, toggle.user);
    const flips = await Promise.all([toggle.scanner.scan(toggle.id, 'RACE-2'), gate3.scan(toggle.id, 'RACE-2')]);
    expect(flips.map((r) => outcome(r).outcome?.direction).sort()).toEqual(['in', 'out']);
    const roster = await a.must('checkinout/roster', { id: toggle.id });
    expect(roster.counts).toEqual({ in: 0, out: 1 });
  });

  it('keeps accounts apart: another account sees neither the roster nor the history', async () => {
    const a = await scanAccount(t);
    const b = await scanAccount(t);
    const { scanner, id } = await instance(a, { mode: 'toggle' });
    await scanner.scan(id, 'SECRET');
    expect((await b.admin('checkinout/roster', { id })).status).toBe(404);
    expect((await b.admin('checkinout/history', { id, value: 'SECRET' })).status).toBe(404);
    // An ordinary service is not an instance.
    const plain = await a.service({ validation_method: 'record' });
    expect((await a.admin('checkinout/roster', { id: plain })).status).toBe(404);
  });

  it('filters and searches the roster with paging', async () => {
    const a = await scanAccount(t);
    const { scanner, id } = await instance(a, { mode: 'toggle' });
    for (const v of ['A-1', 'A-2', 'B-1']) await scanner.scan(id, v);
    await scanner.scan(id, 'A-2');
    const ins = await a.must('checkinout/roster', { id, state: 'in' });
    expect((ins.items as { value: string }[]).map((i) => i.value).sort()).toEqual(['A-1', 'B-1']);
    expect(ins.counts).toEqual({ in: 2, out: 1 });
    const search = await a.must('checkinout/roster', { id, search: 'a-' });
    expect(search.total).toBe(2);
    const page = await a.must('checkinout/roster', { id, limit: 1, page: 2 });
    expect((page.items as unknown[]).length).toBe(1);
    expect(page.total).toBe(3);
  });
});

describe('check in/out: the portal', () => {
  it('lists, shows and moves for a portal user; a scanning user without portal access is refused', async () => {
    const a = await scanAccount(t);
    const { scanner, id, user } = await instance(a, { mode: 'confirm', checklist: { when: 'in', items: ['Helmet'] } }, { portal: true });
    const other = await a.appUser([id]);
    const otherScanner = await scannerSignIn(t, other);
    expect((await scanner.call('app/checkinout/instances', {})).body.items).toEqual([{ id, name: expect.any(String) as string, mode: 'confirm', counts: { in: 0, out: 0 } }]);
    expect((await otherScanner.call('app/checkinout/instances', {})).body.items).toEqual([]);
    for (const [path, body] of [
      ['app/checkinout/roster', { id }],
      ['app/checkinout/history', { id, value: 'X' }],
      ['app/checkinout/move', { id, value: 'X', direction: 'in', reason: 'r' }],
    ] as const) {
      const res = await otherScanner.call(path, body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    // An admin token is not an app token.
    expect((await a.admin('app/checkinout/roster', { id })).status).toBe(401);

    const noReason = await scanner.call('app/checkinout/move', { id, value: 'V-1', direction: 'in', reason: ' ' });
    expect(noReason.status).toBe(422);
    const refused = await scanner.call('app/checkinout/move', { id, value: 'V-1', direction: 'in', reason: 'Forgot badge' });
    expect(refused.body).toMatchObject({ status: 0, state: null });
    const moved = await scanner.call('app/checkinout/move', { id, value: 'V-1', direction: 'in', reason: 'Forgot badge', checklist: ['Helmet'] });
    expect(moved.body).toMatchObject({ status: 1, text: 'Checked in.', state: { value: 'V-1', state: 'in', by: user.username } });
    const twice = await scanner.call('app/checkinout/move', { id, value: 'V-1', direction: 'in', reason: 'Again', checklist: ['Helmet'] });
    expect(twice.body.status).toBe(0);
    expect(String(twice.body.text)).toMatch(/^Already in since/);
    const roster = await scanner.call('app/checkinout/roster', { id });
    expect(roster.body).toMatchObject({ mode: 'confirm', counts: { in: 1, out: 0 }, items: [{ value: 'V-1', state: 'in' }] });
    const history = await scanner.call('app/checkinout/history', { id, value: 'V-1' });
    expect((history.body.movements as { reason: string; checklist: string[] }[])[1]).toMatchObject({ reason: 'Forgot badge', checklist: ['Helmet'] });
  });

  it("refuses another account's instance in the portal", async () => {
    const a = await scanAccount(t);
    const b = await scanAccount(t);
    const { id } = await instance(a, { mode: 'toggle' }, { portal: true });
    const bUser = await b.appUser([]);
    const bScanner = await scannerSignIn(t, bUser);
    expect((await bScanner.call('app/checkinout/roster', { id })).status).toBe(404);
  });
});
