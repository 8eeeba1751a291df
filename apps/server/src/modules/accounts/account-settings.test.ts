import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { nextPurgeAt, scanRetentionHandler } from './scan-retention.js';
import { ScanRetentionRepo } from './scan-retention.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

/** An account with `recent` scans made now and `old` scans made 40 days ago. */
async function accountWithScans(recent: number, old: number) {
  const a = await scanAccount(t);
  const service = await a.service({ validation_method: 'record' });
  const user = await a.appUser([service]);
  const s = await scannerSignIn(t, user);
  for (let i = 0; i < recent + old; i += 1) expect((await s.scan(service, `V-${i}`)).status).toBe(200);
  const db = t.container.db.kysely;
  const ids = (await db.selectFrom('scans').select('id').where('account_id', '=', a.owner.accountId).orderBy('id').execute()).map((r) => r.id);
  if (old > 0) await db.updateTable('scans').set({ scanned_at: new Date(Date.now() - 40 * DAY).toISOString() }).where('id', 'in', ids.slice(0, old)).execute();
  return a;
}

async function scanCount(accountId: number): Promise<number> {
  const row = await t.container.db.kysely.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function runRetention(): Promise<void> {
  const handler = scanRetentionHandler({ repo: new ScanRetentionRepo(t.container.db.kysely), scans: t.container.scans.repo });
  await handler({ jobId: 0, accountId: null, taskId: null, attempt: 1, payload: {}, signal: new AbortController().signal, progress: () => undefined, log: async () => undefined });
}

describe('account settings', () => {
  it('holds company details and date and time formats, with their defaults; only a member with Settings may change them', async () => {
    const a = await scanAccount(t);
    const got = await a.must('settings/get', {});
    expect(got).toMatchObject({ companyAddress: '', companyPhone: '', dateFormat: 'd MMM yyyy', timeFormat: '24h', scanRetentionDays: null, retention: null, timezoneBehavior: 2, adminEmail: '' });

    const saved = await a.must('settings/update', { companyName: 'Renamed Co', companyAddress: '1 Quay Street\nPort Town', companyPhone: '+1 555 0100', dateFormat: 'yyyy-MM-dd', timeFormat: '12h' });
    expect(saved).toMatchObject({ companyName: 'Renamed Co', companyAddress: '1 Quay Street\nPort Town', companyPhone: '+1 555 0100', dateFormat: 'yyyy-MM-dd', timeFormat: '12h' });
    // The company name is the account's: the signed-in record says it too.
    expect((await a.must('me/get', {})).account).toBe('Renamed Co');
    expect((await a.admin('settings/update', { companyName: '  ' })).status).toBe(422);
    expect((await a.admin('settings/update', { dateFormat: 'dd.MM.yy' })).status).toBe(422);
    expect((await a.admin('settings/update', { scanRetentionDays: 0 })).status).toBe(422);

    // A team member without the Settings privilege can neither read nor change them.
    const email = uniqueEmail('nosettings');
    await a.must('team/invite', { email, role: 'admin', privileges: { user: true, webapp_login: false, billing: false } });
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    const member = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'No Settings', password: 'member password' });
    expect((await v2(t.app, 'settings/update', { dateFormat: 'MM/dd/yyyy' }, member.body.token as string)).status).toBe(403);
    expect((await a.must('settings/get', {})).dateFormat).toBe('yyyy-MM-dd');
  });

  it('asks to confirm a retention that deletes scans, shows the next run and its count, and the daily run deletes only the account’s old scans', async () => {
    const a = await accountWithScans(2, 3);
    const other = await accountWithScans(0, 2);

    const refused = await a.admin('settings/update', { scanRetentionDays: 30 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('deletes 3 scans at the next daily run');
    expect((await a.must('settings/get', {})).scanRetentionDays).toBeNull();

    const set = await a.must('settings/update', { scanRetentionDays: 30, confirmRetention: true });
    expect(set.scanRetentionDays).toBe(30);
    expect(set.retention).toEqual({ nextPurgeAt: nextPurgeAt().toISOString(), wouldDelete: 3 });
    // Raising it deletes less: no confirmation needed. Lowering again needs one.
    expect((await a.must('settings/update', { scanRetentionDays: 365 })).retention).toMatchObject({ wouldDelete: 0 });
    expect((await a.admin('settings/update', { scanRetentionDays: 10 })).status).toBe(409);
    await a.must('settings/update', { scanRetentionDays: 30, confirmRetention: true });

    await runRetention();
    expect(await scanCount(a.owner.accountId)).toBe(2);
    expect(await scanCount(other.owner.accountId)).toBe(2);
    expect((await a.must('settings/get', {})).retention).toMatchObject({ wouldDelete: 0 });

    // Keep for ever again: nothing to preview, nothing deleted.
    expect((await a.must('settings/update', { scanRetentionDays: null })).retention).toBeNull();
    await runRetention();
    expect(await scanCount(a.owner.accountId)).toBe(2);
  });
});
