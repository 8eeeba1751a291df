import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { v2 as webdav } from 'webdav-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedCopy } from './file-storage.test-helpers.js';

/**
 * S3-compatible stores against a real S3-protocol server on loopback (s3rver) and WebDAV against webdav-server;
 * a task run's file is copied to the chosen store by a job of its own, and a store that fails never fails the run.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-filestorage-'));
let t: TestApp;
let s3: S3rver;
let s3Endpoint: string;
let dav: webdav.WebDAVServer;
let davUrl: string;
const davDir = path.join(dir, 'dav');

beforeAll(async () => {
  fs.mkdirSync(path.join(davDir, 'exports'), { recursive: true });
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'customer-exports', configs: [] }] });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  const users = new webdav.SimpleUserManager();
  const user = users.addUser('nas-user', 'nas password', false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  dav = new webdav.WebDAVServer({ httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'NAS'), privilegeManager: privileges, requireAuthentification: true, hostname: '127.0.0.1' });
  await dav.setFileSystemAsync('/files', new webdav.PhysicalFileSystem(davDir));
  const server = await dav.startAsync(0);
  const addr = server.address();
  davUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/files/exports/`;
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await t?.container.jobs.worker().stop();
  await t?.close();
  await s3?.close();
  await dav?.stopAsync();
  fs.rmSync(dir, { recursive: true, force: true });
});

const s3Body = (extra: Record<string, unknown> = {}) => ({ kind: 's3', name: 'Exports bucket', endpoint: s3Endpoint, region: 'us-east-1', bucket: 'customer-exports', prefix: 'scanbase', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', ...extra });
const davBody = (extra: Record<string, unknown> = {}) => ({ kind: 'webdav', name: 'Office NAS', url: davUrl, username: 'nas-user', password: 'nas password', ...extra });

describe('S3-compatible store', () => {
  it('keeps the secret key encrypted, and writes and deletes a test file in the bucket', async () => {
    const owner = await signUpVerified(t);
    // s3rver checks the key ID, not the signature: any secret signs.
    const made = await v2(t.app, 'filestorage/connect', s3Body({ secretAccessKey: 'customer-secret-key-1' }), owner.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ kind: 's3', status: 'connected', details: expect.arrayContaining([{ label: 'Bucket', value: 'customer-exports' }, { label: 'Prefix', value: 'scanbase/' }]) as unknown });
    expect(JSON.stringify((await v2(t.app, 'filestorage/list', {}, owner.token)).body)).not.toContain('customer-secret-key-1');
    const row = await t.container.db.kysely.selectFrom('file_stores').select('secret_enc').where('id', '=', made.body.id as number).executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1\./);
    expect(row.secret_enc).not.toContain('customer-secret-key-1');
    const tested = await v2(t.app, 'filestorage/test', { id: made.body.id }, owner.token);
    expect(tested.body).toMatchObject({ ok: true, steps: [{ step: 'connect', ok: true }, { step: 'write', ok: true, message: expect.stringContaining('s3://customer-exports/scanbase/scanbase-test-') as unknown }, { step: 'delete', ok: true }] });
    const client = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    expect((await client.send(new ListObjectsV2Command({ Bucket: 'customer-exports', Prefix: 'scanbase/' }))).Contents ?? []).toEqual([]);
  });

  it('reports exactly what failed: a missing bucket, a wrong secret', async () => {
    const owner = await signUpVerified(t);
    const missing = await v2(t.app, 'filestorage/connect', s3Body({ bucket: 'no-such-bucket' }), owner.token);
    const r1 = await v2(t.app, 'filestorage/test', { id: missing.body.id }, owner.token);
    expect(r1.body).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false, message: expect.stringMatching(/Bucket no-such-bucket cannot be reached: HTTP 404/) as unknown }] });
    const wrong = await v2(t.app, 'filestorage/connect', s3Body({ accessKeyId: 'NOT-A-KEY' }), owner.token);
    const r2 = await v2(t.app, 'filestorage/test', { id: wrong.body.id }, owner.token);
    expect(r2.body).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false, message: expect.stringContaining('HTTP 403') as unknown }] });
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toMatchObject([{ lastError: expect.stringContaining('404') as unknown }, { lastError: expect.stringContaining('403') as unknown }]);
  });
});

describe('WebDAV store', () => {
  it('writes and deletes a test file, and names a refused password', async () => {
    const owner = await signUpVerified(t);
    const made = await v2(t.app, 'filestorage/connect', davBody(), owner.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const tested = await v2(t.app, 'filestorage/test', { id: made.body.id }, owner.token);
    expect(tested.body).toMatchObject({ ok: true, steps: [{ step: 'connect', ok: true }, { step: 'write', ok: true }, { step: 'delete', ok: true }] });
    expect(fs.readdirSync(path.join(davDir, 'exports'))).toEqual([]);
    const wrong = await v2(t.app, 'filestorage/connect', davBody({ password: 'guess' }), owner.token);
    const refused = await v2(t.app, 'filestorage/test', { id: wrong.body.id }, owner.token);
    expect(refused.body).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false, message: 'The WebDAV folder answered: the user name or password was refused.' }] });
    const nowhere = await v2(t.app, 'filestorage/connect', davBody({ url: davUrl.replace('/exports/', '/missing/') }), owner.token);
    expect((await v2(t.app, 'filestorage/test', { id: nowhere.body.id }, owner.token)).body).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false, message: expect.stringContaining('does not exist') as unknown }] });
  });

  it('refuses an internal address unless the install allows it (the outbound guard)', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signUpVerified(strict);
      const refused = await v2(strict.app, 'filestorage/connect', davBody(), owner.token);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain('internal address');
      const s3Refused = await v2(strict.app, 'filestorage/connect', s3Body({ endpoint: 'http://10.0.0.5:9000' }), owner.token);
      expect(s3Refused.status).toBe(422);
    } finally {
      await strict.close();
    }
  });
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function runLabels(token: string): Promise<number> {
  const created = await v2(t.app, 'tasks/create', { type: 'generatebarcode', name: 'Labels', runNow: true, inputs: { values: ['A-1', 'A-2'], layout: 'thermal-2x1', symbology: 'code128' } }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const jobId = created.body.jobId as number;
  const run = await waitFor('run', () => v2(t.app, 'jobs/get', { id: jobId }, token), (r) => ['succeeded', 'failed'].includes(r.body.state as string));
  expect(run.body.state).toBe('succeeded');
  return jobId;
}

describe('task-run files copied to the chosen store', () => {
  it('copies a run’s file to the exports store: the same bytes arrive, and the run shows where', async () => {
    t.container.jobs.worker().start();
    const owner = await signUpVerified(t);
    const store = await v2(t.app, 'filestorage/connect', davBody(), owner.token);
    expect((await v2(t.app, 'filestorage/targets', { exportsStoreId: store.body.id }, owner.token)).status).toBe(200);
    const jobId = await runLabels(owner.token);
    const copies = await waitFor('copy', () => v2(t.app, 'filestorage/copies', { jobId }, owner.token), (r) => (r.body.items as { state: string }[])[0]?.state === 'copied');
    const copy = (copies.body.items as { remotePath: string; storeName: string }[])[0]!;
    expect(copy.storeName).toBe('Office NAS');
    const run = await t.container.jobs.queue.get(owner.accountId, jobId);
    const file = (JSON.parse(run!.result!) as { file: { key: string; name: string } }).file;
    const arrived = fs.readFileSync(path.join(davDir, 'exports', `run-${jobId}-${file.name}`));
    const stream = await t.container.storage.getStream(file.key);
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(arrived.equals(Buffer.concat(chunks))).toBe(true);
    expect(decodeURIComponent(copy.remotePath)).toBe(`${davUrl}run-${jobId}-${file.name}`);
  });

  it('copies to S3 too; a store that refuses keeps the error on the copy while the run itself succeeded', async () => {
    const owner = await signUpVerified(t);
    const bucket = await v2(t.app, 'filestorage/connect', s3Body({ prefix: `acct-${owner.accountId}` }), owner.token);
    await v2(t.app, 'filestorage/targets', { exportsStoreId: bucket.body.id }, owner.token);
    const first = await runLabels(owner.token);
    await waitFor('s3 copy', () => v2(t.app, 'filestorage/copies', { jobId: first }, owner.token), (r) => (r.body.items as { state: string }[])[0]?.state === 'copied');
    const client = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'customer-exports', Prefix: `acct-${owner.accountId}/` }));
    const key = listed.Contents?.[0]?.Key ?? '';
    expect(key).toMatch(new RegExp(`^acct-${owner.accountId}/run-${first}-`));
    const body = await (await client.send(new GetObjectCommand({ Bucket: 'customer-exports', Key: key }))).Body!.transformToByteArray();
    expect(body.length).toBeGreaterThan(0);

    const broken = await v2(t.app, 'filestorage/connect', davBody({ password: 'changed on the NAS' }), owner.token);
    await v2(t.app, 'filestorage/targets', { exportsStoreId: broken.body.id }, owner.token);
    const second = await runLabels(owner.token);
    const failed = await waitFor('failed copy', () => v2(t.app, 'filestorage/copies', { jobId: second }, owner.token), (r) => (r.body.items as { attempts: number }[])[0]?.attempts === 1);
    expect(failed.body.items).toMatchObject([{ storeName: 'Office NAS', state: 'pending', error: expect.stringContaining('the user name or password was refused. (attempt 1 of 5; trying again)') as unknown }]);
    expect((await v2(t.app, 'jobs/get', { id: second }, owner.token)).body.state).toBe('succeeded');
  });
});

describe('scan photos and signatures copied to the chosen store', () => {
  it('copies each photo and signature of a new scan into Scan photos/<service>/<day>/ while the option is on', async () => {
    t.container.jobs.worker().start();
    const a = await scanAccount(t);
    fs.mkdirSync(path.join(davDir, `photos-${a.owner.accountId}`));
    const store = await v2(t.app, 'filestorage/connect', davBody({ name: 'Photo NAS', url: davUrl.replace('/exports/', `/photos-${a.owner.accountId}/`) }), a.owner.token);
    expect((await v2(t.app, 'filestorage/targets', { exportsStoreId: store.body.id, copyScanFiles: true }, a.owner.token)).status).toBe(200);
    expect((await v2(t.app, 'filestorage/list', {}, a.owner.token)).body.items).toMatchObject([{ forExports: true, copyScanFiles: true }]);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
    const image = `data:image/png;base64,${png.toString('base64')}`;
    const photo = await a.question('Photo of the pallet', 'dropboximage');
    const signature = await a.question('Signature', 'datasignature');
    const service = await a.service({ validation_method: 'record', service_name: 'Gate: North/1' });
    await a.must('services/set-questions', { id: service, questions: [photo, signature].map((id) => ({ id, condition: 'pre_submit', required: false })) });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    const scanned = await scanner.scan(service, 'PALLET-1', { answers: [{ questionId: photo, values: [], image }, { questionId: signature, values: [], image }] });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    const scanId = scanned.body.scanId as number;

    // The service's name is made safe for a folder; the day is the scan's, in the account's time zone.
    const serviceDir = path.join(davDir, `photos-${a.owner.accountId}`, 'Scan photos', 'Gate_ North_1');
    const arrived = await waitFor('scan photos', () => Promise.resolve(fs.existsSync(serviceDir) ? fs.readdirSync(serviceDir).flatMap((day) => fs.readdirSync(path.join(serviceDir, day)).map((f) => `${day}/${f}`)) : []), (files) => files.length === 2);
    expect(arrived.sort()).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}/scan-${scanId}-photo-${photo}\\.png$`)), expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}/scan-${scanId}-signature-${signature}\\.png$`))]);
    expect(fs.readFileSync(path.join(serviceDir, arrived[0]!)).equals(png)).toBe(true);

    // Off again: the next scan's photos are not queued at all.
    await v2(t.app, 'filestorage/targets', { exportsStoreId: store.body.id, copyScanFiles: false }, a.owner.token);
    expect((await v2(t.app, 'filestorage/list', {}, a.owner.token)).body.items).toMatchObject([{ forExports: true, copyScanFiles: false }]);
    await scanner.scan(service, 'PALLET-2', { answers: [{ questionId: photo, values: [], image }] });
    const jobs = await t.container.db.kysely.selectFrom('jobs').select('type').where('account_id', '=', a.owner.accountId).where('type', '=', 'filestorage.scanfile').execute();
    expect(jobs).toHaveLength(2);
  });

  it('streams a file above the large-file threshold to WebDAV in one PUT and to S3 in parts', async () => {
    const big = createTestApp({ ALLOW_PRIVATE_URLS: 'true', FILE_STORAGE_LARGE_FILE_BYTES: String(1_048_576), FILE_STORAGE_CHUNK_BYTES: String(1_310_720) });
    const app = await big;
    try {
      app.container.jobs.worker().start();
      const owner = await signUpVerified(app);
      const data = randomBytes(6 * 1_048_576 + 123);
      for (const body of [davBody(), s3Body({ prefix: `big-${owner.accountId}` })]) {
        const store = await v2(app.app, 'filestorage/connect', body, owner.token);
        await v2(app.app, 'filestorage/targets', { exportsStoreId: store.body.id }, owner.token);
        const runId = await seedCopy(app, owner.accountId, store.body.id as number, data);
        await waitFor('large copy', () => v2(app.app, 'filestorage/copies', { jobId: runId }, owner.token), (r) => ['copied', 'failed'].includes((r.body.items as { state: string }[])[0]?.state ?? ''));
        const copies = await v2(app.app, 'filestorage/copies', { jobId: runId }, owner.token);
        expect(copies.body.items, JSON.stringify(copies.body)).toMatchObject([{ state: 'copied' }]);
        if (body.kind === 'webdav') expect(fs.readFileSync(path.join(davDir, 'exports', `run-${runId}-big.bin`)).equals(data)).toBe(true);
        else {
          const client = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
          const got = await (await client.send(new GetObjectCommand({ Bucket: 'customer-exports', Key: `big-${owner.accountId}/run-${runId}-big.bin` }))).Body!.transformToByteArray();
          expect(Buffer.from(got).equals(data)).toBe(true);
        }
      }
    } finally {
      await app.container.jobs.worker().stop();
      await app.close();
    }
  });
});
