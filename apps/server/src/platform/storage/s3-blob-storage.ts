import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobEntry, type BlobStorage } from './blob-storage.js';

/** Where an S3-compatible store is and how to sign in to it (`S3_*` settings). */
export type S3Settings = { endpoint: string | undefined; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };

type Sdk = typeof S3Sdk;

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Blob storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …), for a scaled-out install whose
 * processes share no disk. Keys are object keys under an optional prefix; "folders" are key prefixes.
 * The AWS SDK is loaded on first use, so an install on local storage never loads it.
 */
export class S3BlobStorage implements BlobStorage {
  private client: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;

  constructor(private readonly settings: S3Settings) {}

  private connect(): Promise<{ sdk: Sdk; s3: S3Client }> {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
      }),
    }));
    return this.client;
  }

  private object(key: string): string {
    return `${this.settings.prefix}${assertBlobKey(key)}`;
  }

  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    const Key = this.object(key);
    const { sdk, s3 } = await this.connect();
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: data, ContentType: contentType }));
  }

  async putStream(key: string, source: Readable | AsyncIterable<Buffer | string>, contentType?: string): Promise<number> {
    const Key = this.object(key);
    const { s3 } = await this.connect();
    const { Upload } = await import('@aws-sdk/lib-storage');
    let bytes = 0;
    const counted = new PassThrough();
    const counter = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        bytes += Buffer.byteLength(chunk);
        done(null, chunk);
      },
    });
    // Multipart for large streams (5 MB parts, a few at a time): never the whole file in memory. An upload
    // that fails is aborted, so nothing is stored under the key (S3 shows an object only once it completes).
    const upload = new Upload({ client: s3, params: { Bucket: this.settings.bucket, Key, Body: counted, ContentType: contentType }, queueSize: 2, partSize: 5 * 1024 * 1024, leavePartsOnError: false });
    const sent = upload.done();
    sent.catch(() => undefined);
    try {
      await pipeline(source instanceof Readable ? source : Readable.from(source), counter, counted);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    await sent;
    return bytes;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const stream = await this.getStream(key);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<Readable | undefined> {
    const Key = this.object(key);
    const { sdk, s3 } = await this.connect();
    try {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key }));
      return out.Body as Readable;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    const Key = this.object(key);
    const { sdk, s3 } = await this.connect();
    try {
      const head = await s3.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<boolean> {
    const [source, target] = [this.object(from), this.object(to)];
    if ((await this.size(from)) === undefined) return false;
    const { sdk, s3 } = await this.connect();
    // S3 has no rename: copy, then delete. Keys are plain segments, so the copy source needs no escaping beyond the URI form.
    await s3.send(new sdk.CopyObjectCommand({ Bucket: this.settings.bucket, Key: target, CopySource: `${this.settings.bucket}/${encodeURI(source)}` }));
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: source }));
    return true;
  }

  async delete(key: string): Promise<void> {
    const Key = this.object(key);
    const { sdk, s3 } = await this.connect();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async list(folder: string): Promise<BlobEntry[]> {
    const Prefix = `${this.object(folder)}/`;
    const { sdk, s3 } = await this.connect();
    // Every key under the folder, grouped into files and sub-folders here rather than with a delimiter:
    // S3-compatible servers differ in how they answer delimiters below the first level. Our folders are
    // small (a task's files, one account's folders); the account purge walks them once.
    const files: BlobEntry[] = [];
    const folders = new Map<string, Date>();
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        const rest = o.Key.slice(Prefix.length);
        const modifiedAt = o.LastModified ?? new Date(0);
        const slash = rest.indexOf('/');
        if (slash < 0) files.push({ name: rest, folder: false, modifiedAt });
        else {
          const name = rest.slice(0, slash);
          const seen = folders.get(name);
          if (!seen || seen < modifiedAt) folders.set(name, modifiedAt);
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return [...[...folders].map(([name, modifiedAt]) => ({ name, folder: true, modifiedAt })), ...files];
  }
}
