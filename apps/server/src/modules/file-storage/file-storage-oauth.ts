import * as oidc from 'openid-client';
import { fileStoreReturnSlugs, type OauthFileStoreKind, type RouteBody, type v2Routes } from '@scanbase/contracts';
import type { Config, FileStorageProviderConfig } from '../../config.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { PermanentJobError } from '../../platform/jobs/job-types.js';
import type { AuthTokensRepo } from '../accounts/auth-tokens.repo.js';
import { refuse, StoreError, type Fetch } from './file-store-clients.js';
import type { StoreSecrets } from './file-store-secrets.js';
import type { FileStorageRepo, FileStoreRow } from './file-storage.repo.js';
import type { ProviderApi } from './provider-clients.js';

/** A connection started at a provider must come back within this long. */
export const FILE_STORAGE_STATE_MINUTES = 10;
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

type Provider = { issuer: string; authorization_endpoint: string; token_endpoint: string; revocation_endpoint?: string; scope: string; params: Record<string, string>; apiUrl: string; contentUrl: string };

/** The real providers' endpoints; FILE_STORAGE_<P>_ISSUER (discovery) and _API_URL replace them (tests). */
const PROVIDERS: Record<OauthFileStoreKind, Provider> = {
  google_drive: {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    revocation_endpoint: 'https://oauth2.googleapis.com/revoke',
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

/** What each provider is called in messages. */
export const PROVIDER_LABELS: Record<OauthFileStoreKind, string> = { google_drive: 'Google Drive', dropbox: 'Dropbox', onedrive: 'OneDrive' };

/** What a state row keeps server-side between the consent page and the return page. */
type Pending = { kind: OauthFileStoreKind; verifier: string; redirectUri: string };
/** The sealed secret of an OAuth store. */
type Tokens = { accessToken: string; refreshToken: string | null; expiresAt: number | null };

/** The kinds connected by a consent page. */
export const isOauth = (kind: string): kind is OauthFileStoreKind => kind === 'google_drive' || kind === 'dropbox' || kind === 'onedrive';

/** The provider no longer accepts the grant: the store is shown as disconnected. */
export class GrantRevoked extends Error {}

/** What revoking the grant at the provider came to, for the page. */
export type RevokeOutcome = { revoke: 'revoked' | 'failed' | 'not_supported' | 'not_needed'; message: string };

export type FileStorageOauthDeps = {
  repo: FileStorageRepo;
  tokens: AuthTokensRepo;
  secrets: StoreSecrets;
  fetch: Fetch;
  timeoutMs: number;
  config: Pick<Config, 'publicUrl' | 'fileStorage'>;
};

/** The OAuth 2 side of file storage: consent (authorization code with PKCE), tokens and their refresh, revoking on disconnect. */
export class FileStorageOauth {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly deps: FileStorageOauthDeps) {}

  /** The operator's settings and the API hosts of a provider; refused when it is not set up. */
  provider(kind: OauthFileStoreKind): { settings: NonNullable<FileStorageProviderConfig>; fixed: Provider; api: ProviderApi } {
    const settings = this.deps.config.fileStorage[kind];
    if (!settings) throw new AppError('CONFLICT', `${PROVIDER_LABELS[kind]} is not set up on this server: the operator must set its client ID and secret (docs/FILE-STORAGE.md).`);
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
          [oidc.customFetch]: this.deps.fetch,
          timeout: this.deps.timeoutMs / 1000,
        });
      } else {
        const metadata = { issuer: fixed.issuer, authorization_endpoint: fixed.authorization_endpoint, token_endpoint: fixed.token_endpoint, ...(fixed.revocation_endpoint ? { revocation_endpoint: fixed.revocation_endpoint } : {}) };
        const c = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret);
        c[oidc.customFetch] = this.deps.fetch;
        c.timeout = this.deps.timeoutMs / 1000;
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
  async start(session: Session, kind: OauthFileStoreKind): Promise<{ url: string }> {
    const { fixed } = this.provider(kind);
    if (!this.deps.secrets.available) throw new AppError('CONFLICT', 'The server cannot store secrets: the operator must set SECRETS_KEY (see docs/OPERATIONS.md).');
    let config: oidc.Configuration;
    try {
      config = await this.oauthConfig(kind);
    } catch (error) {
      throw new AppError('CONFLICT', `${PROVIDER_LABELS[kind]} cannot be reached: ${this.describe(error)}`);
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

  /** The return page's call: the new store's id, or a message for the page (never an exception). */
  async finish(session: Session, body: RouteBody<typeof v2Routes.finishFileStoreOauth>): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
    const label = PROVIDER_LABELS[body.kind];
    const refused = (detail: string) => `${label} did not allow the connection: ${detail}`;
    if (!body.state) return { ok: false, message: body.error ? refused(body.errorDescription || body.error) : 'The provider sent no state: start again with “Connect”.' };
    const row = await this.deps.tokens.findLive('file_storage_state', hashSecret(body.state));
    const mine = row && row.account_id === session.accountId && row.admin_id === session.adminId && row.account_user_id === session.accountUserId;
    if (!row || !mine) return { ok: false, message: 'This connection was not started by you in this account, or it took longer than 10 minutes, or it was already finished. Start again with “Connect”.' };
    // Single use: a reload of the return page finds nothing.
    if (!(await this.deps.tokens.consume(row.id))) return { ok: false, message: 'This connection was already finished. Start again with “Connect” if the store is not listed.' };
    const pending = JSON.parse(row.payload ?? '{}') as Pending;
    if (pending.kind !== body.kind) return { ok: false, message: `This return page is for ${label}, but the connection was started for ${PROVIDER_LABELS[pending.kind]}. Start again with “Connect”.` };
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
    const id = await this.deps.repo.insert(session.accountId, { kind: body.kind, name: same === 0 ? label : `${label} ${same + 1}`, settings: '{}', secret_enc: this.deps.secrets.seal(session.accountId, value) });
    return { ok: true, id };
  }

  /** A live access token for an OAuth store: refreshed when (nearly) expired or `force`d; a refused refresh disconnects the store. */
  async accessToken(row: FileStoreRow, force = false): Promise<string> {
    const kind = row.kind as OauthFileStoreKind;
    if (row.status === 'disconnected') throw new GrantRevoked(`${row.name} is disconnected: connect it again.`);
    const tokens = this.deps.secrets.open<Tokens>(row);
    if (!tokens) throw new PermanentJobError(`The stored tokens of ${row.name} cannot be read (SECRETS_KEY changed?): connect it again.`);
    if (!force && (tokens.expiresAt === null || tokens.expiresAt - REFRESH_MARGIN_MS > Date.now())) return tokens.accessToken;
    if (!tokens.refreshToken) throw await this.markDisconnected(row, 'The provider gave no refresh token; connect again.');
    let next: oidc.TokenEndpointResponse;
    try {
      next = await oidc.refreshTokenGrant(await this.oauthConfig(kind), tokens.refreshToken);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && (error.error === 'invalid_grant' || error.error === 'unauthorized_client')) {
        throw await this.markDisconnected(row, `${PROVIDER_LABELS[kind]} no longer accepts the connection (${this.describe(error)}). Connect it again.`);
      }
      throw new StoreError(`The access token could not be refreshed: ${this.describe(error)}`);
    }
    const value: Tokens = { accessToken: next.access_token, refreshToken: next.refresh_token ?? tokens.refreshToken, expiresAt: next.expires_in ? Date.now() + next.expires_in * 1000 : null };
    const secret = this.deps.secrets.seal(row.account_id, value);
    await this.deps.repo.update(row.account_id, row.id, { secret_enc: secret });
    row.secret_enc = secret;
    return value.accessToken;
  }

  private async markDisconnected(row: FileStoreRow, message: string): Promise<GrantRevoked> {
    await this.deps.repo.update(row.account_id, row.id, { status: 'disconnected', last_error: message });
    row.status = 'disconnected';
    return new GrantRevoked(message);
  }

  /**
   * Best effort before a store is removed: revokes Scanbase's grant at the provider (Google's revocation endpoint,
   * Dropbox's token/revoke; Microsoft has none). Never throws: the store is removed here whatever the answer.
   */
  async revoke(row: FileStoreRow): Promise<RevokeOutcome> {
    const kind = row.kind as OauthFileStoreKind;
    const label = PROVIDER_LABELS[kind];
    if (kind === 'onedrive') {
      return { revoke: 'not_supported', message: `${row.name} is disconnected. Microsoft offers apps no way to give up their access: to remove it there too, remove Scanbase under “Apps and services” of your Microsoft account.` };
    }
    if (row.status === 'disconnected') return { revoke: 'not_needed', message: `${row.name} is disconnected (${label} had refused the connection already).` };
    const tokens = this.deps.secrets.open<Tokens>(row);
    const failed = (reason: string): RevokeOutcome => ({ revoke: 'failed', message: `${row.name} is disconnected here, but ${label} did not confirm that Scanbase’s access was revoked (${reason}). Remove Scanbase from the apps of your ${label} account.` });
    if (!tokens) return failed('the stored tokens cannot be read');
    try {
      if (kind === 'google_drive') {
        // Revoking the refresh token ends the whole grant (its access tokens too).
        await oidc.tokenRevocation(await this.oauthConfig(kind), tokens.refreshToken ?? tokens.accessToken);
      } else {
        const token = await this.accessToken(row);
        const res = await this.deps.fetch(`${this.provider(kind).api.apiUrl}/2/auth/token/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) await refuse(res, 'Dropbox refused');
        await res.arrayBuffer();
      }
    } catch (error) {
      if (error instanceof GrantRevoked) return { revoke: 'not_needed', message: `${row.name} is disconnected (${label} had refused the connection already).` };
      return failed(error instanceof StoreError ? error.message.replace(/\.$/, '') : this.describe(error));
    }
    return { revoke: 'revoked', message: `${row.name} is disconnected, and ${label} confirmed that Scanbase’s access is revoked.` };
  }
}
