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
type AppServiceSeen = { id: number; validationMethod: string; enableGps: boolean; specialized: { type: string; options: Record<string, unknown> }; questions: { id: number; type: string; condition: string }[] };

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GS = String.fromCharCode(29);
const STAGES = [
  { name: 'Picked up', lateAfterHours: null },
  { name: 'At depot', lateAfterHours: 2 },
  { name: 'Delivered', lateAfterHours: null },
];

/** An instance with one scanning app user signed in. */
async function instance(a: Account, settings: Record<string, unknown> = { stages: STAGES, lateAfterHours: 1 }) {
  const user = await a.appUser([]);
  const made = await a.must('specialized/create', { type: 'logistics', name: `Route ${randomUUID().slice(0, 5)}`, databaseId: null, settings, userIds: [user.id] });
  const id = made.id as number;
  const scanner = await scannerSignIn(t, user);
  const seen = (scanner.signIn as { services: AppServiceSeen[] }).services.find((s) => s.id === id)!;
  const photoQ = seen.questions.find((q) => q.type === 'dropboximage')!.id;
  const signatureQ = seen.questions.find((q) => q.type === 'datasignature')!.id;
  const scan = async (value: string, properties: Record<string, string>, extra: Record<string, unknown> = {}) => (await scanner.scan(id, value, { properties, ...extra })).body as Outcome;
  const proof = { answers: [{ questionId: photoQ, values: [], image: PNG }, { questionId: signatureQ, values: [], image: PNG }] };
  return { id, made, seen, scanner, scan, proof, photoQ, signatureQ };
}

describe('logistics', () => {
  it('creates a record service with GPS, the stages as scanner options and the proof questions', async () => {
    const a = await scanAccount(t);
    const { made, seen } = await instance(a);
    expect(made.settings).toEqual({ stages: STAGES, lateAfterHours: 1 });
    expect(seen).toMatchObject({ validationMethod: 'record', enableGps: true, specialized: { type: 'logistics', options: { logistics: { stages: ['Picked up', 'At depot', 'Delivered'] } } } });
    expect(seen.questions.map((q) => [q.type, q.condition])).toEqual([['dropboximage', 'pre_submit'], ['datasignature', 'pre_submit']]);
    // Defaults: four stages, late after 48 hours.
    const plain = await a.must('specialized/create', { type: 'logistics', name: 'Plain', databaseId: null, settings: {}, userIds: [] });
    expect((plain.settings as { stages: { name: string }[] }).stages.map((s) => s.name)).toEqual(['Picked up', 'At depot', 'Out for delivery', 'Delivered']);
    const dup = await a.admin('specialized/create', { type: 'logistics', name: 'Dup', databaseId: null, settings: { stages: [{ name: 'A' }, { name: 'a' }] }, userIds: [] });
    expect(dup.status).toBe(422);
    expect(JSON.stringify(dup.body)).toContain('Two stages have this name');
  });

  it('moves a package forward through its stages and refuses a repeat or a step back', async () => {
    const a = await scanAccount(t);
    const { id, scan } = await instance(a);
    expect(await scan('PKG-1', { stage: 'picked up', gps_location: '52.520008,13.404954,8' })).toMatchObject({ status: 1, text: 'Picked up (stage 1 of 3).', outcome: { stage: 'Picked up', package: 'PKG-1' } });
    expect((await scan('PKG-1', { stage: 'Picked up' })).text).toMatch(/^Already at "Picked up" since \d\d:\d\d by scanner/);
    const depot = await scan('PKG-1', { stage: 'At depot', gps_location: '48.137154,11.576124' });
    expect(depot.status).toBe(1);
    expect(depot.text).toMatch(/^At depot \(stage 2 of 3\)\. Was at "Picked up" since/);
    const back = await scan('PKG-1', { stage: 'Picked up' });
    expect(back.status).toBe(0);
    expect(back.text).toMatch(/^Stages only move forward: this package is at "At depot" since .*, after "Picked up"\.$/);
    expect(await scan('PKG-1', {})).toMatchObject({ status: 0, text: 'Choose a stage: this service follows packages through "Picked up", "At depot" and "Delivered", so pick the stage before scanning (the scan had no stage).' });
    expect((await scan('PKG-1', { stage: 'Lost' })).text).toBe('Unknown stage "Lost": this service\'s stages are "Picked up", "At depot" and "Delivered".');
    const list = await a.must('logistics/packages', { id });
    expect(list).toMatchObject({ total: 1, counts: { packages: 1, late: 0, delivered: 0 }, stages: ['Picked up', 'At depot', 'Delivered'] });
    expect((list.items as unknown[])[0]).toMatchObject({ value: 'PKG-1', stage: 'At depot', stageIndex: 1, final: false, late: false, latitude: 48.137154, longitude: 11.576124, moves: 2 });
  });

  it('refuses the final stage without a photo, a signature or the recipient, with a clear reason', async () => {
    const a = await scanAccount(t);
    const { id, scan, proof, photoQ } = await instance(a);
    await scan('PKG-2', { stage: 'At depot' });
    const bare = await scan('PKG-2', { stage: 'Delivered' });
    expect(bare).toMatchObject({ status: 0, text: `"Delivered" refused: the final stage needs a photo, the recipient's signature and name (missing a photo, the recipient's signature and the recipient's name).` });
    const noName = await scan('PKG-2', { stage: 'Delivered', recipient: '  ' }, proof);
    expect(noName.text).toMatch(/missing the recipient's name\)\.$/);
    const noSignature = await scan('PKG-2', { stage: 'Delivered', recipient: 'Ada' }, { answers: [{ questionId: photoQ, values: [], image: PNG }] });
    expect(noSignature.text).toMatch(/missing the recipient's signature\)\.$/);
    const done = await scan('PKG-2', { stage: 'Delivered', recipient: ' Ada Lovelace ', gps_location: '51.5,-0.12' }, proof);
    expect(done).toMatchObject({ status: 1, outcome: { stage: 'Delivered', recipient: 'Ada Lovelace' } });
    expect(done.text).toMatch(/^Delivered, received by Ada Lovelace \(stage 3 of 3\)\./);
    expect((await scan('PKG-2', { stage: 'Delivered', recipient: 'Bob' }, proof)).text).toMatch(/^Already delivered: this package is at "Delivered" since/);

    const tl = await a.must('logistics/timeline', { id, value: 'PKG-2' });
    expect(tl.package).toMatchObject({ stage: 'Delivered', final: true, late: false, latitude: 51.5, longitude: -0.12 });
    const events = tl.events as { stage: string | null; status: number; recipient: string | null; photoAnswerId: number | null; signatureAnswerId: number | null }[];
    expect(events.map((e) => [e.stage, e.status])).toEqual([['At depot', 1], ['Delivered', 0], ['Delivered', 0], ['Delivered', 0], ['Delivered', 1], ['Delivered', 0]]);
    const delivered = events[4]!;
    expect(delivered.recipient).toBe('Ada Lovelace');
    expect(delivered.photoAnswerId).not.toBeNull();
    expect(delivered.signatureAnswerId).not.toBeNull();
    // Another account sees nothing.
    const b = await scanAccount(t);
    expect((await b.admin('logistics/timeline', { id, value: 'PKG-2' })).status).toBe(404);
    expect((await b.admin('logistics/packages', { id })).status).toBe(404);
  });

  it('marks packages late by their stage rule (per stage, or the instance hours), never once delivered; search and late filter', async () => {
    const a = await scanAccount(t);
    const { id, scan, proof } = await instance(a);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // Picked up has no own hours: the instance's 1 hour. At depot: 2 hours.
    await scan('OLD-PICK', { stage: 'Picked up' }, { scannedAt: hoursAgo(1.5) });
    await scan('NEW-PICK', { stage: 'Picked up' }, { scannedAt: hoursAgo(0.5) });
    await scan('DEPOT-1H', { stage: 'At depot' }, { scannedAt: hoursAgo(1.5) });
    await scan('DEPOT-3H', { stage: 'At depot' }, { scannedAt: hoursAgo(3) });
    await scan('DONE', { stage: 'Delivered', recipient: 'Ada' }, { scannedAt: hoursAgo(30), ...proof });
    const all = await a.must('logistics/packages', { id });
    expect(all.counts).toEqual({ packages: 5, late: 2, delivered: 1 });
    const late = await a.must('logistics/packages', { id, late: true });
    expect(late.total).toBe(2);
    expect((late.items as { value: string; late: boolean }[]).map((p) => [p.value, p.late])).toEqual([['DEPOT-3H', true], ['OLD-PICK', true]]);
    const found = await a.must('logistics/packages', { id, search: 'depot' });
    expect((found.items as { value: string }[]).map((p) => p.value)).toEqual(['DEPOT-1H', 'DEPOT-3H']);
    // Without any late rule nothing is late.
    await a.must('specialized/update', { id, settings: { stages: STAGES.map((s) => ({ ...s, lateAfterHours: null })), lateAfterHours: null } });
    expect((await a.must('logistics/packages', { id })).counts).toEqual({ packages: 5, late: 0, delivered: 1 });
  });

  it('keys a package by its SSCC: the GS1-128 label and the bare SSCC are one package', async () => {
    const a = await scanAccount(t);
    const { id, scan } = await instance(a);
    expect(await scan(']C100106141411234567897', { stage: 'Picked up' })).toMatchObject({ status: 1, outcome: { package: '106141411234567897' } });
    expect(await scan('00106141411234567897', { stage: 'At depot' })).toMatchObject({ status: 1 });
    const tl = await a.must('logistics/timeline', { id, value: '(00)106141411234567897' });
    expect((tl.events as unknown[]).length).toBe(2);
    expect(tl.package).toMatchObject({ value: '106141411234567897', stage: 'At depot' });
  });
});

describe('GS1 properties at scan time (every service)', () => {
  it('stores the application identifiers of GS1 values as searchable properties and leaves other values alone', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    const scan = async (value: string, properties: Record<string, string> = {}) => (await scanner.scan(service, value, { properties })).body as Outcome;
    const label = await scan(`]C10109506000134352172512311012AB${GS}21SER-9`);
    expect(label.status).toBe(1);
    expect((await a.must('scans/get', { id: label.scanId })).properties).toEqual({ gs1_01: '09506000134352', gs1_17: '251231', gs1_10: '12AB', gs1_21: 'SER-9' });
    const link = await scan('https://id.gs1.org/01/09506000134352/10/LOT7?17=270101', { capture_type: 'camera' });
    expect((await a.must('scans/get', { id: link.scanId })).properties).toEqual({ capture_type: 'camera', gs1_01: '09506000134352', gs1_10: 'LOT7', gs1_17: '270101' });
    const sscc = await scan('(00)106141411234567897');
    expect((await a.must('scans/get', { id: sscc.scanId })).properties).toEqual({ gs1_00: '106141411234567897' });
    // Not GS1, or GS1-looking but unparsable: stored as sent, never refused.
    const plain = await scan('4006381333931', { note: 'x' });
    expect(plain.status).toBe(1);
    expect((await a.must('scans/get', { id: plain.scanId })).properties).toEqual({ note: 'x' });
    const broken = await scan(']C1zz-not-gs1');
    expect(broken.status).toBe(1);
    expect((await a.must('scans/get', { id: broken.scanId })).properties).toEqual({});
    // Searchable through the ordinary property search.
    const found = await a.must('scans/search', { propertyName: 'gs1_01', propertyValue: '09506000134352', exactProperty: true, limit: 10 });
    expect((found.items as { id: number }[]).map((s) => s.id).sort((x, y) => x - y)).toEqual([label.scanId, link.scanId]);
    const lot = await a.must('scans/search', { propertyName: 'gs1_10', propertyValue: 'LOT7', exactProperty: true, limit: 10 });
    expect((lot.items as { id: number }[]).map((s) => s.id)).toEqual([link.scanId]);
  });
});
