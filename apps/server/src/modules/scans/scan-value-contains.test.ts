import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

// "Value contains" asks the substring index only for the letter and digit runs of a term and checks each row found
// for the whole term: what a user sees must stay a case-insensitive match of the whole term, punctuation included.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let upload: (values: string[]) => Promise<number[]>;
const ids: Record<string, number> = {};
const values = ['TICKET-0042', 'ticket-10042', 'T-0042X', 'T0042', 'BOX-0042-a', 'A-B-C', 'a-b', 'ab', 'XAB-C', 'Ünit-42'];

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  const service = await a.service({ validation_method: 'record' });
  const scanner = await scannerSignIn(t, await a.appUser([service]));
  let minute = 0;
  upload = async (list: string[]) => {
    const scans = list.map((value) => ({ serviceId: service, value, clientScanId: randomUUID(), scannedAt: new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString() }));
    const res = await scanner.call('app/upload', { scans });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as { scanId: number }[]).map((r) => r.scanId);
  };
  (await upload(values)).forEach((id, i) => (ids[values[i]!] = id));
});
afterAll(async () => {
  await t.close();
});

/** The values found for a term, sorted, with the total shown beside the page. */
const found = async (term: string, extra: Record<string, unknown> = {}) => {
  const res = await a.admin('scans/search', { value: term, limit: 50, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const items = res.body.items as { id: number; value: string }[];
  return { values: items.map((x) => x.value).sort(), total: res.body.total as number, exact: res.body.totalExact as boolean };
};

/** Every case below, whether the scans wait for the substring index (SQLite feeds it in batches) or are in it. */
async function expectUserView(): Promise<void> {
  // Punctuation is part of the term: 'T-0042' is not in 'ticket-10042' nor in 'T0042'.
  expect(await found('T-0042')).toEqual({ values: ['T-0042X', 'TICKET-0042'], total: 2, exact: true });
  expect(await found('t-0042x')).toEqual({ values: ['T-0042X'], total: 1, exact: true });
  expect((await found('0042')).values).toEqual(['BOX-0042-a', 'T-0042X', 'T0042', 'TICKET-0042', 'ticket-10042']);
  expect((await found('ET-0042')).values).toEqual(['TICKET-0042']);
  expect((await found('-0042-')).values).toEqual(['BOX-0042-a']);
  expect((await found('Ticket-1')).values).toEqual(['ticket-10042']);
  // Case-insensitive both ways.
  expect((await found('tIcKeT')).values).toEqual(['TICKET-0042', 'ticket-10042']);
  expect((await found('box-0042-A')).values).toEqual(['BOX-0042-a']);
  // Under 3 characters, and terms whose runs are all shorter than 3.
  expect((await found('a-b')).values).toEqual(['A-B-C', 'a-b']);
  expect((await found('AB')).values).toEqual(['XAB-C', 'ab']);
  expect((await found('a-b-c')).values).toEqual(['A-B-C']);
  expect((await found('b-c')).values).toEqual(['A-B-C', 'XAB-C']);
  // A term whose runs are present but not in that order, or not at all.
  expect(await found('0042-TICKET')).toEqual({ values: [], total: 0, exact: true });
  expect(await found('T-0043')).toEqual({ values: [], total: 0, exact: true });
  // A term with letters past ASCII goes to the index whole; written as stored, it is found indexed or not.
  expect((await found('Ünit-4')).values).toEqual(['Ünit-42']);
  expect((await found('ÜNIT-4')).values).toEqual(['Ünit-42']);
  // The total is that of every match, whatever the page shows; a page past them is empty with the same total.
  expect(await found('0042', { limit: 2, page: 2 })).toMatchObject({ total: 5, exact: true });
  expect((await found('0042', { limit: 2, page: 2 })).values).toHaveLength(2);
  expect(await found('0042', { limit: 2, page: 4 })).toEqual({ values: [], total: 5, exact: true });
}

describe('scans/search "value contains"', () => {
  it('matches the whole term, case-insensitively, before and after the substring index takes the scans', async () => {
    await expectUserView();
    await t.container.scans.repo.transaction((r) => r.indexPendingValues(1_000_000));
    await expectUserView();
  });

  it('finds scans added after the index was last fed together with indexed ones, once each', async () => {
    await t.container.scans.repo.transaction((r) => r.indexPendingValues(1_000_000));
    const [late, lateTicket] = await upload(['late-T-0042', 'TICKET-9999']);
    const r = await found('T-0042');
    expect(r).toEqual({ values: ['T-0042X', 'TICKET-0042', 'late-T-0042'], total: 3, exact: true });
    expect((await a.must('scans/search', { value: 't-0042', sortBy: 'id', sortOrder: 'desc' })).items).toMatchObject([{ id: late }, { id: ids['T-0042X'] }, { id: ids['TICKET-0042'] }]);
    expect((await found('ticket-')).values).toEqual(['TICKET-0042', 'TICKET-9999', 'ticket-10042']);
    await t.container.scans.repo.transaction((r) => r.indexPendingValues(1_000_000));
    expect(await found('T-0042')).toEqual(r);
    expect((await a.must('scans/search', { value: 'CKET-99' })).items).toMatchObject([{ id: lateTicket }]);
  });
});
