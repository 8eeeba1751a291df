import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const mainFile = path.join(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('the server process', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const p = start({ PORT: 'not-a-port', DATABASE_URL: '' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT');
  }, 30_000);

  it('migrates, listens, answers, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-main-'));
    const p = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', SMTP_URL: '' });
    const deadline = Date.now() + 20_000;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(p.output())?.[1];
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(url).toBeDefined();
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(p.output()).toContain('0001-foundation');
    expect(fs.existsSync(path.join(dataDir, 'scanbase.db'))).toBe(true);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('writes mail to the log without SMTP and keeps secrets out of it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-main-'));
    const p = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'debug', SMTP_URL: '' });
    const deadline = Date.now() + 20_000;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(p.output())?.[1];
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`${url}/api-v2/auth/signup/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ companyName: 'Log Co', name: 'L', email: 'log@example.com', password: 'very secret pw' }) });
    expect(res.status).toBe(200);
    await fetch(`${url}/api/?section=limits&action=retrieve&api_key=sb_secretvalue`);
    await new Promise((r) => setTimeout(r, 300));
    p.child.kill('SIGTERM');
    await p.exited;
    expect(p.output()).toMatch(/Confirm your email: http:\/\/localhost:0\/activation\/[\w-]+\//);
    expect(p.output()).not.toContain('very secret pw');
    expect(p.output()).not.toContain('sb_secretvalue');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);
});
