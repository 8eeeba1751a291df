import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import { fileStoreReturnSlugs, type FileStore, type FileStorageCopy, type FileStoreKind, type OauthFileStoreKind, type RouteBody, type RouteReply, type v2Routes } from '@scanbase/contracts';
import type { Config, FileStorageProviderConfig } from '../../config.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { checkOutboundUrl, OutboundUrlError } from '../../platform/http/outbound-http.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobContext, type JobFile, type JobHandler } from '../../platform/jobs/job-types.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AuthTokensRepo } from '../accounts/auth-tokens.repo.js';
import {
  DropboxClient,
  GoogleDriveClient,
  OneDriveClient,
  S3StoreClient,
  StoreError,
  storeErrorText,
  storeFetch,
  WebdavStoreClient,
  type ProviderApi,
  type S3StoreSettings,
  type StoreClient,
  type WebdavSettings,
} from './file-store-clients.js';
import type { FileStorageCopyRow, FileStorageRepo, FileStoreRow } from './file-storage.repo.js';

/** The job that copies a task run's file to the account's store. */
export const FILE_STORAGE_COPY_JOB = 'filestorage.copy';
/** Attempts of one copy (the jobs platform backs off between them) before it is shown as failed. */
export const FILE_STORAGE_COPY_ATTEMPTS = 5;
/** A connection started at a provider must come back within this long. */
export const FILE_STORAGE_STATE_MINUTES = 10;
/** Files larger than this are not copied (they are read into memory for the providers' simple uploads). */
export const FILE_STORAGE_MAX_BYTES = 100 * 1_048_576;
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
const TIMEOUT_MS = 30_000;

type Provider = { issuer: string; authorization_endpoint: string; token_endpoint: string; scope: string; params: Record<string, string>; apiUrl: string; contentUrl: string };

/** The real providers' endpoints; FILE_STORAGE_<P>_ISSUER (discovery) and _API_URL replace them (tests). */
const PROVIDERS: Record<OauthFileStoreKind, Provider> = {
  google_drive: {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    scope: 'https://www.googleapis.com/auth/drive.file',
    // A refresh token is only handed out with offline access, and again only on consent.
    params: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    apiUrl: 'https://www.googleapis.com',
    contentUrl: 'https://www.googleapis.com',
  },
  dropbox: {
    issuer: 'https://www.dropbox.com',
    authorization_endpoint: 'https://www.dropbox.com/oauth2/authorize',
    token_endpoint: 'https://api.dropboxapi.com/oauth2/token',
    scope: 'files.content.write',
    params: { token_access_type: 'offline' },
    apiUrl: 'https://api.dropboxapi.com',
    contentUrl: 'https://content.dropboxapi.com',
  },
  onedrive: {
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    authorization_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'offline_access Files.ReadWrite',
    params: {},
    apiUrl: 'https://graph.microsoft.com',
    contentUrl: 'https://graph.microsoft.com',
  },
};

const LABELS: Record<FileStoreKind, string> = { google_drive: 'Google Drive', dropbox: 'Dropbox', onedrive: 'OneDrive', s3: 'S3', webdav: 'WebDAV' };

/** What a state row keeps server-side between the consent page and the return page. */
type Pending = { kind: OauthFileStoreKind; verifier: string; redirectUri: string };
/** The sealed secret of an OAuth store. */
type Tokens = { accessToken: string; refreshToken: string | null; expiresAt: number | null };

const isOauth = (kind: string): kind is OauthFileStoreKind => kind === 'google_drive' || kind === 'dropbox' || kind === 'onedrive';

/** The provider no longer accepts the grant: the store is shown as disconnected. */
class GrantRevoked extends Error {}

export type FileStorageDeps = {
  repo: FileStorageRepo;
  tokens: AuthTokensRepo;
  box: SecretBox;
  queue: JobQueue;
  storage: BlobStorage;
  config: Pick<Config, 'publicUrl' | 'allowPrivateUrls' | 'fileStorage'>;
};

/** File storage: connecting stores, testing them, and copying task-run files to the chosen one (docs/FILE-STORAGE.md). */
export class FileStorageService {
  private readonly fetch;
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly deps: FileStorageDeps) {
    this.fetch = storeFetch({ allowPrivate: deps.config.allowPrivateUrls, timeoutMs: TIMEOUT_MS });
  }

  private context(accountId: number, storeId: number | 'new'): string {
    return `filestorage:${accountId}:${storeId}`;
  }

  private seal(accountId: number, value: unknown): string {
    if (!this.deps.box.available) throw new AppError('CONFLICT', 'The server cannot store secrets: the operator must set SECRETS_KEY (see docs/OPERATIONS.md).');
    // Sealed for the account; a secret cannot be moved to another account's row.
    return this.deps.box.seal(JSON.stringify(value), this.context(accountId, 'new'));
  }

  private open<T>(row: FileStoreRow): T | undefined {
    const plain = row.secret_enc ? this.deps.box.open(row.secret_enc, this.context(row.account_id, 'new')) : undefined;
    return plain === undefined ? undefined : (JSON.parse(plain) as T);
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

  private provider(kind: OauthFileStoreKind): { settings: NonNullable<FileStorageProviderConfig>; fixed: Provider; api: ProviderApi } {
    const settings = this.deps.config.fileStorage[kind];
    if (!settings) throw new AppError('CONFLICT', `${LABELS[kind]} is not set up on this server: the operator must set its client ID and secret (docs/FILE-STORAGE.md).`);
    const fixed = PROVIDERS[kind];
    const apiUrl = (settings.apiUrl ?? fixed.apiUrl).replace(/\/+$/, '');
    const contentUrl = (settings.contentUrl ?? (settings.apiUrl ? apiUrl : fixed.contentUrl)).replace(/\/+$/, '');
    return { settings, fixed, api: { apiUrl, contentUrl } };
  }

  private oauthConfig(kind: OauthFileStoreKind): Promise<oidc.Configuration> {
    const { settings, fixed } = this.provider(kind);
    const key = `${kind}|${settings.issuer ?? ''}|${settings.clientId}`;
    let config = this.discovered.get(key);
    if (!config) {
      if (settings.issuer) {
        const issuer = new URL(settings.issuer);
        config = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          [oidc.customFetch]: this.fetch,
          timeout: TIMEOUT_MS / 1000,
        });
      } else {
        const c = new oidc.Configuration({ issuer: fixed.issuer, authorization_endpoint: fixed.authorization_endpoint, token_endpoint: fixed.token_endpoint }, settings.clientId, settings.clientSecret);
        c[oidc.customFetch] = this.fetch;
        c.timeout = TIMEOUT_MS / 1000;
        config = Promise.resolve(c);
      }
      this.discovered.set(key, config);
      config.catch(() => this.discovered.delete(key));
    }
    return config;
  }

  private redirectUri(kind: OauthFileStoreKind): string {
    return `${this.deps.config.publicUrl}/account/integrations/file-storage/${fileStoreReturnSlugs[kind]}/return/`;
  }

  private describe(error: unknown): string {
    if (error instanceof oidc.ResponseBodyError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
    if (error instanceof Error) return `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`;
    return String(error);
  }

  /** The consent page URL; verifier and kind stay on the server under the hashed state, tied to the signed-in login. */
  async startOauth(session: Session, kind: OauthFileStoreKind): Promise<{ url: string }> {
    const { fixed } = this.provider(kind);
    if (!this.deps.box.available) throw new AppError('CONFLICT', 'The server cannot store secrets: the operator must set SECRETS_KEY (see docs/OPERATIONS.md).');
    let config: oidc.Configuration;
    try {
      config = await this.oauthConfig(kind);
    } catch (error) {
      throw new AppError('CONFLICT', `${LABELS[kind]} cannot be reached: ${this.describe(error)}`);
    }
    const state = oidc.randomState();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: Pending = { kind, verifier, redirectUri: this.redirectUri(kind) };
    const expires = new Date(Date.now() + FILE_STORAGE_STATE_MINUTES * 60_000).toISOString();
    await this.deps.tokens.insert('file_storage_state', hashSecret(state), { accountId: session.accountId, adminId: session.adminId, accountUserId: session.accountUserId }, expires, JSON.stringify(pending));
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: pending.redirectUri,
      scope: fixed.scope,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...fixed.params,
    });
    return { url: url.href };
  }

  /** The return page's call: every failure is answered as a message for the page, not as an exception. */
  async finishOauth(session: Session, body: RouteBody<typeof v2Routes.finishFileStoreOauth>): Promise<RouteReply<typeof v2Routes.finishFileStoreOauth>> {
    const label = LABELS[body.kind];
    const refused = (detail: string) => `${label} did not allow the connection: ${detail}`;
    if (!body.state) return { ok: false, message: body.error ? refused(body.errorDescription || body.error) : 'The provider sent no state: start again with “Connect”.' };
    const row = await this.deps.tokens.findLive('file_storage_state', hashSecret(body.state));
    const mine = row && row.account_id === session.accountId && row.admin_id === session.adminId && row.account_user_id === session.accountUserId;
    if (!row || !mine) return { ok: false, message: 'This connection was not started by you in this account, or it took longer than 10 minutes, or it was already finished. Start again with “Connect”.' };
    // Single use: a reload of the return page finds nothing.
    if (!(await this.deps.tokens.consume(row.id))) return { ok: false, message: 'This connection was already finished. Start again with “Connect” if the store is not listed.' };
    const pending = JSON.parse(row.payload ?? '{}') as Pending;
    if (pending.kind !== body.kind) return { ok: false, message: `This return page is for ${label}, but the connection was started for ${LABELS[pending.kind]}. Start again with “Connect”.` };
    if (body.error) return { ok: false, message: refused(body.errorDescription ? `${body.errorDescription} (${body.error})` : body.error) };
    if (!body.code) return { ok: false, message: `${label} sent no authorization code. Start again with “Connect”.` };
    let tokens: oidc.TokenEndpointResponse;
    try {
      const config = await this.oauthConfig(body.kind);
      const current = new URL(pending.redirectUri);
      current.searchParams.set('code', body.code);
      current.searchParams.set('state', body.state);
      tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: pending.verifier, expectedState: body.state, idTokenExpected: false });
    } catch (error) {
      return { ok: false, message: `${label} did not confirm the connection: ${this.describe(error)}. Start again with “Connect”.` };
    }
    if (!tokens.refresh_token) return { ok: false, message: `${label} gave no refresh token, so Scanbase could not keep the connection. Remove Scanbase from the apps of your ${label} account, then connect again.` };
    const value: Tokens = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : null };
    const existing = await this.deps.repo.list(session.accountId);
    const same = existing.filter((r) => r.kind === body.kind).length;
    const id = await this.deps.repo.insert(session.accountId, { kind: body.kind, name: same === 0 ? label : `${label} ${same + 1}`, settings: '{}', secret_enc: this.seal(session.accountId, value) });
    return { ok: true, store: this.view(await this.row(session.accountId, id)) };
  }

  /** A live access token for an OAuth store: refreshed when (nearly) expired or `force`d; a refused refresh disconnects the store. */
  private async accessToken(row: FileStoreRow, force = false): Promise<string> {
    const kind = row.kind as OauthFileStoreKind;
    if (row.status === 'disconnected') throw new GrantRevoked(`${row.name} is disconnected: connect it again.`);
    const tokens = this.open<Tokens>(row);
    if (!tokens) throw new PermanentJobError(`The stored tokens of ${row.name} cannot be read (SECRETS_KEY changed?): connect it again.`);
    if (!force && (tokens.expiresAt === null || tokens.expiresAt - REFRESH_MARGIN_MS > Date.now())) return tokens.accessToken;
    if (!tokens.refreshToken) throw await this.disconnect(row, 'The provider gave no refresh token; connect again.');
    let next: oidc.TokenEndpointResponse;
    try {
      next = await oidc.refreshTokenGrant(await this.oauthConfig(kind), tokens.refreshToken);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && (error.error === 'invalid_grant' || error.error === 'unauthorized_client')) {
        throw await this.disconnect(row, `${LABELS[kind]} no longer accepts the connection (${this.describe(error)}). Connect it again.`);
      }
      throw new StoreError(`The access token could not be refreshed: ${this.describe(error)}`);
    }
    const value: Tokens = { accessToken: next.access_token, refreshToken: next.refresh_token ?? tokens.refreshToken, expiresAt: next.expires_in ? Date.now() + next.expires_in * 1000 : null };
    const secret = this.seal(row.account_id, value);
    await this.deps.repo.update(row.account_id, row.id, { secret_enc: secret });
    row.secret_enc = secret;
    return value.accessToken;
  }

  private async disconnect(row: FileStoreRow, message: string): Promise<GrantRevoked> {
    await this.deps.repo.update(row.account_id, row.id, { status: 'disconnected', last_error: message });
    row.status = 'disconnected';
    return new GrantRevoked(message);
  }

  /** The client of a store; for an OAuth store one with a live token (refreshing when needed). */
  private async client(row: FileStoreRow, forceRefresh = false): Promise<StoreClient> {
    const options = { allowPrivate: this.deps.config.allowPrivateUrls, timeoutMs: TIMEOUT_MS };
    if (row.kind === 's3') {
      const secret = this.open<{ secretAccessKey: string }>(row);
      if (!secret) throw new PermanentJobError(`The stored secret of ${row.name} cannot be read (SECRETS_KEY changed?): enter it again.`);
      return new S3StoreClient(JSON.parse(row.settings) as S3StoreSettings, secret.secretAccessKey, options);
    }
    if (row.kind === 'webdav') {
      const secret = this.open<{ password: string }>(row);
      if (!secret) throw new PermanentJobError(`The stored password of ${row.name} cannot be read (SECRETS_KEY changed?): enter it again.`);
      return new WebdavStoreClient(JSON.parse(row.settings) as WebdavSettings, secret.password, options);
    }
    if (!isOauth(row.kind)) throw new PermanentJobError(`Unknown store kind ${row.kind}.`);
    const { api } = this.provider(row.kind);
    const token = await this.accessToken(row, forceRefresh);
    if (row.kind === 'google_drive') return new GoogleDriveClient(api, token, this.fetch);
    if (row.kind === 'dropbox') return new DropboxClient(api, token, this.fetch);
    return new OneDriveClient(api, token, this.fetch);
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
    const id = await this.deps.repo.insert(accountId, { kind: body.kind, name: body.name, settings: JSON.stringify(settings), secret_enc: this.seal(accountId, secret) });
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
      const written = await this.withClient(row, (c) => c.write(name, Buffer.from('Scanbase connection test: this file can be deleted.\n'), 'text/plain'));
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

  async setTargets(accountId: number, exportsStoreId: number | null): Promise<void> {
    if (exportsStoreId !== null) {
      const row = await this.row(accountId, exportsStoreId);
      if (row.status !== 'connected') throw new AppError('CONFLICT', `${row.name} is disconnected: connect it again first.`);
    }
    await this.deps.repo.setExportsStore(accountId, exportsStoreId);
  }

  async remove(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'No such store.');
  }

  // ---- copies of task-run files ----

  private copyView(row: FileStorageCopyRow): FileStorageCopy {
    return { id: row.id, storeName: row.store_name, state: row.state as FileStorageCopy['state'], remotePath: row.remote_path, error: row.error, attempts: row.attempts, updatedAt: row.updated_at };
  }

  async copies(accountId: number, jobId: number): Promise<FileStorageCopy[]> {
    return (await this.deps.repo.copiesOfJob(accountId, jobId)).map((r) => this.copyView(r));
  }

  /**
   * Hung on the job worker's finished listener: a task run that succeeded with a file is copied to the account's
   * exports store by a job of its own, so a store that fails never fails the run.
   */
  runFinished(log: { error(obj: unknown, msg: string): void }): (job: JobRow, state: string) => void {
    return (job, state) => {
      if (!job.type.startsWith('task.') || job.account_id === null || state !== 'succeeded') return;
      const accountId = job.account_id;
      void (async () => {
        const run = await this.deps.queue.get(accountId, job.id);
        const file = run?.result ? (JSON.parse(run.result) as { file?: JobFile }).file : undefined;
        if (!file) return;
        const store = await this.deps.repo.exportsStore(accountId);
        if (!store) return;
        const copyId = await this.deps.repo.insertCopy(accountId, job.id, store);
        await this.deps.queue.enqueue(FILE_STORAGE_COPY_JOB, { copyId, storeId: store.id, runId: job.id, file }, { accountId, maxAttempts: FILE_STORAGE_COPY_ATTEMPTS });
      })().catch((err: unknown) => log.error({ err, jobId: job.id }, 'file storage copy could not be queued'));
    };
  }

  /** The copy job: reads the run's file and writes it to the store; every failure is kept on the copy for the run's page. */
  copyHandler(): JobHandler {
    return async (ctx: JobContext) => {
      const payload = ctx.payload as { copyId: number; storeId: number; runId: number; file: JobFile };
      if (ctx.accountId === null) throw new PermanentJobError('A copy needs an account.');
      const accountId = ctx.accountId;
      const copy = await this.deps.repo.getCopy(accountId, payload.copyId);
      if (!copy) throw new PermanentJobError('The copy was removed.');
      try {
        const store = await this.deps.repo.get(accountId, payload.storeId);
        if (!store) throw new PermanentJobError('The store was disconnected and removed.');
        const size = await this.deps.storage.size(payload.file.key);
        if (size === undefined) throw new PermanentJobError('The run’s file is not there any more.');
        if (size > FILE_STORAGE_MAX_BYTES) throw new PermanentJobError(`The file is larger than ${FILE_STORAGE_MAX_BYTES / 1_048_576} MB and is not copied.`);
        const stream = await this.deps.storage.getStream(payload.file.key);
        if (!stream) throw new PermanentJobError('The run’s file is not there any more.');
        const data = await toBuffer(stream);
        const name = `run-${payload.runId}-${payload.file.name}`;
        const written = await this.withClient(store, (c) => c.write(name, data, payload.file.contentType));
        await this.deps.repo.updateCopy(accountId, copy.id, { state: 'copied', remote_path: written.path, error: null, attempts: ctx.attempt });
        await ctx.log(`Copied to ${store.name}: ${written.path}`);
        return { summary: `Copied to ${store.name}` };
      } catch (error) {
        const permanent = error instanceof PermanentJobError || error instanceof GrantRevoked || ctx.attempt >= FILE_STORAGE_COPY_ATTEMPTS;
        const message = storeErrorText(error);
        await this.deps.repo.updateCopy(accountId, copy.id, { state: permanent ? 'failed' : 'pending', error: permanent ? message : `${message} (attempt ${ctx.attempt} of ${FILE_STORAGE_COPY_ATTEMPTS}; trying again)`, attempts: ctx.attempt });
        throw error instanceof GrantRevoked ? new PermanentJobError(error.message) : error;
      }
    };
  }
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
