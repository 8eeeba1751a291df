import http from 'node:http';
import https from 'node:https';
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

export interface StoreClient {
  /** Checks that the store answers and the credentials are accepted. */
  check(): Promise<string>;
  write(name: string, data: Buffer, contentType: string): Promise<Written>;
  remove(ref: string): Promise<void>;
}

export type HttpOptions = { allowPrivate: boolean; timeoutMs: number };

type Fetch = ReturnType<typeof guardedFetch>;

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

async function replyText(res: Response): Promise<string> {
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

async function refuse(res: Response, what: string): Promise<never> {
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

  async write(name: string, data: Buffer, contentType: string): Promise<Written> {
    const { sdk, s3 } = await this.connect();
    const key = `${this.settings.prefix}${name}`;
    await this.run(`Writing ${key} was refused`, () => s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType })));
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

  async write(name: string, data: Buffer, contentType: string): Promise<Written> {
    const url = `${this.base}${encodeURIComponent(name)}`;
    const res = await this.fetch(url, { method: 'PUT', headers: this.headers({ 'content-type': contentType }), body: data });
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

// ---- OAuth providers ----

/** Where a provider's API answers (the operator may point it elsewhere: tests use loopback). */
export type ProviderApi = { apiUrl: string; contentUrl: string };

/** The folder every provider's files go to. */
export const PROVIDER_FOLDER = 'Scanbase';

/** JSON in an HTTP header must be ASCII (Dropbox-API-Arg). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Google Drive v3: a multipart upload into the drive the app created files in (scope drive.file). */
export class GoogleDriveClient implements StoreClient {
  constructor(
    private readonly api: ProviderApi,
    private readonly token: string,
    private readonly fetch: Fetch,
  ) {}

  async check(): Promise<string> {
    return 'Google accepted the connection.';
  }

  async write(name: string, data: Buffer, contentType: string): Promise<Written> {
    const boundary = `scanbase${Date.now().toString(36)}`;
    const fileName = `${PROVIDER_FOLDER} ${name}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name: fileName })}\r\n--${boundary}\r\ncontent-type: ${contentType}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await this.fetch(`${this.api.contentUrl}/upload/drive/v3/files?uploadType=multipart&fields=id,name`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': `multipart/related; boundary=${boundary}` },
      body,
    });
    if (!res.ok) return refuse(res, 'Google Drive refused the upload');
    const reply = (await res.json()) as { id?: string };
    if (!reply.id) throw new StoreError('Google Drive answered without a file id.');
    return { path: `Google Drive: ${fileName}`, ref: reply.id };
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/drive/v3/files/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: { authorization: `Bearer ${this.token}` } });
    if (!res.ok && res.status !== 404) return refuse(res, 'Google Drive refused to delete the file');
    await res.arrayBuffer();
  }
}

/** Dropbox API v2: files/upload on the content host, files/delete_v2 on the API host. */
export class DropboxClient implements StoreClient {
  constructor(
    private readonly api: ProviderApi,
    private readonly token: string,
    private readonly fetch: Fetch,
  ) {}

  async check(): Promise<string> {
    return 'Dropbox accepted the connection.';
  }

  async write(name: string, data: Buffer): Promise<Written> {
    const path = `/${PROVIDER_FOLDER}/${name}`;
    const res = await this.fetch(`${this.api.contentUrl}/2/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/octet-stream', 'dropbox-api-arg': asciiJson({ path, mode: 'add', autorename: true, mute: true }) },
      body: data,
    });
    if (!res.ok) return refuse(res, 'Dropbox refused the upload');
    const reply = (await res.json()) as { path_display?: string; path_lower?: string };
    const stored = reply.path_display ?? path;
    return { path: `Dropbox: ${stored}`, ref: reply.path_lower ?? stored };
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/2/files/delete_v2`, { method: 'POST', headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: ref }) });
    if (!res.ok) return refuse(res, 'Dropbox refused to delete the file');
    await res.arrayBuffer();
  }
}

/** OneDrive through Microsoft Graph: a simple upload (PUT …:/content) into the Scanbase folder of the drive root. */
export class OneDriveClient implements StoreClient {
  constructor(
    private readonly api: ProviderApi,
    private readonly token: string,
    private readonly fetch: Fetch,
  ) {}

  async check(): Promise<string> {
    return 'Microsoft accepted the connection.';
  }

  async write(name: string, data: Buffer, contentType: string): Promise<Written> {
    const path = `${PROVIDER_FOLDER}/${name}`;
    const res = await this.fetch(`${this.api.apiUrl}/v1.0/me/drive/root:/${path.split('/').map(encodeURIComponent).join('/')}:/content?@microsoft.graph.conflictBehavior=rename`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': contentType },
      body: data,
    });
    if (!res.ok) return refuse(res, 'OneDrive refused the upload');
    const reply = (await res.json()) as { id?: string; name?: string };
    if (!reply.id) throw new StoreError('OneDrive answered without an item id.');
    return { path: `OneDrive: ${PROVIDER_FOLDER}/${reply.name ?? name}`, ref: reply.id };
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/v1.0/me/drive/items/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: { authorization: `Bearer ${this.token}` } });
    if (!res.ok && res.status !== 404) return refuse(res, 'OneDrive refused to delete the file');
    await res.arrayBuffer();
  }
}

export { fetcher as storeFetch };
