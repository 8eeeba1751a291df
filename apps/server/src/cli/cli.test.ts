import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacy, signUpVerified, v2 } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { derivedTables, tablesInOrder } from '../platform/db/tables.js';

const run = promisify(execFile);
const cliFile = path.join(import.meta.dirname, '..', 'cli.ts');

/** Runs the CLI against the test app's database; answers stdout, stderr and the exit code. */
async function cli(t: TestApp, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database.kind === 'postgres' ? t.config.database.url : '', SMTP_URL: t.config.smtpUrl, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'warn' };
  try {
    const r = await run(process.execPath, ['--import', 'tsx', cliFile, ...args], { env, cwd: path.join(import.meta.dirname, '..', '..') });
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
    const source = await createTestApp({ DATABASE_URL: '' });
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
