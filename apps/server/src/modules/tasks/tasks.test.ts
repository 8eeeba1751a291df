import http from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TaskScheduler } from './task-scheduler.js';
import { TasksRepo } from './tasks.repo.js';
import { nextRunAfter } from './task-schedule.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let receiver: http.Server;
let received: Record<string, string>[] = [];
let receiverUrl = '';

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  owner = await signUpVerified(t);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`;
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await new Promise((r) => receiver.close(r));
  await t.close();
});

async function waitForJob(jobId: number, states: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const r = await v2(t.app, 'jobs/get', { id: jobId }, owner.token);
    if (states.includes(r.body.state as string)) return r.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

describe('schedules', () => {
  it('computes the next run in the task’s time zone', () => {
    const after = new Date('2026-11-21T12:00:00Z');
    expect(nextRunAfter({ kind: 'daily', time: '09:30' }, 'Europe/Paris', after)?.toISOString()).toBe('2026-11-22T08:30:00.000Z');
    expect(nextRunAfter({ kind: 'weekly', weekday: 1, time: '06:00' }, 'America/New_York', after)?.toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(nextRunAfter({ kind: 'monthly', day: 'last', time: '23:00' }, 'UTC', after)?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(nextRunAfter({ kind: 'hourly', minute: 5 }, 'UTC', after)?.toISOString()).toBe('2026-11-21T12:05:00.000Z');
    expect(nextRunAfter({ kind: 'once', at: '2026-11-20T00:00:00Z' }, 'UTC', after)).toBeNull();
    expect(nextRunAfter({ kind: 'manual' }, 'UTC', after)).toBeNull();
  });

  it('creates exactly one job per slot even with two schedulers at once', async () => {
    const created = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'Nightly labels', schedule: { kind: 'daily', time: '02:00' }, timezone: 'UTC', inputs: { values: ['A-1', 'A-2'], layout: 'thermal-2x1', symbology: 'code128' } }, owner.token);
    expect(created.status).toBe(200);
    const task = created.body.task as { id: number; nextRunAt: string };
    expect(task.nextRunAt).toMatch(/T02:00:00.000Z$/);
    // Pretend the slot is due now.
    const slot = new Date(Date.now() - 1000).toISOString();
    await t.container.db.kysely.updateTable('tasks').set({ next_run_at: slot }).where('id', '=', task.id).execute();
    const log = pino({ level: 'silent' });
    const a = new TaskScheduler(new TasksRepo(t.container.db.kysely), t.container.jobs.queue, log);
    const b = new TaskScheduler(new TasksRepo(t.container.db.kysely), t.container.jobs.queue, log);
    const [na, nb] = await Promise.all([a.tick(), b.tick()]);
    expect(na + nb).toBe(1);
    const runs = await v2(t.app, 'jobs/list', { taskId: task.id }, owner.token);
    expect(runs.body.total).toBe(1);
    const after = await v2(t.app, 'tasks/get', { id: task.id }, owner.token);
    expect(after.body.lastRunAt).toBe(slot);
    expect(new Date(after.body.nextRunAt as string).getTime()).toBeGreaterThan(Date.now());
    await v2(t.app, 'jobs/cancel', { id: (runs.body.items as { id: number }[])[0]!.id }, owner.token);
  });
});

describe('tasks', () => {
  it('runs a barcode task now: progress, result file, mail and postback notifications', async () => {
    const recipient = uniqueEmail('ops');
    received = [];
    t.container.jobs.worker().start();
    const created = await v2(
      t.app,
      'tasks/create',
      {
        type: 'generatebarcode',
        name: 'Badge sheet',
        runNow: true,
        inputs: { range: { prefix: 'BADGE-', start: 1, end: 30, padding: 3 }, layout: 'avery-5160', symbology: 'qrcode' },
        outputs: { notifyOnSuccess: [recipient], notifyOnFailure: [], postbackUrl: receiverUrl },
      },
      owner.token,
    );
    expect(created.status).toBe(200);
    const jobId = created.body.jobId as number;
    const job = await waitForJob(jobId, ['succeeded', 'failed']);
    expect(job).toMatchObject({ state: 'succeeded', taskName: 'Badge sheet', progress: { done: 30, total: 30, message: 'Done' } });
    expect((job.result as { file: { name: string } }).file.name).toBe('labels-avery-5160.pdf');

    const file = await t.app.inject({ method: 'POST', url: '/api-v2/jobs/download/', payload: { id: jobId }, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('labels-avery-5160.pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await t.smtp.next(recipient);
    expect(mail.subject).toBe('Task finished: Badge sheet');
    expect(mail.text).toContain(`/account/tasks/progress/${jobId}`);
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(received[0]).toMatchObject({ run_id: String(jobId), state: 'succeeded', task_name: 'Badge sheet', task_type: 'generatebarcode' });

    const list = await v2(t.app, 'tasks/list', {}, owner.token);
    expect((list.body.items as { name: string; lastState: string }[]).find((x) => x.name === 'Badge sheet')?.lastState).toBe('succeeded');
    const notes = await v2(t.app, 'tasks/notifications', {}, owner.token);
    expect((notes.body.items as { taskName: string; onSuccess: string[] }[]).find((n) => n.taskName === 'Badge sheet')?.onSuccess).toEqual([recipient]);
  });

  it('fails a run with bad inputs permanently and says why', async () => {
    const created = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'Bad EAN', runNow: true, inputs: { values: ['12345'], symbology: 'ean13' } }, owner.token);
    const job = await waitForJob(created.body.jobId as number, ['failed', 'succeeded']);
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(String(job.error)).toContain('EAN-13');
  });

  it('rejects types that cannot run yet, bad schedules and bad inputs with field details', async () => {
    const catalogue = await v2(t.app, 'tasks/catalogue', {}, owner.token);
    const items = catalogue.body.items as { type: string; available: boolean; unavailableReason: string | null }[];
    expect(items).toHaveLength(15);
    expect(items.find((i) => i.type === 'generatebarcode')?.available).toBe(true);
    expect(items.find((i) => i.type === 'importtablebuilderscans')?.available).toBe(true);
    // A type whose part is not built yet (while one is left) says so and cannot be saved.
    const waiting = items.find((i) => !i.available);
    if (waiting) {
      expect(waiting.unavailableReason).toContain('not built yet');
      expect((await v2(t.app, 'tasks/create', { type: waiting.type, name: 'x' }, owner.token)).status).toBe(422);
    }
    const badCron = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'x', schedule: { kind: 'cron', expression: '99 99 * * * *' }, inputs: { values: ['A'] } }, owner.token);
    expect(badCron.status).toBe(422);
    expect((badCron.body.details as { path: string }[])[0]?.path).toBe('schedule.expression');
    const badInputs = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'x', inputs: { layout: 'napkin' } }, owner.token);
    expect(badInputs.status).toBe(422);
    expect((badInputs.body.details as { path: string }[]).some((d) => d.path.startsWith('inputs.'))).toBe(true);
  });

  it('keeps tasks and runs to their account', async () => {
    const other = await signUpVerified(t);
    const mine = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'Mine', inputs: { values: ['X1'] } }, owner.token);
    const id = (mine.body.task as { id: number }).id;
    expect((await v2(t.app, 'tasks/get', { id }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'tasks/run', { id }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'tasks/delete', { id }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'jobs/list', {}, other.token)).body.total).toBe(0);
    const run = await v2(t.app, 'tasks/run', { id }, owner.token);
    expect((await v2(t.app, 'jobs/get', { id: run.body.jobId }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'jobs/cancel', { id: run.body.jobId }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'jobs/download', { id: run.body.jobId }, other.token)).status).toBe(404);
  });
});
