import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { FileStore, FileStoreKind, OauthFileStoreKind, RouteBody, RouteReply, v2Routes } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import type { Session } from '../../platform/auth/session.js';
import { AppError } from '../../platform/errors.js';
import { checkOutboundUrl, OutboundUrlError } from '../../platform/http/outbound-http.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError } from '../../platform/jobs/job-types.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AuthTokensRepo } from '../accounts/auth-tokens.repo.js';
import { bufferSource, S3StoreClient, StoreError, storeErrorText, storeFetch, WebdavStoreClient, type S3StoreSettings, type StoreClient, type WebdavSettings } from './file-store-clients.js';
import { StoreSecrets } from './file-store-secrets.js';
import { FileStorageCopies } from './file-storage-copies.js';
import { FileStorageOauth, isOauth, type RevokeOutcome } from './file-storage-oauth.js';
import type { FileStorageRepo, FileStoreRow } from './file-storage.repo.js';
import { DropboxClient, GoogleDriveClient, OneDriveClient } from './provider-clients.js';

export { FILE_STORAGE_COPY_ATTEMPTS, FILE_STORAGE_COPY_JOB, FILE_STORAGE_SCAN_FILE_JOB } from './file-storage-copies.js';
export { FILE_STORAGE_STATE_MINUTES } from './file-storage-oauth.js';

const TIMEOUT_MS = 30_000;

export type FileStorageDeps = {
  repo: FileStorageRepo;
  tokens: AuthTokensRepo;
  box: SecretBox;
  queue: JobQueue;
  storage: BlobStorage;
  config: Pick<Config, 'publicUrl' | 'allowPrivateUrls' | 'fileStorage' | 'fileStorageUploads'>;
  log: { error(obj: unknown, msg: string): void };
};

/**
 * File storage (docs/FILE-STORAGE.md): the stores an account connected, testing them and choosing the one that
 * receives files. The consent flow and tokens live in `FileStorageOauth`, the copy jobs in `FileStorageCopies`.
 */
export class FileStorageService {
  private readonly fetch;
  private readonly secrets: StoreSecrets;
  readonly oauth: FileStorageOauth;
  readonly copying: FileStorageCopies;

  constructor(private readonly deps: FileStorageDeps) {
    this.fetch = storeFetch({ allowPrivate: deps.config.allowPrivateUrls, timeoutMs: TIMEOUT_MS });
    this.secrets = new StoreSecrets(deps.box);
    this.oauth = new FileStorageOauth({ repo: deps.repo, tokens: deps.tokens, secrets: this.secrets, fetch: this.fetch, timeoutMs: TIMEOUT_MS, config: deps.config });
    this.copying = new FileStorageCopies({ repo: deps.repo, queue: deps.queue, storage: deps.storage, log: deps.log, withClient: (row, fn) => this.withClient(row, fn) });
  }

  // ---- list ----

  private view(row: FileStoreRow): FileStore {
    const s = JSON.parse(row.settings) as Record<string, string>;
    const details: { label: string; value: string }[] = [];
    if (row.kind === 's3') {
      details.push({ label: 'Bucket', value: s.bucket ?? '' }, { label: 'Prefix', value: s.prefix || '(none)' }, { label: 'Endpoint', value: s.endpoint || 'AWS' }, { label: 'Region', value: s.region ?? '' }, { label: 'Access key ID', value: s.accessKeyId ?? '' });
    } else if (row.kind === 'webdav') {
      details.push({ label: 'URL', value: s.url ?? '' }, { label: 'User', value: s.username || '(none)' });
    } else {
      details.push({ label: 'Folder', value: row.kind === 'google_drive' ? 'Files named “Scanbase …” in My Drive' : 'Scanbase' });
    }
    return {
      id: row.id,
      kind: row.kind as FileStoreKind,
      name: row.name,
      status: row.status === 'disconnected' ? 'disconnected' : 'connected',
      details,
      forExports: row.for_exports === 1,
      copyScanFiles: row.for_exports === 1 && row.for_scan_files === 1,
      lastError: row.last_error,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async list(accountId: number): Promise<RouteReply<typeof v2Routes.listFileStores>> {
    const rows = await this.deps.repo.list(accountId);
    const providers = (['google_drive', 'dropbox', 'onedrive'] as const).filter((k) => this.deps.config.fileStorage[k] !== null);
    return { items: rows.map((r) => this.view(r)), providers };
  }

  private async row(accountId: number, id: number): Promise<FileStoreRow> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such store.');
    return row;
  }

  // ---- OAuth ----

  /** The consent page URL (see FileStorageOauth.start). */
  startOauth(session: Session, kind: OauthFileStoreKind): Promise<{ url: string }> {
    return this.oauth.start(session, kind);
  }

  /** The return page's call: the new store, or a message for the page. */
  async finishOauth(session: Session, body: RouteBody<typeof v2Routes.finishFileStoreOauth>): Promise<RouteReply<typeof v2Routes.finishFileStoreOauth>> {
    const done = await this.oauth.finish(session, body);
    return done.ok ? { ok: true, store: this.view(await this.row(session.accountId, done.id)) } : done;
  }

  /** The client of a store; for an OAuth store one with a live token (refreshing when needed). */
  private async client(row: FileStoreRow, forceRefresh = false): Promise<StoreClient> {
    const options = { allowPrivate: this.deps.config.allowPrivateUrls, timeoutMs: TIMEOUT_MS };
    const limits = this.deps.config.fileStorageUploads;
    if (row.kind === 's3') {
      const secret = this.secrets.open<{ secretAccessKey: string }>(row);
      if (!secret) throw new PermanentJobError(`The stored secret of ${row.name} cannot be read (SECRETS_KEY changed?): enter it again.`);
      return new S3StoreClient(JSON.parse(row.settings) as S3StoreSettings, secret.secretAccessKey, options, limits);
    }
    if (row.kind === 'webdav') {
      const secret = this.secrets.open<{ password: string }>(row);
      if (!secret) throw new PermanentJobError(`The stored password of ${row.name} cannot be read (SECRETS_KEY changed?): enter it again.`);
      return new WebdavStoreClient(JSON.parse(row.settings) as WebdavSettings, secret.password, options, limits.largeFileBytes);
    }
    if (!isOauth(row.kind)) throw new PermanentJobError(`Unknown store kind ${row.kind}.`);
    const { api } = this.oauth.provider(row.kind);
    const token = await this.oauth.accessToken(row, forceRefresh);
    if (row.kind === 'google_drive') return new GoogleDriveClient(api, token, this.fetch, limits);
    if (row.kind === 'dropbox') return new DropboxClient(api, token, this.fetch, limits);
    return new OneDriveClient(api, token, this.fetch, limits);
  }

  /** Runs `fn` with the store's client; an OAuth store whose token is refused (401) gets one refresh and one more try. */
  private async withClient<T>(row: FileStoreRow, fn: (client: StoreClient) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.client(row));
    } catch (error) {
      if (!(error instanceof StoreError && error.unauthorized && isOauth(row.kind))) throw error;
      return fn(await this.client(row, true));
    }
  }

  // ---- credentials ----

  private checkUrl(text: string, field: string): void {
    try {
      const url = checkOutboundUrl(text, this.deps.config.allowPrivateUrls);
      if (url.protocol !== 'https:' && !this.deps.config.allowPrivateUrls) throw new OutboundUrlError('Use an https:// URL: the credentials would travel unencrypted.');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'This URL cannot be used.';
      throw new AppError('VALIDATION_FAILED', message, [{ path: field, message }]);
    }
  }

  async connect(accountId: number, body: z.output<(typeof v2Routes.connectFileStore)['body']>): Promise<FileStore> {
    let settings: S3StoreSettings | WebdavSettings;
    let secret: unknown;
    if (body.kind === 's3') {
      if (body.endpoint) this.checkUrl(body.endpoint, 'endpoint');
      const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
      settings = { endpoint: body.endpoint.replace(/\/+$/, ''), region: body.region, bucket: body.bucket, prefix, accessKeyId: body.accessKeyId };
      secret = { secretAccessKey: body.secretAccessKey };
    } else {
      this.checkUrl(body.url, 'url');
      settings = { url: body.url, username: body.username };
      secret = { password: body.password };
    }
    const id = await this.deps.repo.insert(accountId, { kind: body.kind, name: body.name, settings: JSON.stringify(settings), secret_enc: this.secrets.seal(accountId, secret) });
    return this.view(await this.row(accountId, id));
  }

  // ---- test, targets, disconnect ----

  /** Writes a small file and deletes it, reporting each step. */
  async test(accountId: number, id: number): Promise<RouteReply<typeof v2Routes.testFileStore>> {
    const row = await this.row(accountId, id);
    type Step = RouteReply<typeof v2Routes.testFileStore>['steps'][number];
    const steps: Step[] = [];
    const fail = async (step: Step['step'], error: unknown) => {
      const message = storeErrorText(error);
      steps.push({ step, ok: false, message });
      if (row.status === 'connected') await this.deps.repo.update(accountId, id, { last_error: message });
      return { ok: false, steps };
    };
    let client: StoreClient;
    try {
      client = await this.client(row);
      steps.push({ step: 'connect', ok: true, message: await client.check() });
    } catch (error) {
      return fail('connect', error);
    }
    const name = `scanbase-test-${randomBytes(4).toString('hex')}.txt`;
    let ref: string;
    try {
      const written = await this.withClient(row, (c) => c.write(name, bufferSource(Buffer.from('Scanbase connection test: this file can be deleted.\n')), 'text/plain'));
      ref = written.ref;
      steps.push({ step: 'write', ok: true, message: `Wrote ${written.path}.` });
    } catch (error) {
      return fail('write', error);
    }
    try {
      await this.withClient(row, (c) => c.remove(ref));
      steps.push({ step: 'delete', ok: true, message: `Deleted ${name} again.` });
    } catch (error) {
      return fail('delete', error);
    }
    await this.deps.repo.update(accountId, id, { last_error: null });
    return { ok: true, steps };
  }

  async setTargets(accountId: number, exportsStoreId: number | null, copyScanFiles: boolean | undefined): Promise<void> {
    if (exportsStoreId !== null) {
      const row = await this.row(accountId, exportsStoreId);
      if (row.status !== 'connected') throw new AppError('CONFLICT', `${row.name} is disconnected: connect it again first.`);
    }
    // Left out (the return page's "Copy task files to …"): the option stays as it was.
    const scanFiles = copyScanFiles ?? (await this.deps.repo.exportsStore(accountId))?.for_scan_files === 1;
    await this.deps.repo.setExportsStore(accountId, exportsStoreId, scanFiles);
    this.copying.forget(accountId);
  }

  /** Removes the store; an OAuth store's grant is revoked at the provider first, where it can be (best effort). */
  async remove(accountId: number, id: number): Promise<RouteReply<typeof v2Routes.disconnectFileStore>> {
    const row = await this.row(accountId, id);
    const outcome: RevokeOutcome = isOauth(row.kind) ? await this.oauth.revoke(row) : { revoke: 'not_needed', message: `${row.name} is disconnected; Scanbase deleted its ${row.kind === 's3' ? 'secret key' : 'password'}.` };
    if (!(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'No such store.');
    this.copying.forget(accountId);
    return { ok: true, ...outcome };
  }
}
