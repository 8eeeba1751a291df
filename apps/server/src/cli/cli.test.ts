import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy, signUpVerified, v2 } from '../test/fixtures.js';
import { createTestApp, postgresUrl, type TestApp } from '../test/test-app.js';
import { serverEntry } from '../test/server-entry.js';
import { derivedTables, tablesInOrder } from '../platform/db/tables.js';
import { scanAccount, scannerSignIn } from '../modules/scans/scans.test-helpers.js';
import { readTarIndex } from './tar.js';

const run = promisify(execFile);

/** Runs the CLI against the test app's database; answers stdout, stderr and the exit code. */
async function cli(t: TestApp, args: string[], extraEnv: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database.kind === 'postgres' ? t.config.database.url : '', SMTP_URL: t.config.smtpUrl, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'warn', ...extraEnv };
  try {
    const r = await run(process.execPath, [...serverEntry('cli'), ...args], { env, cwd: path.join(import.meta.dirname, '..', '..') });
    return { stdout: r.stdout, stderr: r.stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the CLI', () => {
  it('creates an account that can sign in, and an API key that works', async () => {
    const created = await cli(t, ['account:create', '--company', 'CLI Co', '--email', 'cli-owner@example.com', '--password', 'cli password 1']);
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^\d+$/);
    const signIn = await v2(t.app, 'auth/signin', { email: 'cli-owner@example.com', password: 'cli password 1' });
    expect(signIn.body.kind).toBe('signed_in');
    expect((signIn.body.user as { accountId: number }).accountId).toBe(Number(created.stdout.trim()));

    const key = await cli(t, ['apikey:create', '--email', 'cli-owner@example.com', '--name', 'Sheets']);
    expect(key.code).toBe(0);
    const secret = key.stdout.trim().split('\n').pop()!;
    expect((await legacy(t.app, { section: 'limits', action: 'retrieve', api_key: secret })).status).toBe('1');

    const unknown = await cli(t, ['apikey:create', '--email', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account is owned by nobody@example.com');
    const bad = await cli(t, ['account:create', '--company', 'X', '--email', 'not-an-email', '--password', 'cli password 1']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email');
  }, 60_000);

  it('resets a password by mailed link and switches maintenance mode', async () => {
    const owner = await signUpVerified(t);
    const reset = await cli(t, ['password:reset', '--email', owner.email]);
    expect(reset.code).toBe(0);
    const link = reset.stdout.trim().split('\n').pop()!;
    expect(link).toMatch(/^http:\/\/scanbase\.test\/resetpassword\/[\w-]+\/$/);
    const mail = await t.smtp.next(owner.email);
    expect(mail.text).toContain(link);
    const token = link.replace(/\/$/, '').split('/').pop()!;
    expect((await v2(t.app, 'auth/reset-password', { token, password: 'reset by cli 1' })).status).toBe(200);

    expect((await cli(t, ['maintenance', 'on'])).code).toBe(0);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: owner.token })).errorCode).toBe('41');
    expect((await cli(t, ['maintenance', 'off'])).code).toBe(0);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: 'reset by cli 1' })).status).toBe(200);
  }, 60_000);

  it('moves a whole install from SQLite to this database with data:export and data:import', async () => {
    const source = await createTestApp({ DATABASE_URL: '', V2_LIMIT_PER_MINUTE: '1000000' });
    const target = await createTestApp();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'install.jsonl');
    try {
      const owner = await signUpVerified(source, { companyName: 'Moving Co' });
      await v2(source.app, 'apikeys/create', { name: 'moved key' }, owner.token);
      const exported = await cli(source, ['data:export', file]);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain('accounts 1');

      const imported = await cli(target, ['data:import', file]);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      const signIn = await v2(target.app, 'auth/signin', { email: owner.email, password: owner.password });
      expect((signIn.body.user as { account: string }).account).toBe('Moving Co');
      expect(((await v2(target.app, 'apikeys/list', {}, signIn.body.token as string)).body.items as { name: string }[])[0]?.name).toBe('moved key');
      // New rows get fresh ids after the imported ones.
      const another = await signUpVerified(target);
      expect(another.accountId).toBeGreaterThan(owner.accountId);

      const again = await cli(target, ['data:import', file]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds accounts');
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);

  it('lists every table of the schema in the export order', async () => {
    const tables = await t.container.db.kysely.introspection.getTables();
    const names = tables.map((x) => x.name).filter((n) => !n.startsWith('kysely_') && !derivedTables.includes(n)).sort();
    expect(tablesInOrder.map((x) => x.name).sort()).toEqual(names);
  });
});

describe('backup and restore', () => {
  it('backs up a running SQLite install (database and stored files) and restores it into a new DATA_DIR', async () => {
    // Scans are sent as fast as they are answered while the backup runs (up to 5,000): no per-minute limit in the way.
    const source = await createTestApp({ DATABASE_URL: '', V2_LIMIT_PER_MINUTE: '1000000' });
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-restored-'));
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-backup-'));
    const file = path.join(backupDir, 'scanbase.tar');
    let restored: TestApp | undefined;
    try {
      const a = await scanAccount(source);
      const photo = await a.question('Photo of the pass', 'dropboximage');
      const service = await a.service({ validation_method: 'record' });
      await a.must('services/set-questions', { id: service, questions: [{ id: photo, condition: 'pre_submit', required: false }] });
      const scanner = await scannerSignIn(source, await a.appUser([service]));
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
      const sent = await scanner.call('app/upload', { scans: [{ serviceId: service, value: 'BEFORE-BACKUP', clientScanId: randomUUID(), answers: [{ questionId: photo, image: `data:image/png;base64,${png.toString('base64')}` }] }] });
      expect(sent.status).toBe(200);
      const answer = await source.container.db.kysely.selectFrom('scan_answers').select(['id', 'file_key']).where('file_key', 'is not', null).executeTakeFirstOrThrow();

      // Scans keep arriving while the backup runs: the copy must still be one consistent snapshot.
      let backingUp = true;
      let during = 0;
      const writer = async () => {
        while (backingUp && during < 5000) {
          const r = await scanner.scan(service, `DURING-${during}`);
          if (r.status !== 200) throw new Error(JSON.stringify(r.body));
          during++;
        }
      };
      const [backup] = await Promise.all([cli(source, ['backup', file]).finally(() => (backingUp = false)), writer()]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/Backed up the SQLite database \(\d+ migrations applied\) and 1 stored files/);
      const names = (await readTarIndex(file)).map((e) => e.name);
      expect(names.slice(0, 2)).toEqual(['manifest.json', 'scanbase.db']);
      expect(names).toContain(`files/${answer.file_key!}`);
      // The archive is a plain tar, so operators can look inside with the usual tools.
      const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
      if (listed.status !== null && !listed.error) expect(listed.stdout.trim().split('\n')).toEqual(names);

      const env = { DATA_DIR: restoredDir, DATABASE_URL: '' };
      const restore = await cli(source, ['restore', file], env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('Restored the SQLite database and 1 stored files');
      const again = await cli(source, ['restore', file], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds an install');
      expect(again.stderr).toContain('--force');
      expect((await cli(source, ['restore', file, '--force'], env)).code).toBe(0);

      // Start on the restored DATA_DIR, sign in, see the scans and the photo.
      restored = await createTestApp({ DATABASE_URL: '', DATA_DIR: restoredDir });
      const signIn = await v2(restored.app, 'auth/signin', { email: a.owner.email, password: a.owner.password });
      expect(signIn.status).toBe(200);
      const token = signIn.body.token as string;
      const recent = await v2(restored.app, 'scans/recent', { limit: 1 }, token);
      expect(recent.status).toBe(200);
      expect((recent.body.items as { value: string }[])[0]?.value).toMatch(/^(BEFORE-BACKUP|DURING-\d+)$/);
      const values = (await restored.container.db.kysely.selectFrom('scans').select('value').execute()).map((x) => x.value);
      expect(values).toContain('BEFORE-BACKUP');
      // Whatever arrived during the backup is there up to some point, with no gap: one snapshot.
      const duringValues = values.filter((v) => v.startsWith('DURING-')).map((v) => Number(v.slice(7))).sort((x, y) => x - y);
      expect(duringValues).toEqual(duringValues.map((_, i) => i));
      expect(duringValues.length).toBeLessThanOrEqual(during);
      const image = await restored.app.inject({ method: 'POST', url: '/api-v2/scans/file/', payload: { answerId: answer.id }, headers: { authorization: `Bearer ${token}` } });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(png)).toBe(true);
    } finally {
      await restored?.close();
      await source.close();
      fs.rmSync(restoredDir, { recursive: true, force: true });
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a file that is not a backup, a missing database, and a backup of the other database kind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-notbackup-'));
    try {
      const junk = path.join(dir, 'junk.tar');
      fs.writeFileSync(junk, Buffer.alloc(4096));
      const notBackup = await cli(t, ['restore', junk], { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toContain('is not a Scanbase backup');
      const noDatabase = await cli(t, ['backup', path.join(dir, 'none.tar')], { DATA_DIR: path.join(dir, 'empty'), DATABASE_URL: '' });
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.stderr).toContain('There is no database');

      const sourceDir = path.join(dir, 'source');
      await (await createTestApp({ DATABASE_URL: '', DATA_DIR: sourceDir })).close();
      const file = path.join(dir, 'sqlite.tar');
      expect((await cli(t, ['backup', file], { DATA_DIR: sourceDir, DATABASE_URL: '' })).code).toBe(0);
      // Refused before any connection is made, so the address need not exist.
      const intoPostgres = await cli(t, ['restore', file], { DATA_DIR: path.join(dir, 'pg'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(intoPostgres.code).toBe(1);
      expect(intoPostgres.stderr).toContain('holds a SQLite database');
      expect(fs.existsSync(path.join(dir, 'pg'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(!postgresUrl)('on PostgreSQL backs up the stored files and points at pg_dump for the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-pgbackup-'));
    try {
      await t.container.storage.put('accounts/1/task-files/source.csv', Buffer.from('A,1\n'));
      const file = path.join(dir, 'files.tar');
      const backup = await cli(t, ['backup', file]);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('pg_dump --format=custom');
      const names = (await readTarIndex(file)).map((e) => e.name);
      expect(names).toContain('files/accounts/1/task-files/source.csv');
      expect(names).not.toContain('scanbase.db');

      const restore = await cli(t, ['restore', file], { DATA_DIR: path.join(dir, 'new') });
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('pg_restore');
      expect(fs.readFileSync(path.join(dir, 'new', 'files', 'accounts', '1', 'task-files', 'source.csv'), 'utf8')).toBe('A,1\n');
      const intoSqlite = await cli(t, ['restore', file], { DATA_DIR: path.join(dir, 'sqlite'), DATABASE_URL: '' });
      expect(intoSqlite.code).toBe(1);
      expect(intoSqlite.stderr).toContain('made on PostgreSQL');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
