import { sql } from 'kysely';
import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { AccountDeletionRepo } from './account-deletion.repo.js';

// A 1x1 PNG: a photo answer, so the account has a stored file.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let t: TestApp;
beforeAll(async () => {
  // No grace period: the purge is due as soon as it is asked for (the job reads the schedule again when it runs).
  t = await createTestApp({ ACCOUNT_DELETION_GRACE_DAYS: '0' });
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

type Account = Awaited<ReturnType<typeof scanAccount>>;

/** An account with a database, a service with a photo question, an app user, scans (one with a photo) and an API key. */
async function populated(marker: string): Promise<Account> {
  const a = await scanAccount(t);
  const db = await a.database([[`${marker}-TICKET`, 'Welcome', 1]]);
  const service = await a.service({ validation_method: 'database', database_id: db, service_name: `${marker} gate` });
  const photo = await a.question('Photo', 'dropboximage');
  await a.must('services/set-questions', { id: service, questions: [{ id: photo, condition: 'pre_submit', required: false }] });
  const s = await scannerSignIn(t, await a.appUser([service]));
  await s.scan(service, `${marker}-TICKET`, { answers: [{ questionId: photo, values: [], image: PNG }], properties: { gate: 'north' } });
  await s.scan(service, `${marker}-UNKNOWN`);
  await a.must('apikeys/create', { name: 'Integration' });
  return a;
}

async function waitForJob(a: Account, id: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await a.admin('jobs/get', { id });
    if (['succeeded', 'failed'].includes(r.body.state as string)) return r.body;
    if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

describe('deleting an account', () => {
  let a: Account;
  let b: Account;
  let c: Account;
  beforeAll(async () => {
    a = await populated('ALPHA');
    b = await populated('BRAVO');
    c = await populated('CHARLIE');
  });

  it('answers nobody without a session (the access table test covers every other caller)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api-v2/account/deletion/status/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a wrong company name or password, schedules with a restore link, and the link cancels it', async () => {
    const status = await a.must('account/deletion/status', {});
    expect(status.scheduled).toBeNull();
    const wrongName = await c.admin('account/deletion/request', { companyName: 'Not it', password: c.owner.password });
    expect(wrongName.status).toBe(422);
    expect(wrongName.body.details).toEqual([expect.objectContaining({ path: 'companyName' })]);
    const company = (await c.must('account/deletion/status', {})).companyName as string;
    const wrongPassword = await c.admin('account/deletion/request', { companyName: company, password: 'wrong-password' });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.details).toEqual([expect.objectContaining({ path: 'password' })]);
    // Spaces and case do not matter; the purge job is queued, the owner is mailed.
    const asked = await c.admin('account/deletion/request', { companyName: `  ${company.toUpperCase()} `, password: c.owner.password });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.scheduled).toMatchObject({ dueAt: expect.any(String) as unknown });
    const mail = await t.smtp.next(c.owner.email);
    const token = new URL(linkIn(mail, '/account/deleteaccount/')).searchParams.get('restore')!;
    expect((await c.admin('account/deletion/cancel', { token: 'forged' })).status).toBe(404);
    // Another account's owner cannot use it.
    expect((await b.admin('account/deletion/cancel', { token })).status).toBe(404);
    // The worker is not running yet: the queued purge waits. Cancelled, it finds nothing to do once it runs (checked at the end).
    expect((await c.admin('account/deletion/cancel', { token })).status).toBe(200);
    expect((await c.must('account/deletion/status', {})).scheduled).toBeNull();
    expect((await c.admin('account/deletion/cancel', { token })).status).toBe(404);
  });

  it('exports everything into one ZIP: every table as CSV and JSON Lines, the stored files, no secrets', async () => {
    t.container.jobs.worker().start();
    const started = await a.admin('account/deletion/export', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const again = await a.admin('account/deletion/export', {});
    expect([200, 409]).toContain(again.status);
    const job = await waitForJob(a, started.body.jobId as number);
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect((await a.must('account/deletion/status', {})).lastExportJobId).toBeGreaterThanOrEqual(started.body.jobId as number);
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: job.id }, headers: { authorization: `Bearer ${a.owner.token}` } });
    expect(res.statusCode).toBe(200);
    const zip = await unzipper.Open.buffer(res.rawPayload);
    const names = zip.files.map((f) => f.path);
    expect(names).toContain('README.txt');
    for (const table of ['accounts', 'admins', 'services', 'databases', 'db_values', 'scans', 'scan_properties', 'scan_answers', 'api_keys']) {
      expect(names).toContain(`tables/${table}.csv`);
      expect(names).toContain(`tables/${table}.jsonl`);
    }
    expect(names).not.toContain('tables/auth_tokens.csv');
    const text = async (name: string) => (await zip.files.find((f) => f.path === name)!.buffer()).toString('utf8');
    const scans = await text('tables/scans.csv');
    expect(scans).toContain('ALPHA-TICKET');
    expect(scans).not.toContain('BRAVO');
    expect(await text('tables/admins.csv')).not.toMatch(/password|argon2/);
    expect(await text('tables/api_keys.jsonl')).not.toMatch(/key_hash/);
    expect((await text('tables/scan_properties.jsonl')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { name: string })).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'gate' })]));
    expect(names.some((n) => n.startsWith('files/') && n.endsWith('.png'))).toBe(true);
  });

  it('purges every row of the account in every table and its files, and leaves other accounts alone', async () => {
    const accountId = a.owner.accountId;
    const company = (await a.must('account/deletion/status', {})).companyName as string;
    const asked = await a.admin('account/deletion/request', { companyName: company, password: a.owner.password });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const repo = new AccountDeletionRepo(t.container.db.kysely, t.container.db.dialect);
    const tables = await repo.accountTables();
    expect(tables.map((x) => x.name)).toEqual(expect.arrayContaining(['accounts', 'scans', 'scan_answers', 'scan_properties', 'scan_counts', 'jobs', 'api_log']));
    const deadline = Date.now() + 30_000;
    const purgeOf = async (id: number) =>
      (await sql<{ state: string; result: string | null }>`SELECT state, result FROM jobs WHERE type = 'account.purge' AND payload = ${JSON.stringify({ accountId: id })}`.execute(t.container.db.kysely)).rows;
    while ((await purgeOf(accountId))[0]?.state !== 'succeeded') {
      if (Date.now() > deadline) throw new Error('the purge did not run');
      await new Promise((res) => setTimeout(res, 100));
    }
    for (const table of tables) expect(await repo.remaining(table, accountId), table.name).toBe(0);
    // No stored file is left under the account's folder (the local adapter may keep empty folders; S3 has none).
    const left: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      for (const e of await t.container.storage.list(folder)) {
        if (e.folder) await walk(`${folder}/${e.name}`);
        else left.push(`${folder}/${e.name}`);
      }
    };
    await walk(`accounts/${accountId}`);
    expect(left, JSON.stringify(left)).toEqual([]);
    const k = t.container.db.kysely;
    if (t.dialect === 'sqlite') {
      const fts = await sql<{ n: number }>`SELECT count(*) AS n FROM scans_fts WHERE scans_fts MATCH '"ALPHA-TICKET"'`.execute(k);
      expect(Number(fts.rows[0]!.n)).toBe(0);
      const dbFts = await sql<{ n: number }>`SELECT count(*) AS n FROM db_values_fts WHERE db_values_fts MATCH '"ALPHA-TICKET"'`.execute(k);
      expect(Number(dbFts.rows[0]!.n)).toBe(0);
    }
    // The owner's session is gone; the other accounts still have everything.
    expect((await a.admin('account/deletion/status', {})).status).toBe(401);
    const other = await b.must('scans/search', {});
    expect(other.total).toBe(2);
    expect((await b.must('account/deletion/status', {})).scheduled).toBeNull();
    // The cancelled account's purge ran too and deleted nothing.
    const [purge] = await purgeOf(c.owner.accountId);
    expect(purge?.state).toBe('succeeded');
    expect(purge?.result).toContain('nothing was deleted');
    expect((await c.must('scans/search', {})).total).toBe(2);
  });
});
