import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, type BlobStorage } from './blob-storage.js';
import { LocalBlobStorage } from './local-blob-storage.js';
import { S3BlobStorage } from './s3-blob-storage.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-blob-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A real S3-protocol server on loopback (s3rver) for the S3 adapter.
let s3server: S3rver | undefined;
afterAll(async () => {
  await s3server?.close();
});

async function s3Store(): Promise<BlobStorage> {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'scanbase', configs: [] }] });
  const { port } = await s3server.run();
  return new S3BlobStorage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'scanbase', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'install-1/' });
}

// The contract every BlobStorage adapter meets.
const adapters: [string, () => Promise<BlobStorage>][] = [
  ['local folder', () => Promise.resolve(new LocalBlobStorage(path.join(dir, 'files')))],
  ['S3-compatible bucket', s3Store],
];

describe.each(adapters)('BlobStorage contract: %s', (_name, make) => {
  let store: BlobStorage;
  beforeAll(async () => {
    store = await make();
  });

  it('puts, gets, checks and deletes bytes', async () => {
    const key = 'accounts/1/barcode-logos/logo-a.png';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, Buffer.from('hello'));
    expect(await store.exists(key)).toBe(true);
    expect((await store.get(key))?.toString()).toBe('hello');
    await store.put(key, Buffer.from('again'));
    expect((await store.get(key))?.toString()).toBe('again');
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
  });

  it('streams in and out, sizes, moves, and stores nothing when the source fails', async () => {
    const key = 'uploads/tmp/stream-a';
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, 65 + (i % 26)));
    expect(await store.putStream(key, Readable.from(chunks))).toBe(500_000);
    expect(await store.size(key)).toBe(500_000);
    const back: Buffer[] = [];
    for await (const c of (await store.getStream(key))!) back.push(c as Buffer);
    expect(Buffer.concat(back).equals(Buffer.concat(chunks))).toBe(true);
    expect(await store.getStream('uploads/tmp/none')).toBeUndefined();
    expect(await store.size('uploads/tmp/none')).toBeUndefined();

    expect(await store.move(key, 'accounts/1/task-files/moved.csv')).toBe(true);
    expect(await store.exists(key)).toBe(false);
    expect(await store.size('accounts/1/task-files/moved.csv')).toBe(500_000);
    expect(await store.move(key, 'accounts/1/task-files/other.csv')).toBe(false);

    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('source broke');
    }
    await expect(store.putStream('uploads/tmp/broken', failing())).rejects.toThrow('source broke');
    expect(await store.exists('uploads/tmp/broken')).toBe(false);
  });

  it('lists what lies directly under a folder, with sub-folders and last change; a missing folder lists nothing', async () => {
    const before = Date.now() - 5000;
    await store.put('listing/7/task-files/a.csv', Buffer.from('a'));
    await store.put('listing/7/task-files/b.xlsx', Buffer.from('b'));
    await store.put('listing/8/task-files/c.csv', Buffer.from('c'));
    const files = (await store.list('listing/7/task-files')).sort((x, y) => x.name.localeCompare(y.name));
    expect(files.map((f) => [f.name, f.folder])).toEqual([
      ['a.csv', false],
      ['b.xlsx', false],
    ]);
    for (const f of files) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
    expect((await store.list('listing')).map((f) => [f.name, f.folder]).sort()).toEqual([
      ['7', true],
      ['8', true],
    ]);
    expect(await store.list('listing/9/task-files')).toEqual([]);
    expect(await store.list('listing/7/task-files/a.csv')).toEqual([]);
    await expect(store.list('../etc')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it.each(['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', '.hidden', 'a\\b', 'a b', '', 'x/..'])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });
});
