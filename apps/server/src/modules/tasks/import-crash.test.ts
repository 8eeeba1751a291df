import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLegacy } from '../../test/fixtures.js';
import { createPgDatabase, postgresUrl } from '../../test/test-app.js';
import { serverEntry } from '../../test/server-entry.js';

const ROWS = 100_000;
const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Serves a CSV of ROWS values slowly (so a run can be killed part-way). */
async function slowCsvServer(): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    let i = 0;
    const chunk = () => {
      const lines: string[] = [];
      for (let n = 0; n < 5000 && i < ROWS; n++, i++) lines.push(`CRASH-${String(i).padStart(6, '0')},Row ${i},1`);
      res.write(`${lines.join('\n')}\n`);
      if (i < ROWS) setTimeout(chunk, 120);
      else res.end();
    };
    chunk();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const a = server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/values.csv`;
}

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverEntry('main'), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

describe('a server killed in the middle of a 100,000-row import', () => {
  it('finishes the job after restart with every row exactly once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const pgDb = postgresUrl ? await createPgDatabase(postgresUrl) : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SMTP_URL: '', ALLOW_PRIVATE_URLS: 'true', JOBS_LEASE_SECONDS: '2', ROLES: 'web,worker,scheduler' };
    const csvUrl = await slowCsvServer();

    await run(process.execPath, [...serverEntry('cli'), 'account:create', '--company', 'Crash Co', '--email', 'crash@example.com', '--password', 'crash password 1'], { env });
    const keyOut = await run(process.execPath, [...serverEntry('cli'), 'apikey:create', '--email', 'crash@example.com'], { env });
    const apiKey = keyOut.stdout.trim().split('\n').pop()!;

    let server = await startServer(env);
    const created = parseLegacy(await (await fetch(`${server.url}/api/?section=databases&action=create&database_name=Tickets&api_key=${apiKey}`)).text());
    const databaseId = Number(created.xml.id);
    expect(databaseId).toBeGreaterThan(0);
    const token = (await post(`${server.url}/api-v2/auth/signin/`, { email: 'crash@example.com', password: 'crash password 1' })).token as string;
    const task = await post(`${server.url}/api-v2/tasks/create/`, { type: 'importdatabase', name: 'Nightly import', runNow: true, inputs: { databaseId, url: csvUrl } }, token);
    const jobId = task.jobId as number;
    expect(jobId).toBeGreaterThan(0);

    // Wait until the import is under way, then kill the process without any chance to clean up.
    for (let seen = 0; seen === 0; ) {
      const job = await post(`${server.url}/api-v2/jobs/get/`, { id: jobId }, token);
      seen = (job.progress as { done: number }).done;
      expect(job.state).not.toBe('succeeded');
      await new Promise((r) => setTimeout(r, 50));
    }
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    server = await startServer(env);
    cleanups.push(() => void server.child.kill('SIGTERM'));
    let job: Record<string, unknown> = {};
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      job = await post(`${server.url}/api-v2/jobs/get/`, { id: jobId }, token);
      if (job.state === 'succeeded' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.attempts, JSON.stringify(job)).toBe(2);

    const info = parseLegacy(await (await fetch(`${server.url}/api/?section=databases&action=retrieve&database_id=${databaseId}&api_key=${apiKey}`)).text());
    expect(String((info.xml.database as { count: unknown }).count), JSON.stringify(job)).toBe(String(ROWS));
    const first = parseLegacy(await (await fetch(`${server.url}/api/?section=databases&action=showvalues&database_id=${databaseId}&value=CRASH-000000&api_key=${apiKey}`)).text());
    expect(String(first.xml.count)).toBe('1');
    const last = parseLegacy(await (await fetch(`${server.url}/api/?section=databases&action=showvalues&database_id=${databaseId}&value=CRASH-099999&api_key=${apiKey}`)).text());
    expect(String(last.xml.count)).toBe('1');
  }, 180_000);
});
