import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, legacy } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { thumbnailKey } from './scan-insights.service.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

// Deleting scans (V2 scans/delete, legacy scans/delete, the bulkscanremoval task) also removes
// their photos and signatures from storage, with the thumbnails made of them.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
let upload: (value: string, scannedAt: string) => Promise<number>;

beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  const image = `data:image/png;base64,${png.toString('base64')}`;
  const photo = await a.question('Photo', 'dropboximage');
  const signature = await a.question('Signature', 'datasignature');
  const service = await a.service({ validation_method: 'record' });
  await a.must('services/set-questions', { id: service, questions: [photo, signature].map((id) => ({ id, condition: 'pre_submit', required: false })) });
  const s = await scannerSignIn(t, await a.appUser([service]));
  upload = async (value, scannedAt) => {
    const res = await s.call('app/upload', { scans: [{ serviceId: service, value, clientScanId: randomUUID(), scannedAt, answers: [{ questionId: photo, image }, { questionId: signature, image }] }] });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return (res.body.results as { scanId: number }[])[0]!.scanId;
  };
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t.container.jobs.worker().stop();
  await t.close();
});

/** The stored files of a scan: its answers' originals, and the thumbnails (made now through scans/file). */
async function filesOf(scanId: number): Promise<string[]> {
  const answers = await t.container.db.kysely.selectFrom('scan_answers').select(['id', 'file_key']).where('account_id', '=', a.owner.accountId).where('scan_id', '=', scanId).execute();
  const keys: string[] = [];
  for (const answer of answers) {
    if (answer.file_key === null) continue;
    const thumb = await t.app.inject({ method: 'POST', url: '/api-v2/scans/file/', payload: { answerId: answer.id, thumbnail: true }, headers: { authorization: `Bearer ${a.owner.token}` } });
    expect(thumb.statusCode).toBe(200);
    keys.push(answer.file_key, thumbnailKey(answer.file_key));
  }
  expect(keys).toHaveLength(4);
  for (const key of keys) expect(await t.container.storage.exists(key), key).toBe(true);
  return keys;
}

async function stored(keys: string[]): Promise<boolean[]> {
  return Promise.all(keys.map((k) => t.container.storage.exists(k)));
}

describe('deleting scans removes their files', () => {
  it('V2 scans/delete', async () => {
    const gone = await upload('V2-GONE', new Date().toISOString());
    const kept = await upload('V2-KEPT', new Date().toISOString());
    const [goneFiles, keptFiles] = [await filesOf(gone), await filesOf(kept)];
    expect((await a.must('scans/delete', { ids: [gone] })).deleted).toBe(1);
    expect(await stored(goneFiles)).toEqual([false, false, false, false]);
    expect(await stored(keptFiles)).toEqual([true, true, true, true]);
  });

  it('V2 scans/delete naming a missing scan deletes nothing, files included', async () => {
    const id = await upload('V2-ALL-OR-NOTHING', new Date().toISOString());
    const files = await filesOf(id);
    expect((await a.admin('scans/delete', { ids: [id, 2_000_000_000] })).status).toBe(404);
    expect(await stored(files)).toEqual([true, true, true, true]);
  });

  it('legacy scans/delete', async () => {
    const key = await createApiKey(t, a.owner.token);
    const gone = await upload('LEGACY-GONE', new Date().toISOString());
    const files = await filesOf(gone);
    const res = await legacy(t.app, { section: 'scans', action: 'delete', api_key: key, scan_id: String(gone) });
    expect(res.status, res.raw).toBe('1');
    expect(await stored(files)).toEqual([false, false, false, false]);
  });

  it('the bulkscanremoval task', async () => {
    const old = await upload('BULK-OLD', '2020-01-01T00:00:00.000Z');
    const recent = await upload('BULK-RECENT', new Date().toISOString());
    const [oldFiles, recentFiles] = [await filesOf(old), await filesOf(recent)];
    const created = await a.must('tasks/create', { type: 'bulkscanremoval', name: 'Old scans', inputs: { olderThanDays: 365 }, runNow: true });
    const jobId = created.jobId as number;
    let job: Record<string, unknown> = {};
    for (const deadline = Date.now() + 20_000; !['succeeded', 'failed'].includes(job.state as string); ) {
      if (Date.now() > deadline) throw new Error(`job stuck: ${JSON.stringify(job)}`);
      job = await a.must('jobs/get', { id: jobId });
      if (!['succeeded', 'failed'].includes(job.state as string)) await new Promise((r) => setTimeout(r, 50));
    }
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(await stored(oldFiles)).toEqual([false, false, false, false]);
    expect(await stored(recentFiles)).toEqual([true, true, true, true]);
  });
});
