import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';
import { decideTicket, freshState, NEW_TICKET } from './ticket-rules.js';

// Scan tickets (issue 13) on a real database (SQLite, or PostgreSQL through scripts/with-postgres.mjs).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Result = { status: number; text: string; duplicate: boolean; outcome?: Record<string, string> };

/** An account with a scan-tickets instance holding `codes`, and a signed-in gate. */
async function gate(settings: Record<string, unknown>, codes: string[] = ['T-1', 'T-2']) {
  const a = await scanAccount(t);
  const created = await a.must('specialized/create', { type: 'scan-tickets', name: 'Main gate', settings });
  const id = created.id as number;
  const databaseId = created.databaseId as number;
  for (const value of codes) await a.must('databases/add-value', { id: databaseId, value });
  const user = await a.appUser([id]);
  const s = await scannerSignIn(t, user);
  const scan = async (value: string, extra: Record<string, unknown> = {}) => {
    const r = await s.scan(id, value, extra);
    expect(r.status).toBe(200);
    return r.body as unknown as Result;
  };
  return { a, id, databaseId, user, s, scan };
}

describe('scan tickets: the entry rules', () => {
  it('makes a database service with the rule, refuses a bad rule with a path, and tells the scanner nothing for single entry', async () => {
    const g = await gate({});
    const got = await g.a.must('specialized/get', { id: g.id });
    expect(got.settings).toMatchObject({ entryRule: 'single', maxEntries: 2 });
    expect(got.databaseId).toBe(g.databaseId);
    const service = await g.a.must('services/get', { id: g.id });
    expect(service).toMatchObject({ validationMethod: 'database', databaseId: g.databaseId });
    const services = (g.s.signIn as { services: { id: number; specialized: unknown }[] }).services;
    expect(services.find((x) => x.id === g.id)?.specialized).toEqual({ type: 'scan-tickets', options: {} });
    const bad = await g.a.admin('specialized/create', { type: 'scan-tickets', name: 'X', settings: { entryRule: 'sometimes', maxEntries: 0 } });
    expect(bad.status).toBe(422);
    const paths = (bad.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['settings.entryRule', 'settings.maxEntries']));
  });

  it('single entry: valid, then a duplicate naming when and where it was first scanned; an unknown code is refused', async () => {
    const g = await gate({ entryRule: 'single' });
    const first = await g.scan('t-1');
    expect(first).toMatchObject({ status: 1, duplicate: false, outcome: { ticket: 'valid', entry: 'first', entries: '1' } });
    const again = await g.scan('T-1');
    expect(again.status).toBe(0);
    expect(again.duplicate).toBe(true);
    expect(again.text).toMatch(/^Already used: first scanned \d{4}-\d{2}-\d{2} \d{2}:\d{2} at Main gate on Gate phone by scanner/);
    expect(again.outcome).toMatchObject({ ticket: 'duplicate', first_service: 'Main gate', first_device: 'Gate phone', first_user: g.user.username, entries: '1' });
    expect(new Date(again.outcome!.first_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const unknown = await g.scan('NOPE');
    expect(unknown).toMatchObject({ status: 0, duplicate: false, outcome: { ticket: 'unknown' } });
    expect(unknown.text).toMatch(/not in the ticket list/);
    // Another ticket is unaffected.
    expect((await g.scan('T-2')).status).toBe(1);
    // The outcome is stored with the scan: the history reads it through the scans search.
    const history = await g.a.must('scans/search', { serviceIds: [g.id], propertyName: 'ticket', propertyValue: 'duplicate', exactProperty: true });
    expect(history.total).toBe(1);
    const summary = await g.a.must('scan-tickets/summary', { id: g.id });
    expect(summary).toEqual({ codes: 2, entered: 2, entriesToday: 2, inside: 2 });
  });

  it('uses the response texts of the settings, and a cancelled ticket (validity 0) is refused', async () => {
    const g = await gate({ validText: 'Enjoy the show', duplicateText: 'Ticket used', unknownText: 'Not our ticket' });
    await g.a.must('databases/add-value', { id: g.databaseId, value: 'VOID', validity: 0, response: 'Cancelled ticket' });
    expect((await g.scan('T-1')).text).toBe('Enjoy the show');
    expect((await g.scan('T-1')).text).toMatch(/^Ticket used: first scanned /);
    expect((await g.scan('X')).text).toBe('Not our ticket');
    expect(await g.scan('VOID')).toMatchObject({ status: 0, text: 'Cancelled ticket', outcome: { ticket: 'refused' } });
  });

  it('at most N entries in total', async () => {
    const g = await gate({ entryRule: 'total', maxEntries: 3 });
    for (let i = 1; i <= 3; i++) expect(await g.scan('T-1')).toMatchObject({ status: 1, outcome: { entries: String(i), entry: i === 1 ? 'first' : 'repeat' } });
    const fourth = await g.scan('T-1');
    expect(fourth).toMatchObject({ status: 0, duplicate: true, outcome: { ticket: 'duplicate', entries: '3' } });
    expect(fourth.text).toMatch(/^Limit reached: 3 entries in total: first scanned /);
  });

  it('at most N per day, counted in the account time zone across midnight', async () => {
    const g = await gate({ entryRule: 'per-day', maxEntries: 2 });
    await g.a.must('settings/update', { timezone: 'America/New_York' });
    // 2026-03-10 23:30 and 23:50 in New York (UTC-4) are 03:30 and 03:50 UTC on the 11th.
    const at = (iso: string) => ({ scannedAt: iso });
    expect(await g.scan('T-1', at('2026-03-11T03:30:00Z'))).toMatchObject({ status: 1, outcome: { entries_today: '1' } });
    expect(await g.scan('T-1', at('2026-03-11T03:50:00Z'))).toMatchObject({ status: 1, outcome: { entries_today: '2' } });
    const third = await g.scan('T-1', at('2026-03-11T03:55:00Z'));
    expect(third).toMatchObject({ status: 0, outcome: { ticket: 'duplicate', entries_today: '2' } });
    expect(third.text).toMatch(/^Limit reached: 2 entries today: first scanned 2026-03-10 23:30 /);
    // 00:10 in New York on the 11th (04:10 UTC): a new day, though the same UTC date as the scans before.
    expect(await g.scan('T-1', at('2026-03-11T04:10:00Z'))).toMatchObject({ status: 1, outcome: { entries_today: '1', entries: '3' } });
  });

  it('re-entry after exit: in, in again refused, out, in; an exit without entry refused; the scanner asks In/Out once', async () => {
    const g = await gate({ entryRule: 'reentry' });
    const services = (g.s.signIn as { services: { id: number; specialized: unknown }[] }).services;
    expect(services.find((x) => x.id === g.id)?.specialized).toEqual({ type: 'scan-tickets', options: { direction: 'fast' } });
    const out = { properties: { direction: 'out' } };
    const inn = { properties: { direction: 'in' } };
    expect(await g.scan('T-1', out)).toMatchObject({ status: 0, outcome: { ticket: 'refused', direction: 'out' } });
    expect(await g.scan('T-1', inn)).toMatchObject({ status: 1, outcome: { ticket: 'valid', direction: 'in', entry: 'first' } });
    const again = await g.scan('T-1', inn);
    expect(again).toMatchObject({ status: 0, duplicate: true, outcome: { ticket: 'duplicate', entered_device: 'Gate phone' } });
    expect(again.text).toMatch(/^Already inside: scan the exit before entering again: entered /);
    expect(await g.scan('T-1', out)).toMatchObject({ status: 1, outcome: { ticket: 'exit', direction: 'out' } });
    expect(await g.scan('T-1')).toMatchObject({ status: 1, outcome: { ticket: 'valid', entry: 'repeat', entries: '2' } });
    expect(await g.a.must('scan-tickets/summary', { id: g.id })).toMatchObject({ entered: 1, inside: 1 });
  });

  it('two gates scanning the same ticket at once: one valid, the others duplicates', async () => {
    const g = await gate({ entryRule: 'single' });
    const second = await scannerSignIn(t, g.user);
    const third = await scannerSignIn(t, g.user);
    const replies = await Promise.all([g.s, second, third, g.s, second].map((s) => s.scan(g.id, 'T-2')));
    const statuses = replies.map((r) => (r.body as unknown as Result).status).sort();
    expect(statuses).toEqual([0, 0, 0, 0, 1]);
    expect(replies.filter((r) => (r.body as unknown as Result).duplicate)).toHaveLength(4);
    // The same with a limit of 2 in total: exactly two get in.
    const h = await gate({ entryRule: 'total', maxEntries: 2 });
    const other = await scannerSignIn(t, h.user);
    const many = await Promise.all([h.s, other, h.s, other, h.s, other].map((s) => s.scan(h.id, 'T-1')));
    expect(many.filter((r) => (r.body as unknown as Result).status === 1)).toHaveLength(2);
  });

  it('decides without a database: the rule table', () => {
    const fresh = NEW_TICKET;
    expect(decideTicket({ entryRule: 'single', maxEntries: 1 }, fresh, '2026-01-01', 'in').kind).toBe('entry');
    expect(decideTicket({ entryRule: 'per-day', maxEntries: 1 }, { ...fresh, entries: 5, day: '2026-01-01', day_entries: 1 }, '2026-01-02', 'in')).toMatchObject({ kind: 'entry', next: { day_entries: 1, entries: 6 } });
    expect(decideTicket({ entryRule: 'reentry', maxEntries: 1 }, fresh, '2026-01-01', 'out').kind).toBe('not-inside');
    // What the upsert writes for a ticket's first scan.
    expect(freshState({ entryRule: 'per-day', maxEntries: 2 }, '2026-01-01', 'in')).toEqual({ entries: 1, day: '2026-01-01', day_entries: 1, inside: 1 });
    expect(freshState({ entryRule: 'reentry', maxEntries: 1 }, '2026-01-01', 'out')).toEqual(NEW_TICKET);
  });
});

describe('scan tickets: exporting the codes', () => {
  async function waitForJob(token: string, jobId: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/get/', payload: { id: jobId }, headers: { authorization: `Bearer ${token}` } });
      const body = r.json<{ state: string; progress: { done: number; total: number } }>();
      if (['succeeded', 'failed'].includes(body.state)) return body;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(body)}`);
      await new Promise((res) => setTimeout(res, 50));
    }
  }

  it('as a PDF of labels and as a ZIP of PNGs, through a job with progress; an empty database is refused', async () => {
    t.container.jobs.worker().start();
    const g = await gate({}, []);
    const empty = await g.a.admin('scan-tickets/export-start', { id: g.id, format: 'pdf' });
    expect(empty.status).toBe(409);
    expect(await g.a.must('databases/autofill', { id: g.databaseId, count: 25, mode: 'random', length: 12, prefix: 'TK-' })).toEqual({ added: 25 });
    const download = (jobId: number) => t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: jobId }, headers: { authorization: `Bearer ${g.a.owner.token}` } });

    const pdfJob = (await g.a.must('scan-tickets/export-start', { id: g.id, format: 'pdf', layout: 'avery-l7160' })).jobId as number;
    const pdfRun = await waitForJob(g.a.owner.token, pdfJob);
    expect(pdfRun).toMatchObject({ state: 'succeeded', progress: { done: 25, total: 25 } });
    const pdf = await download(pdfJob);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // 21 labels per Avery L7160 sheet: 25 codes make 2 pages.
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);

    const zipJob = (await g.a.must('scan-tickets/export-start', { id: g.id, format: 'zip', symbology: 'code128' })).jobId as number;
    expect((await waitForJob(g.a.owner.token, zipJob)).state).toBe('succeeded');
    const zip = await download(zipJob);
    expect(zip.headers['content-type']).toBe('application/zip');
    const dir = await unzipper.Open.buffer(zip.rawPayload);
    expect(dir.files).toHaveLength(25);
    expect(dir.files[0]!.path).toMatch(/^01-TK-[A-Z2-9]{12}\.png$/);
    const png = await dir.files[0]!.buffer();
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // Another account can neither export nor read the counts.
    const other = await scanAccount(t);
    expect((await other.admin('scan-tickets/export-start', { id: g.id, format: 'pdf' })).status).toBe(404);
    expect((await other.admin('scan-tickets/summary', { id: g.id })).status).toBe(404);
  });
});
