import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverEntry } from './test/server-entry.js';


/** Every server a test started: killed after the test, so a failed test leaves no process behind. */
const started: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverEntry('main'), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once the output matches (with the match), or fails when the process exits first; the test's timeout bounds it. */
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (m) {
          child.stdout.off('data', check);
          child.stderr.off('data', check);
          resolve(m);
        }
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      void exited.then((code) => reject(new Error(`the server exited (${String(code)}) before printing ${String(pattern)}:\n${out}`)));
      check();
    });
  return { child, output: () => out, exited, waitFor };
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

describe('the server process', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const p = start({ PORT: 'not-a-port', DATABASE_URL: '' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT');
  }, 90_000);

  it('migrates, listens, answers, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-main-'));
    const p = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', SMTP_URL: '' });
    // Started through tsx, so the first start transpiles the server: slow on a loaded machine, hence a wait for the line.
    const url = (await p.waitFor(LISTENING))[1];
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(p.output()).toContain('0001-foundation');
    expect(fs.existsSync(path.join(dataDir, 'scanbase.db'))).toBe(true);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('writes mail to the log without SMTP and keeps secrets out of it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-main-'));
    const p = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'debug', SMTP_URL: '' });
    // Started through tsx, so the first start transpiles the server: slow on a loaded machine, hence a wait for the line.
    const url = (await p.waitFor(LISTENING))[1];
    const res = await fetch(`${url}/api-v2/auth/signup/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ companyName: 'Log Co', name: 'L', email: 'log@example.com', password: 'very secret pw' }) });
    expect(res.status).toBe(200);
    await fetch(`${url}/api/?section=limits&action=retrieve&api_key=sb_secretvalue`);
    // The mail is written by the jobs platform after the reply: wait for it in the log.
    await p.waitFor(/Confirm your email: http:\/\/localhost:0\/activation\/[\w-]+\//);
    p.child.kill('SIGTERM');
    await p.exited;
    expect(p.output()).toMatch(/Confirm your email: http:\/\/localhost:0\/activation\/[\w-]+\//);
    expect(p.output()).not.toContain('very secret pw');
    expect(p.output()).not.toContain('sb_secretvalue');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
