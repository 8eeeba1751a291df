import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../scans/scans.test-helpers.js';
import { addDays, localDateOf } from './attendance-calendar.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ZONE = 'Europe/Berlin';
const PEOPLE: [string, string, 0 | 1][] = [['P001', 'Ada Lovelace', 1], ['P002', 'Alan Turing', 1], ['P003', 'Grace Hopper', 1], ['P004', 'Left Early', 0]];

/** An account in Berlin with an attendance instance whose roster has PEOPLE, a scanner user and a leader. */
async function setup() {
  const a = await scanAccount(t);
  await a.must('settings/update', { timezone: ZONE });
  const roster = await a.database(PEOPLE);
  const scanner = await a.appUser([]);
  const leader = await a.appUser([]);
  const created = await a.must('specialized/create', { type: 'attendance', name: `Class ${randomUUID().slice(0, 6)}`, databaseId: roster, settings: { leaderUserIds: [leader.id] }, userIds: [scanner.id] });
  const id = created.id as number;
  const session = async (s: Record<string, unknown>) => (await a.must('attendance/session-create', { instanceId: id, session: { name: 'Maths', startTime: '09:00', endTime: '10:00', lateAfterMinutes: 10, ...s } })).id as number;
  const scans = await scannerSignIn(t, scanner);
  const scan = async (value: string, scannedAt: string) => (await scans.scan(id, value, { scannedAt })).body as { status: number; text: string; duplicate: boolean; outcome?: Record<string, string> };
  return { a, id, roster, scanner, leader, session, scans, scan };
}

describe('attendance: scans during sessions', () => {
  it('creates the instance on the roster and refuses a bad session with paths', async () => {
    const { a, id, roster } = await setup();
    const got = await a.must('specialized/get', { id });
    expect(got).toMatchObject({ type: 'attendance', databaseId: roster, settings: { earlyMinutes: 15 } });
    const bad = await a.admin('attendance/session-create', { instanceId: id, session: { name: 'X', startDate: '2026-10-24', startTime: '10:00', endTime: '09:00', repeat: 'weekly' } });
    expect(bad.status).toBe(422);
    const paths = (bad.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['session.endTime', 'session.weekdays', 'session.endDate']));
    const noSuchDay = await a.admin('attendance/session-create', { instanceId: id, session: { name: 'X', startDate: '2026-02-31', startTime: '09:00', endTime: '10:00' } });
    expect(noSuchDay.status).toBe(422);
    expect(noSuchDay.body.details).toEqual([{ path: 'session.startDate', message: 'This date does not exist' }]);
    expect((await a.admin('attendance/report-people', { instanceId: id, from: 'x', to: '2026-01-01' })).status).toBe(422);
    // An ordinary service is not an attendance instance.
    const plain = await a.service({ validation_method: 'record' });
    expect((await a.admin('attendance/sessions', { instanceId: plain })).status).toBe(404);
  });

  it('marks present, late, refuses outside a session, a duplicate and an unknown code', async () => {
    const { scan, session } = await setup();
    const sid = await session({ startDate: '2026-09-01' }); // Tuesday, CEST: 09:00 = 07:00Z
    const ok = await scan('P001', '2026-09-01T07:05:00Z');
    expect(ok).toMatchObject({ status: 1, outcome: { attendance_session: String(sid), attendance_date: '2026-09-01', attendance_status: 'present' } });
    expect(ok.text).toContain('Ada Lovelace: present');
    const early = await scan('p003', '2026-09-01T06:50:00Z'); // 10 minutes early, within the 15 allowed; codes are case-insensitive
    expect(early.outcome?.attendance_status).toBe('present');
    const late = await scan('P002', '2026-09-01T07:10:30Z');
    expect(late).toMatchObject({ status: 1, outcome: { attendance_status: 'late' } });
    expect(late.text).toContain('late (10 min)');
    const dup = await scan('P001', '2026-09-01T07:20:00Z');
    expect(dup).toMatchObject({ status: 0, duplicate: true, outcome: { attendance_status: 'duplicate', attendance_session: String(sid) } });
    expect(dup.text).toMatch(/already present at 09:05/);
    const outside = await scan('P001', '2026-09-01T09:00:00Z');
    expect(outside).toMatchObject({ status: 0, outcome: { attendance_status: 'outside' } });
    expect(outside.text).toMatch(/no session now\. No session is planned\./);
    const unknown = await scan('NOBODY', '2026-09-01T07:05:00Z');
    expect(unknown).toMatchObject({ status: 0, outcome: { attendance_status: 'unknown' } });
    expect(unknown.text).toBe('Not on the roster: NOBODY.');
    const inactive = await scan('P004', '2026-09-01T07:05:00Z');
    expect(inactive).toMatchObject({ status: 0, outcome: { attendance_status: 'refused' } });
  });

  it('repeats weekly on the chosen weekdays between the dates and names the next session when refusing', async () => {
    const { a, id, scan, session } = await setup();
    const sid = await session({ name: 'Choir', repeat: 'weekly', startDate: '2026-09-07', endDate: '2026-09-30', weekdays: [1, 3], startTime: '18:00', endTime: '19:30', lateAfterMinutes: 5 });
    expect((await scan('P001', '2026-09-09T16:01:00Z')).outcome).toMatchObject({ attendance_status: 'present', attendance_date: '2026-09-09' }); // Wednesday
    expect((await scan('P001', '2026-09-14T16:06:00Z')).outcome).toMatchObject({ attendance_status: 'late', attendance_date: '2026-09-14' }); // Monday
    const tuesday = await scan('P001', '2026-09-15T16:05:00Z');
    expect(tuesday.outcome?.attendance_status).toBe('outside');
    expect(tuesday.text).toContain('Next session: Choir on 2026-09-16 at 18:00.');
    const sameDay = await scan('P002', '2026-09-16T10:00:00Z');
    expect(sameDay.text).toContain('Next session: Choir today at 18:00.');
    expect((await scan('P001', '2026-10-05T16:05:00Z')).outcome?.attendance_status).toBe('outside'); // after the last date
    const list = await a.must('attendance/sessions', { instanceId: id });
    expect(list.timeZone).toBe(ZONE);
    expect((list.items as { id: number; weekdays: number[] }[]).find((s) => s.id === sid)?.weekdays).toEqual([1, 3]);
  });

  it('keeps 09:00 local and the late rule across the October daylight-saving change (Europe/Berlin)', async () => {
    const { a, id, scan, session } = await setup();
    // Saturday 24 Oct 2026 is summer time (UTC+2), Monday 26 Oct winter time (UTC+1).
    const sid = await session({ name: 'Weekend', repeat: 'weekly', startDate: '2026-10-20', endDate: '2026-10-31', weekdays: [6, 1] });
    expect((await scan('P001', '2026-10-24T07:05:00Z')).outcome).toMatchObject({ attendance_status: 'present', attendance_date: '2026-10-24' });
    expect((await scan('P002', '2026-10-24T07:15:00Z')).outcome?.attendance_status).toBe('late');
    // 07:30Z on the Monday is 08:30 local: half an hour early, before the 15 minutes allowed.
    const tooEarly = await scan('P001', '2026-10-26T07:30:00Z');
    expect(tooEarly.outcome?.attendance_status).toBe('outside');
    expect(tooEarly.text).toContain('today at 09:00');
    // 08:05Z is 09:05 local: present (with summer time's offset it would be 10:05 and late).
    expect((await scan('P001', '2026-10-26T08:05:00Z')).outcome).toMatchObject({ attendance_status: 'present', attendance_date: '2026-10-26' });
    expect((await scan('P002', '2026-10-26T08:11:00Z')).outcome?.attendance_status).toBe('late');
    const before = await a.must('attendance/register', { instanceId: id, sessionId: sid, date: '2026-10-24' });
    expect(before.occurrence).toMatchObject({ startsAt: '2026-10-24T07:00:00.000Z', endsAt: '2026-10-24T08:00:00.000Z' });
    const after = await a.must('attendance/register', { instanceId: id, sessionId: sid, date: '2026-10-26' });
    expect(after.occurrence).toMatchObject({ startsAt: '2026-10-26T08:00:00.000Z' });
    expect(after.counts).toMatchObject({ present: 1, late: 1, unmarked: 1, total: 3 });
    // Not a weekday of the session: no occurrence.
    expect((await a.admin('attendance/register', { instanceId: id, sessionId: sid, date: '2026-10-25' })).status).toBe(404);
  });

  it('two gates scanning the same person at once give one attendance and one duplicate', async () => {
    const { scan, session } = await setup();
    await session({ startDate: '2026-09-02' });
    const both = await Promise.all([scan('P003', '2026-09-02T07:01:00Z'), scan('P003', '2026-09-02T07:01:00Z')]);
    expect(both.map((r) => r.outcome?.attendance_status).sort()).toEqual(['duplicate', 'present']);
  });
});

describe('attendance: leaders, registers and reports', () => {
  it('lets a leader see today, mark by hand, close (unmarked become absent) and export; refuses others', async () => {
    const { a, id, leader, scanner, session, scan } = await setup();
    const today = localDateOf(new Date(), ZONE);
    const sid = await session({ name: 'All day', startDate: today, startTime: '00:00', endTime: '23:59', lateAfterMinutes: 600 });
    // Present or late, depending on the time of day the test runs.
    expect(['present', 'late']).toContain((await scan('P001', new Date().toISOString())).outcome?.attendance_status);
    const lead = await scannerSignIn(t, leader);
    const mine = await lead.call('attendance/portal/sessions', {});
    expect(mine.status).toBe(200);
    expect(mine.body.today).toEqual([expect.objectContaining({ instanceId: id, sessionId: sid, date: today, closed: false })]);

    const reg = await lead.call('attendance/portal/register', { instanceId: id, sessionId: sid, date: today });
    expect(reg.body.counts).toMatchObject({ unmarked: 2, total: 3 });
    const rows = reg.body.rows as { personId: number; code: string }[];
    const alan = rows.find((r) => r.code === 'P002')!;
    const marked = await lead.call('attendance/portal/mark', { instanceId: id, sessionId: sid, date: today, personId: alan.personId, status: 'late', note: 'Bus was late' });
    expect(marked.status).toBe(200);
    expect((marked.body.rows as { code: string }[]).find((r) => r.code === 'P002')).toMatchObject({ status: 'late', note: 'Bus was late', markedBy: leader.username });

    const csv = await t.app.inject({ method: 'POST', url: '/api-v2/attendance/portal/export/', payload: { instanceId: id, sessionId: sid, date: today }, headers: { authorization: `Bearer ${lead.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="register-All-day-.*\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Session,Date,Code,Name,Status,Marked at,Marked by,Note');
    expect(lines.find((l) => l.includes('P002'))).toMatch(new RegExp(`^All day,${today},P002,Alan Turing,late,${today} \\d\\d:\\d\\d,${leader.username},Bus was late$`));

    const closed = await lead.call('attendance/portal/close', { instanceId: id, sessionId: sid, date: today });
    const counts = closed.body.counts as Record<string, number>;
    expect(counts).toMatchObject({ absent: 1, unmarked: 0 });
    expect(counts.present! + counts.late!).toBe(2);
    expect(closed.body.occurrence).toMatchObject({ closed: true });
    const afterClose = await scan('P003', new Date().toISOString());
    expect(afterClose.outcome?.attendance_status).toBe('closed');

    // An app user who is not a leader, and one of another account, are refused.
    const other = await scannerSignIn(t, scanner);
    expect((await other.call('attendance/portal/register', { instanceId: id, sessionId: sid, date: today })).status).toBe(403);
    expect((await other.call('attendance/portal/mark', { instanceId: id, sessionId: sid, date: today, personId: alan.personId, status: 'absent' })).status).toBe(403);
    expect((await other.call('attendance/portal/sessions', {})).body.today).toEqual([]);
    const stranger = await setup();
    const theirLeader = await scannerSignIn(t, stranger.leader);
    expect((await theirLeader.call('attendance/portal/register', { instanceId: id, sessionId: sid, date: today })).status).toBe(404);
    expect((await stranger.a.admin('attendance/register', { instanceId: id, sessionId: sid, date: today })).status).toBe(404);
    expect((await stranger.a.admin('attendance/sessions', { instanceId: id })).status).toBe(404);
    expect((await stranger.a.admin('attendance/session-delete', { instanceId: stranger.id, id: sid })).status).toBe(404);
    // An admin token is not an app token.
    expect((await v2(t.app, 'attendance/portal/sessions', {}, a.owner.token)).status).toBe(401);
  });

  it('reports per occurrence and per person with rates and streaks, and exports them', async () => {
    const { a, id, session, scan, leader } = await setup();
    const sid = await session({ name: 'Lab', repeat: 'weekly', startDate: '2026-09-01', endDate: '2026-09-30', weekdays: [2] }); // Tuesdays 1, 8, 15, 22, 29
    await scan('P001', '2026-09-01T07:00:00Z');
    await scan('P002', '2026-09-01T07:30:00Z');
    await scan('P001', '2026-09-08T07:00:00Z');
    await scan('P001', '2026-09-15T07:20:00Z');
    await scan('P002', '2026-09-22T07:00:00Z');
    await scan('P001', '2026-09-29T07:00:00Z');
    await scan('P002', '2026-09-29T07:00:00Z');
    const reg = await a.must('attendance/register', { instanceId: id, sessionId: sid, date: '2026-09-22' });
    const grace = (reg.rows as { code: string; personId: number }[]).find((r) => r.code === 'P003')!;
    // Grace is excused on the 22nd by the leader: she no longer counts against that occurrence's rate.
    const lead = await scannerSignIn(t, leader);
    expect((await lead.call('attendance/portal/mark', { instanceId: id, sessionId: sid, date: '2026-09-22', personId: grace.personId, status: 'excused', note: 'Ill' })).status).toBe(200);

    const occ = await a.must('attendance/report-occurrences', { instanceId: id, from: '2026-09-01', to: '2026-09-30' });
    expect(occ.rosterSize).toBe(3);
    const items = occ.items as { date: string; present: number; late: number; absent: number; rate: number }[];
    expect(items.map((o) => o.date)).toEqual(['2026-09-01', '2026-09-08', '2026-09-15', '2026-09-22', '2026-09-29']);
    expect(items[0]).toMatchObject({ present: 1, late: 1, absent: 1, rate: 0.667 });
    expect(items[1]).toMatchObject({ present: 1, late: 0, absent: 2, rate: 0.333 });
    expect(items[2]).toMatchObject({ present: 0, late: 1, absent: 2 });
    expect(items[3]).toMatchObject({ present: 1, excused: 1, absent: 1, rate: 0.5 });

    const people = await a.must('attendance/report-people', { instanceId: id, from: '2026-09-01', to: '2026-09-30' });
    expect(people.occurrences).toBe(5);
    const byCode = Object.fromEntries((people.items as { code: string }[]).map((p) => [p.code, p]));
    expect(byCode.P001).toMatchObject({ present: 3, late: 1, absent: 1, rate: 0.8, currentStreak: 1, longestStreak: 3 });
    expect(byCode.P002).toMatchObject({ present: 2, late: 1, absent: 2, rate: 0.6, currentStreak: 2, longestStreak: 2 });
    expect(byCode.P003).toMatchObject({ present: 0, excused: 1, absent: 4, rate: 0, currentStreak: 0, longestStreak: 0 });

    const csv = await t.app.inject({ method: 'POST', url: '/api-v2/attendance/export/', payload: { instanceId: id, report: 'people', from: '2026-09-01', to: '2026-09-30' }, headers: { authorization: `Bearer ${a.owner.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('P001,Ada Lovelace,3,1,0,1,80%,1,3');
    const xlsx = await t.app.inject({ method: 'POST', url: '/api-v2/attendance/export/', payload: { instanceId: id, report: 'occurrences', from: '2026-09-01', to: '2026-09-30', format: 'xlsx' }, headers: { authorization: `Bearer ${a.owner.token}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('edits and deletes sessions', async () => {
    const { a, id, session } = await setup();
    const sid = await session({ startDate: addDays('2026-12-01', 0) });
    const up = await a.must('attendance/session-update', { instanceId: id, id: sid, session: { name: 'Physics', startDate: '2026-12-02', startTime: '08:00', endTime: '09:00', place: 'Room 4' } });
    expect(up).toMatchObject({ name: 'Physics', place: 'Room 4', startDate: '2026-12-02', next: { date: '2026-12-02', startsAt: '2026-12-02T07:00:00.000Z' } });
    expect((await a.admin('attendance/session-delete', { instanceId: id, id: sid })).status).toBe(200);
    expect((await a.admin('attendance/session-delete', { instanceId: id, id: sid })).status).toBe(404);
    expect((await a.must('attendance/sessions', { instanceId: id })).items).toEqual([]);
  });
});
