import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { taskFileKey } from './tasks.service.js';

// Source files uploaded for a task that never used them (a task form left unsaved, an import that
// was refused) are swept by the jobs clean-up once a day old; files a task or run names stay.

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let databaseId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerified(t);
  databaseId = (await v2(t.app, 'databases/create', { name: 'Sweep target' }, owner.token)).body.id as number;
});
afterAll(async () => {
  await t.close();
});

async function multipart(route: string, params: unknown, name: string, content: string): Promise<Record<string, unknown>> {
  const boundary = '----sb-sweep';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${JSON.stringify(params)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${route}/`, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${owner.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
}

const upload = async () => (await multipart('tasks/upload-source', {}, 'values.csv', 'A1,One\n')).fileId as string;
const stored = (fileId: string) => t.container.storage.exists(taskFileKey(owner.accountId, fileId));

describe('sweeping unused task source files', () => {
  it('deletes files no task or run names, and keeps the others', async () => {
    const unused = await upload();
    const forTask = await upload();
    const created = await v2(t.app, 'tasks/create', { type: 'importdatabase', name: 'Nightly', inputs: { databaseId, fileId: forTask } }, owner.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // A screen's import keeps its file in its run (queued here: no worker runs in this file).
    const started = await multipart('databases/import-start', { id: databaseId }, 'screen.csv', 'B1,Two\n');
    const run = (await t.container.db.kysely.selectFrom('jobs').select('payload').where('id', '=', started.jobId as number).executeTakeFirstOrThrow()).payload;
    const forRun = /task-files\/([0-9a-f]{24}\.csv)/.exec(run)?.[1] ?? '';
    expect(await stored(forRun)).toBe(true);

    // Every file counts as old enough with a cut-off in the future.
    expect(await t.container.jobs.tasks.sweepUnusedFiles(new Date(Date.now() + 60_000))).toBe(1);
    expect(await stored(unused)).toBe(false);
    expect(await stored(forTask)).toBe(true);
    expect(await stored(forRun)).toBe(true);
  });

  it('the jobs clean-up sweeps files older than a day, and leaves those uploaded since', async () => {
    const fresh = await upload();
    const old = await upload();
    // Back-date the old one where the local storage keeps it (DATA_DIR/files/<key>).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(path.join(t.config.dataDir, 'files', taskFileKey(owner.accountId, old)), twoDaysAgo, twoDaysAgo);
    await t.container.jobs.cleanup();
    expect(await stored(fresh)).toBe(true);
    expect(await stored(old)).toBe(false);
  });

  it('keeps files of another account that its own tasks name', async () => {
    const other = await signUpVerified(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-v2/tasks/upload-source/',
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="o.csv"\r\nContent-Type: text/csv\r\n\r\nC1\r\n--b--\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=b', authorization: `Bearer ${other.token}` },
    });
    const fileId = res.json<{ fileId: string }>().fileId;
    const otherDb = (await v2(t.app, 'databases/create', { name: 'Other target' }, other.token)).body.id as number;
    expect((await v2(t.app, 'tasks/create', { type: 'importdatabase', name: 'Theirs', inputs: { databaseId: otherDb, fileId } }, other.token)).status).toBe(200);
    await t.container.jobs.tasks.sweepUnusedFiles(new Date(Date.now() + 60_000));
    expect(await t.container.storage.exists(taskFileKey(other.accountId, fileId))).toBe(true);
  });
});
