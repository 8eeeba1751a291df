import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkOutboundUrl, guardedFetch, guardedLookup, OutboundUrlError } from '../../platform/http/outbound-http.js';

/**
 * Writing a file to a connected store and deleting it again, one class per protocol. Every URL goes through the
 * outbound guard (platform/http/outbound-http.ts): a customer's S3 endpoint or WebDAV URL cannot reach an internal
 * address unless ALLOW_PRIVATE_URLS is set.
 */

/** A failure a person can act on: what was tried and what the store answered. */
export class StoreError extends Error {
  constructor(
    message: string,
    /** The provider refused the access token (HTTP 401): refreshing it may help. */
    readonly unauthorized = false,
  ) {
    super(message);
  }
}

/** Where a file went: a path a person can find it by, and the reference that deletes it. */
export type Written = { path: string; ref: string };

/** What is written: its size, and a stream of its bytes opened once per write (never whole in memory when large). */
export type UploadSource = { size: number; open(): Promise<Readable> };

/** Files up to `largeFileBytes` go in one request; larger ones in chunks of `chunkBytes` (a multiple of 1,280 KiB). */
export type UploadLimits = { largeFileBytes: number; chunkBytes: number };

export interface StoreClient {
  /** Checks that the store answers and the credentials are accepted. */
  check(): Promise<string>;
  /** Writes `name` into the store's folder, under the sub-folders `folders` (created when missing). */
  write(name: string, source: UploadSource, contentType: string, folders?: string[]): Promise<Written>;
  remove(ref: string): Promise<void>;
}

export type HttpOptions = { allowPrivate: boolean; timeoutMs: number };

/** The guarded fetch the clients use (platform/http/outbound-http.ts). */
export type Fetch = ReturnType<typeof guardedFetch>;

/** An upload source of bytes in memory. */
export function bufferSource(data: Buffer): UploadSource {
  return { size: data.length, open: () => Promise.resolve(Readable.from([data])) };
}

/** The whole source in memory (for uploads at or below the large-file threshold). */
export async function readAll(source: UploadSource): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await source.open()) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(parts);
}

/** The source cut into chunks of exactly `size` bytes (the last one shorter): one chunk in memory at a time. */
export async function* chunksOf(source: UploadSource, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let have = 0;
  for await (const chunk of await source.open()) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (rest.length > 0) {
      const take = Math.min(size - have, rest.length);
      parts.push(rest.subarray(0, take));
      have += take;
      rest = rest.subarray(take);
      if (have === size) {
        yield Buffer.concat(parts, size);
        parts = [];
        have = 0;
      }
    }
  }
  if (have > 0) yield Buffer.concat(parts, have);
}

function fetcher(options: HttpOptions): Fetch {
  return guardedFetch({ allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs, maxBytes: 1_048_576 });
}

function describe(error: unknown): string {
  if (error instanceof StoreError || error instanceof OutboundUrlError) return error.message;
  if (error instanceof Error) {
    const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
    if (code === 'ECONNREFUSED') return 'The connection was refused (nothing listens at that address and port).';
    if (code === 'ENOTFOUND') return 'The host name was not found (check the spelling).';
    return error.message;
  }
  return String(error);
}

/** The error text of a failed step, as the page shows it. */
export function storeErrorText(error: unknown): string {
  return describe(error).slice(0, 1000);
}

/** The provider's own words from an error reply (JSON error fields, or the text). */
export async function replyText(res: Response): Promise<string> {
  const text = (await res.text()).trim();
  try {
    const body = JSON.parse(text) as { error?: unknown; error_summary?: unknown; message?: unknown };
    const e = body.error;
    if (typeof body.error_summary === 'string') return body.error_summary;
    if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
    if (typeof e === 'string') return e;
  } catch {
    // not JSON
  }
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').slice(0, 300);
}

/** Throws the refusal as a StoreError naming what was tried (401: the token may be refreshed). */
export async function refuse(res: Response, what: string): Promise<never> {
  const detail = await replyText(res);
  throw new StoreError(`${what}: HTTP ${res.status}${detail ? ` (${detail})` : ''}.`, res.status === 401);
}

// ---- S3-compatible ----

export type S3StoreSettings = { endpoint: string; region: string; bucket: string; prefix: string; accessKeyId: string };

/** An S3-compatible bucket (AWS, MinIO, Wasabi, R2…) with the AWS SDK; the SDK's connections use the guarded DNS lookup. */
export class S3StoreClient implements StoreClient {
  private client: Promise<{ sdk: typeof S3Sdk; s3: S3Client }> | undefined;

  constructor(
    private readonly settings: S3StoreSettings,
    private readonly secretAccessKey: string,
    private readonly options: HttpOptions,
    private readonly limits: UploadLimits,
  ) {}

  private connect() {
    this.client ??= (async () => {
      if (this.settings.endpoint) checkOutboundUrl(this.settings.endpoint, this.options.allowPrivate);
      const sdk = await import('@aws-sdk/client-s3');
      const lookup = guardedLookup(this.options.allowPrivate);
      const s3 = new sdk.S3Client({
        region: this.settings.region,
        ...(this.settings.endpoint ? { endpoint: this.settings.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.secretAccessKey },
        maxAttempts: 1,
        requestHandler: { httpAgent: new http.Agent({ lookup }), httpsAgent: new https.Agent({ lookup }), requestTimeout: this.options.timeoutMs, connectionTimeout: this.options.timeoutMs },
      });
      return { sdk, s3 };
    })();
    return this.client;
  }

  private async run<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof OutboundUrlError || error instanceof StoreError) throw error;
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new StoreError(`${what}: ${status ? `HTTP ${status} ` : ''}${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${describe(error)}`);
    }
  }

  async check(): Promise<string> {
    const { sdk, s3 } = await this.connect();
    await this.run(`Bucket ${this.settings.bucket} cannot be reached`, () => s3.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket })));
    return `Bucket ${this.settings.bucket} answers.`;
  }

  async write(name: string, source: UploadSource, contentType: string, folders: string[] = []): Promise<Written> {
    const { sdk, s3 } = await this.connect();
    const key = `${this.settings.prefix}${[...folders, name].join('/')}`;
    if (source.size <= this.limits.largeFileBytes) {
      const data = await readAll(source);
      await this.run(`Writing ${key} was refused`, () => s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType })));
    } else {
      // A multipart upload, one part in memory at a time (S3 parts are at least 5 MiB).
      const { Upload } = await import('@aws-sdk/lib-storage');
      const body = await source.open();
      const upload = new Upload({ client: s3, queueSize: 1, partSize: Math.max(this.limits.chunkBytes, 5 * 1_048_576), params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType } });
      await this.run(`Writing ${key} was refused`, () => upload.done());
    }
    return { path: `s3://${this.settings.bucket}/${key}`, ref: key };
  }

  async remove(ref: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    await this.run(`Deleting ${ref} was refused`, () => s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: ref })));
  }
}

// ---- WebDAV ----

export type WebdavSettings = { url: string; username: string };

/** A WebDAV folder (Nextcloud, ownCloud, a NAS…) by plain HTTP: PROPFIND to check, PUT to write, DELETE. */
export class WebdavStoreClient implements StoreClient {
  private readonly fetch: Fetch;
  private readonly base: string;

  constructor(
    private readonly settings: WebdavSettings,
    private readonly password: string,
    options: HttpOptions,
    private readonly largeFileBytes: number,
  ) {
    this.fetch = fetcher(options);
    this.base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { ...extra };
    if (this.settings.username || this.password) headers.authorization = `Basic ${Buffer.from(`${this.settings.username}:${this.password}`).toString('base64')}`;
    return headers;
  }

  private explain(status: number): string {
    if (status === 401) return 'the user name or password was refused';
    if (status === 403) return 'this user may not write there';
    if (status === 404 || status === 409) return 'the folder does not exist (create it first)';
    if (status === 507) return 'the store is full';
    return `HTTP ${status}`;
  }

  async check(): Promise<string> {
    const res = await this.fetch(this.base, { method: 'PROPFIND', headers: this.headers({ depth: '0' }) });
    await res.arrayBuffer();
    if (res.status !== 207 && res.status !== 200) throw new StoreError(`The WebDAV folder answered: ${this.explain(res.status)}.`);
    return 'The WebDAV folder answers.';
  }

  async write(name: string, source: UploadSource, contentType: string, folders: string[] = []): Promise<Written> {
    let folder = this.base;
    for (const segment of folders) {
      folder = `${folder}${encodeURIComponent(segment)}/`;
      // 405: the folder exists already.
      const made = await this.fetch(folder, { method: 'MKCOL', headers: this.headers() });
      await made.arrayBuffer();
      if (made.status !== 201 && made.status !== 405) throw new StoreError(`Creating the folder ${segment} was refused: ${this.explain(made.status)}.`);
    }
    const url = `${folder}${encodeURIComponent(name)}`;
    // WebDAV has no standard chunked upload: a large file is streamed in one PUT (memory stays flat).
    const body = source.size <= this.largeFileBytes ? await readAll(source) : await source.open();
    const res = await this.fetch(url, { method: 'PUT', headers: this.headers({ 'content-type': contentType, 'content-length': String(source.size) }), body });
    await res.arrayBuffer();
    if (res.status < 200 || res.status >= 300) throw new StoreError(`Writing ${name} was refused: ${this.explain(res.status)}.`);
    return { path: url, ref: url };
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(ref, { method: 'DELETE', headers: this.headers() });
    await res.arrayBuffer();
    if ((res.status < 200 || res.status >= 300) && res.status !== 404) throw new StoreError(`Deleting the file was refused: ${this.explain(res.status)}.`);
  }
}

export { fetcher as storeFetch };
