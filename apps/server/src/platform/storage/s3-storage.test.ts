import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../modules/scans/scans.test-helpers.js';

// The whole server on an S3-compatible bucket (a real S3-protocol server on loopback): a photo taken with
// a scan lands in the bucket under the configured prefix, not in DATA_DIR, and is served back.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-s3-'));
let server: S3rver;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'scanbase-files', configs: [] }] });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  t = await createTestApp({ S3_BUCKET: 'scanbase-files', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'install/' });
});
afterAll(async () => {
  await t.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('stored files in an S3-compatible bucket', () => {
  it('keeps a scan photo in the bucket and serves it back', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const photo = await a.question('Photo', 'dropboximage');
    await a.must('services/set-questions', { id: service, questions: [{ id: photo, condition: 'pre_submit', required: false }] });
    const s = await scannerSignIn(t, await a.appUser([service]));
    const scanned = await s.scan(service, 'PALLET-1', { answers: [{ questionId: photo, values: [], image: PNG }] });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);

    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'scanbase-files', Prefix: `install/accounts/${a.owner.accountId}/` }));
    const keys = (listed.Contents ?? []).map((o) => o.Key ?? '');
    expect(keys.some((k) => k.endsWith('.png')), JSON.stringify(keys)).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'accounts'))).toBe(false);

    const photos = await a.must('scans/photos', {});
    const answerId = (photos.items as { answerId: number }[])[0]!.answerId;
    const file = await t.app.inject({ method: 'POST', url: '/api-v2/scans/file/', payload: { answerId }, headers: { authorization: `Bearer ${a.owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
