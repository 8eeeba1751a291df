import { chunksOf, readAll, refuse, StoreError, type Fetch, type StoreClient, type UploadLimits, type UploadSource, type Written } from './file-store-clients.js';

/**
 * The OAuth providers' upload APIs. Files up to the large-file threshold go in one request (Google Drive multipart,
 * Dropbox files/upload, OneDrive PUT …:/content); larger ones through each provider's resumable upload, one chunk
 * in memory at a time: Google Drive's resumable session, Dropbox upload sessions, OneDrive's createUploadSession.
 */

/** Where a provider's API answers (the operator may point it elsewhere: tests use loopback). */
export type ProviderApi = { apiUrl: string; contentUrl: string };

/** The folder every provider's files go to. */
export const PROVIDER_FOLDER = 'Scanbase';

/** JSON in an HTTP header must be ASCII (Dropbox-API-Arg). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `bytes <first>-<last>/<total>` of a chunk at `offset`. */
function range(offset: number, length: number, total: number): string {
  return `bytes ${offset}-${offset + length - 1}/${total}`;
}

/** What the three OAuth clients share: API hosts, access token, guarded fetch, upload limits, and a check that only names who accepted (making the client already needed a live token). */
abstract class ProviderClient implements StoreClient {
  /** Who accepted the connection, as the check says it. */
  protected abstract readonly provider: string;

  constructor(
    protected readonly api: ProviderApi,
    protected readonly token: string,
    protected readonly fetch: Fetch,
    protected readonly limits: UploadLimits,
  ) {}

  async check(): Promise<string> {
    return `${this.provider} accepted the connection.`;
  }

  abstract write(name: string, source: UploadSource, contentType: string, folders?: string[]): Promise<Written>;
  abstract remove(ref: string): Promise<void>;
}

/** Google Drive v3 into the drive the app created files in (scope drive.file: no folders it did not make, so a name prefix). */
export class GoogleDriveClient extends ProviderClient {
  protected readonly provider = 'Google';

  async write(name: string, source: UploadSource, contentType: string, folders: string[] = []): Promise<Written> {
    const fileName = `${PROVIDER_FOLDER} ${[...folders, name].join(' - ')}`;
    const reply = source.size <= this.limits.largeFileBytes ? await this.simple(fileName, await readAll(source), contentType) : await this.resumable(fileName, source, contentType);
    if (!reply.id) throw new StoreError('Google Drive answered without a file id.');
    return { path: `Google Drive: ${fileName}`, ref: reply.id };
  }

  private async simple(fileName: string, data: Buffer, contentType: string): Promise<{ id?: string }> {
    const boundary = `scanbase${Date.now().toString(36)}`;
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
    return (await res.json()) as { id?: string };
  }

  /** A resumable upload: a session URI, then chunks with Content-Range (308 until the last). */
  private async resumable(fileName: string, source: UploadSource, contentType: string): Promise<{ id?: string }> {
    const started = await this.fetch(`${this.api.contentUrl}/upload/drive/v3/files?uploadType=resumable&fields=id,name`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-type': contentType, 'x-upload-content-length': String(source.size) },
      body: JSON.stringify({ name: fileName }),
    });
    if (!started.ok) return refuse(started, 'Google Drive refused to start the upload');
    await started.arrayBuffer();
    const session = started.headers.get('location');
    if (!session) throw new StoreError('Google Drive started the upload without a session address.');
    let offset = 0;
    for await (const chunk of chunksOf(source, this.limits.chunkBytes)) {
      const res = await this.fetch(session, { method: 'PUT', headers: { authorization: `Bearer ${this.token}`, 'content-range': range(offset, chunk.length, source.size) }, body: chunk });
      offset += chunk.length;
      if (res.status === 308) {
        await res.arrayBuffer();
        continue;
      }
      if (!res.ok) return refuse(res, 'Google Drive refused a part of the upload');
      if (offset === source.size) return (await res.json()) as { id?: string };
      await res.arrayBuffer();
    }
    throw new StoreError(`Google Drive did not confirm the upload after ${offset} of ${source.size} bytes.`);
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/drive/v3/files/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: { authorization: `Bearer ${this.token}` } });
    if (!res.ok && res.status !== 404) return refuse(res, 'Google Drive refused to delete the file');
    await res.arrayBuffer();
  }
}

type DropboxMetadata = { path_display?: string; path_lower?: string };

/** Dropbox API v2: uploads on the content host (files/upload or an upload session), files/delete_v2 on the API host. */
export class DropboxClient extends ProviderClient {
  protected readonly provider = 'Dropbox';

  private content(endpoint: string, arg: unknown, body: Buffer) {
    return this.fetch(`${this.api.contentUrl}/2/files/${endpoint}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/octet-stream', 'dropbox-api-arg': asciiJson(arg) },
      body,
    });
  }

  async write(name: string, source: UploadSource, _contentType: string, folders: string[] = []): Promise<Written> {
    const path = `/${[PROVIDER_FOLDER, ...folders, name].join('/')}`;
    const commit = { path, mode: 'add', autorename: true, mute: true };
    let res: Response;
    if (source.size <= this.limits.largeFileBytes) {
      res = await this.content('upload', commit, await readAll(source));
    } else {
      // An upload session: start, append each chunk at its offset, finish with the commit.
      let sessionId = '';
      let offset = 0;
      for await (const chunk of chunksOf(source, this.limits.chunkBytes)) {
        const step = sessionId ? await this.content('upload_session/append_v2', { cursor: { session_id: sessionId, offset }, close: false }, chunk) : await this.content('upload_session/start', { close: false }, chunk);
        if (!step.ok) return refuse(step, 'Dropbox refused a part of the upload');
        const reply = (await step.json()) as { session_id?: string } | null;
        if (!sessionId) sessionId = reply?.session_id ?? '';
        if (!sessionId) throw new StoreError('Dropbox started the upload session without an id.');
        offset += chunk.length;
      }
      res = await this.content('upload_session/finish', { cursor: { session_id: sessionId, offset }, commit }, Buffer.alloc(0));
    }
    if (!res.ok) return refuse(res, 'Dropbox refused the upload');
    const reply = (await res.json()) as DropboxMetadata;
    const stored = reply.path_display ?? path;
    return { path: `Dropbox: ${stored}`, ref: reply.path_lower ?? stored };
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/2/files/delete_v2`, { method: 'POST', headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: ref }) });
    if (!res.ok) return refuse(res, 'Dropbox refused to delete the file');
    await res.arrayBuffer();
  }
}

/** OneDrive through Microsoft Graph into the Scanbase folder of the drive root (Graph creates missing folders). */
export class OneDriveClient extends ProviderClient {
  protected readonly provider = 'Microsoft';

  async write(name: string, source: UploadSource, contentType: string, folders: string[] = []): Promise<Written> {
    const path = [PROVIDER_FOLDER, ...folders, name].join('/');
    const item = `${this.api.apiUrl}/v1.0/me/drive/root:/${path.split('/').map(encodeURIComponent).join('/')}:`;
    const reply = source.size <= this.limits.largeFileBytes ? await this.simple(item, await readAll(source), contentType) : await this.session(item, source);
    if (!reply.id) throw new StoreError('OneDrive answered without an item id.');
    return { path: `OneDrive: ${[PROVIDER_FOLDER, ...folders, reply.name ?? name].join('/')}`, ref: reply.id };
  }

  private async simple(item: string, data: Buffer, contentType: string): Promise<{ id?: string; name?: string }> {
    const res = await this.fetch(`${item}/content?@microsoft.graph.conflictBehavior=rename`, { method: 'PUT', headers: { authorization: `Bearer ${this.token}`, 'content-type': contentType }, body: data });
    if (!res.ok) return refuse(res, 'OneDrive refused the upload');
    return (await res.json()) as { id?: string; name?: string };
  }

  /** createUploadSession, then chunks PUT to its upload URL (no bearer token there, as Graph asks) until 200/201. */
  private async session(item: string, source: UploadSource): Promise<{ id?: string; name?: string }> {
    const started = await this.fetch(`${item}/createUploadSession`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ item: { '@microsoft.graph.conflictBehavior': 'rename' } }),
    });
    if (!started.ok) return refuse(started, 'OneDrive refused to start the upload');
    const { uploadUrl } = (await started.json()) as { uploadUrl?: string };
    if (!uploadUrl) throw new StoreError('OneDrive started the upload without an upload URL.');
    let offset = 0;
    for await (const chunk of chunksOf(source, this.limits.chunkBytes)) {
      const res = await this.fetch(uploadUrl, { method: 'PUT', headers: { 'content-range': range(offset, chunk.length, source.size) }, body: chunk });
      offset += chunk.length;
      if (!res.ok) return refuse(res, 'OneDrive refused a part of the upload');
      if (res.status === 200 || res.status === 201) return (await res.json()) as { id?: string; name?: string };
      await res.arrayBuffer();
    }
    throw new StoreError(`OneDrive did not confirm the upload after ${offset} of ${source.size} bytes.`);
  }

  async remove(ref: string): Promise<void> {
    const res = await this.fetch(`${this.api.apiUrl}/v1.0/me/drive/items/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: { authorization: `Bearer ${this.token}` } });
    if (!res.ok && res.status !== 404) return refuse(res, 'OneDrive refused to delete the file');
    await res.arrayBuffer();
  }
}
