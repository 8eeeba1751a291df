import { randomUUID } from 'node:crypto';
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
type Outcome = { status: number; text: string; scanId: number; outcome?: Record<string, string> };

/** An instance with one scanning app user signed in. */
async function instance(a: Account, settings: Record<string, unknown>, databaseId: number | null = null) {
  const user = await a.appUser([]);
  const made = await a.must('specialized/create', { type: 'ab-barcode-matching', name: `Dock ${randomUUID().slice(0, 5)}`, databaseId, settings, userIds: [user.id] });
  const scanner = await scannerSignIn(t, user);
  const pair = async (A: string, B: string, more: Record<string, string> = {}) => (await scanner.scan(made.id as number, A, { properties: { ab_b: B, ...more } })).body as Outcome;
  return { id: made.id as number, user, scanner, made, pair };
}

describe('A/B barcode matching', () => {
  it('creates a record service with the rule as scanner options, and judges equal pairs', async () => {
    const a = await scanAccount(t);
    const { id, scanner, made, pair } = await instance(a, { rule: 'equal', caseSensitive: false });
    expect(made.settings).toMatchObject({ rule: 'equal', caseSensitive: false, reasonRequired: false, ai: '01' });
    const services = (scanner.signIn as { services: { id: number; validationMethod: string; specialized: { type: string; options: Record<string, unknown> } }[] }).services;
    expect(services.find((s) => s.id === id)).toMatchObject({ validationMethod: 'record', specialized: { type: 'ab-barcode-matching', options: { ab: { rule: 'equal', caseSensitive: false, reasonRequired: false } } } });

    expect(await pair('PAL-1', 'pal-1')).toMatchObject({ status: 1, text: 'Match: B equals A.', outcome: { ab_a: 'PAL-1', ab_b: 'pal-1', ab_result: 'match' } });
    const miss = await pair('PAL-1', 'PAL-2', { ab_reason: 'wrong label on the pallet' });
    expect(miss).toMatchObject({ status: 0, text: 'Mismatch: B differs from A.', outcome: { ab_result: 'mismatch', ab_reason: 'wrong label on the pallet' } });
    const stored = await a.must('scans/get', { id: miss.scanId });
    expect(stored.properties).toMatchObject({ ab_a: 'PAL-1', ab_b: 'PAL-2', ab_result: 'mismatch', ab_reason: 'wrong label on the pallet' });
  });

  it('a scan without B is refused and not counted', async () => {
    const a = await scanAccount(t);
    const { id, scanner } = await instance(a, {});
    const res = (await scanner.scan(id, 'PAL-1')).body as Outcome;
    expect(res.status).toBe(0);
    expect(res.text).toMatch(/^Scan B/);
    expect(res.outcome?.ab_result).toBeUndefined();
    expect(await a.must('abmatching/stats', { id })).toEqual({ matches: 0, mismatches: 0, byUser: [] });
  });

  it('a mismatch without the required reason says so and stores no reason; with one it is kept', async () => {
    const a = await scanAccount(t);
    const { pair } = await instance(a, { rule: 'equal', reasonRequired: true });
    const bare = await pair('PAL-1', 'PAL-9');
    expect(bare.status).toBe(0);
    expect(bare.text).toBe('Mismatch: B differs from A. A reason is required for a mismatch and none was given.');
    expect(bare.outcome).toEqual({ ab_a: 'PAL-1', ab_b: 'PAL-9', ab_result: 'mismatch' });
    const given = await pair('PAL-1', 'PAL-9', { ab_reason: '  relabelled  ' });
    expect(given).toMatchObject({ text: 'Mismatch: B differs from A.', outcome: { ab_reason: 'relabelled' } });
    // A reason sent with a match is not stored.
    expect((await pair('PAL-1', 'PAL-1', { ab_reason: 'x' })).outcome).toEqual({ ab_a: 'PAL-1', ab_b: 'PAL-1', ab_result: 'match' });
  });

  it("database rule: B must equal A's response; A missing from the database is a mismatch", async () => {
    const a = await scanAccount(t);
    const db = await a.database([['PAL-1', 'SHIP-100', 1], ['PAL-2', 'SHIP-200', 0]]);
    const { made, pair } = await instance(a, { rule: 'database' }, db);
    expect(made.databaseId).toBe(db);
    expect(await pair('PAL-1', 'SHIP-100')).toMatchObject({ status: 1, text: "Match: B equals A's response.", outcome: { ab_result: 'match' } });
    expect(await pair('pal-1', 'SHIP-101')).toMatchObject({ status: 0, text: "Mismatch: B differs from A's response SHIP-100.", outcome: { ab_result: 'mismatch' } });
    expect(await pair('PAL-404', 'SHIP-100')).toMatchObject({ status: 0, text: 'Mismatch: A is not in the database.', outcome: { ab_result: 'mismatch' } });
    expect((await pair('PAL-2', 'SHIP-200')).outcome?.ab_result).toBe('mismatch');
  });

  it('database rule with a required reason: the reason follows the result on the own mismatch', async () => {
    const a = await scanAccount(t);
    const db = await a.database([['PAL-1', 'SHIP-100', 1]]);
    const { id, scanner, pair } = await instance(a, { rule: 'database', reasonRequired: true }, db);
    const miss = await pair('PAL-1', 'SHIP-999');
    expect(miss.text).toMatch(/A reason is required/);
    expect((await scanner.call('app/abmatching/reason', { scanId: miss.scanId, reason: '  ' })).status).toBe(422);
    expect((await scanner.call('app/abmatching/reason', { scanId: miss.scanId, reason: 'label swapped' })).status).toBe(200);
    expect((await a.must('scans/get', { id: miss.scanId })).properties).toMatchObject({ ab_result: 'mismatch', ab_reason: 'label swapped' });
    // Once only, only on a mismatch, only on one's own scans of an A/B instance.
    expect((await scanner.call('app/abmatching/reason', { scanId: miss.scanId, reason: 'again' })).status).toBe(409);
    const hit = await pair('PAL-1', 'SHIP-100');
    expect((await scanner.call('app/abmatching/reason', { scanId: hit.scanId, reason: 'x' })).status).toBe(409);
    const colleague = await scannerSignIn(t, await a.appUser([id]));
    const theirs = (await colleague.scan(id, 'PAL-1', { properties: { ab_b: 'SHIP-1' } })).body as Outcome;
    expect((await scanner.call('app/abmatching/reason', { scanId: theirs.scanId, reason: 'x' })).status).toBe(404);
    const stranger = await scanAccount(t);
    const strangerScanner = await scannerSignIn(t, await stranger.appUser([]));
    expect((await strangerScanner.call('app/abmatching/reason', { scanId: miss.scanId, reason: 'x' })).status).toBe(404);
  });

  it('prefix, regex and GS1 rules judge on the server as the shared engine does', async () => {
    const a = await scanAccount(t);
    const prefix = await instance(a, { rule: 'prefix' });
    expect((await prefix.pair('4711', '4711-03')).status).toBe(1);
    expect((await prefix.pair('4711', '03-4711')).status).toBe(0);
    const regex = await instance(a, { rule: 'regex', pattern: '^(\\d{6})-', group: 1 });
    expect(await regex.pair('123456-PAL', '123456-SHIP')).toMatchObject({ status: 1, text: 'Match: Both have 123456.' });
    expect(await regex.pair('123456-PAL', '999999-SHIP')).toMatchObject({ status: 0, text: 'Mismatch: A has 123456, B has 999999.' });
    const gs1 = await instance(a, { rule: 'gs1', ai: '01' });
    expect(await gs1.pair('(01)04012345678901(10)LOT1', '(10)LOT2(17)261230(01)04012345678901')).toMatchObject({ status: 1, text: 'Match: Both have (01) 04012345678901.' });
    expect((await gs1.pair('(01)04012345678901', '(01)04012345678918')).status).toBe(0);
  });

  it('refuses a catastrophic or broken pattern with the path of the field', async () => {
    const a = await scanAccount(t);
    for (const pattern of ['(a+)+$', '(abc']) {
      const res = await a.admin('specialized/create', { type: 'ab-barcode-matching', name: 'Bad', settings: { rule: 'regex', pattern } });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('pattern');
    }
  });

  it('an offline upload is judged again on the server', async () => {
    const a = await scanAccount(t);
    const { id, scanner } = await instance(a, { rule: 'suffix' });
    const res = await scanner.call('app/upload', { scans: [
      { serviceId: id, value: '0042', clientScanId: randomUUID(), scannedAt: new Date().toISOString(), properties: { ab_b: 'X-0042' } },
      { serviceId: id, value: '0042', clientScanId: randomUUID(), scannedAt: new Date().toISOString(), properties: { ab_b: 'X-0043', ab_reason: 'short pallet' } },
    ] });
    expect(res.status).toBe(200);
    const results = res.body.results as Outcome[];
    expect(results.map((r) => [r.status, r.outcome?.ab_result, r.outcome?.ab_reason])).toEqual([[1, 'match', undefined], [0, 'mismatch', 'short pallet']]);
  });

  it('stats: matches and mismatches by app user, scoped to the account', async () => {
    const a = await scanAccount(t);
    const first = await instance(a, {});
    await first.pair('A1', 'A1');
    await first.pair('A1', 'A2');
    await first.pair('A3', 'A3');
    const second = await a.appUser([first.id]);
    const other = await scannerSignIn(t, second);
    await other.scan(first.id, 'B1', { properties: { ab_b: 'B2' } });
    const stats = await a.must('abmatching/stats', { id: first.id });
    expect(stats).toEqual({
      matches: 2,
      mismatches: 2,
      byUser: [
        { appUserId: first.user.id, user: first.user.username, matches: 2, mismatches: 1 },
        { appUserId: second.id, user: second.username, matches: 0, mismatches: 1 },
      ],
    });
    const stranger = await scanAccount(t);
    expect((await stranger.admin('abmatching/stats', { id: first.id })).status).toBe(404);
    // Another type's instance is not an A/B instance.
    const door = await a.must('specialized/create', { type: 'check-in-out', name: 'Door', settings: {} });
    expect((await a.admin('abmatching/stats', { id: door.id })).status).toBe(404);
  });
});
