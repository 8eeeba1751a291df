import * as oidc from 'openid-client';
import type { RouteBody, RouteReply, SsoConfig, SsoFailReason, SessionUser, v2Routes } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import type { Session } from '../../platform/auth/session.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { OutboundUrlError } from '../../platform/http/outbound-http.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import type { AuthService, SeenFrom } from '../accounts/auth.service.js';
import type { AuthTokensRepo } from '../accounts/auth-tokens.repo.js';
import type { TwoFactorService } from '../accounts/two-factor.service.js';
import type { Profile } from '@node-saml/node-saml';
import { describeOidcError, OidcDiscovery } from './oidc-discovery.js';
import { assertionIdentity, emailOf, nameOf, samlFor, samlGroups, serviceProvider } from './saml.js';
import { SsoConfigService } from './sso-config.service.js';
import { certsOf, describeSaml, secretContext, ssoRedirectUri } from './sso-settings.js';
import type { SsoConfigRow, SsoRepo } from './sso.repo.js';
import type { AppUsersService } from '../app-users/app-users.service.js';
import { appUserLogin, type AppSessions, type AppSignedIn, type AppTarget } from './app-user-sso.js';

/** A sign-in started at the identity provider must come back within this long (the state row's life). */
export const SSO_STATE_MINUTES = 10;
/** The cookie that ties a sign-in to the browser that started it (login CSRF: docs/SSO.md). */
export const SSO_COOKIE = 'scanbase_sso';
const SCOPES = 'openid email profile';

/** What a state row keeps server-side between start and callback (SAML: the AuthnRequest's ID instead of verifier and nonce). */
type Pending = { provider: 'account' | 'google'; accountId: number | null; verifier: string; nonce: string; binding: string; redirectUri: string; protocol?: 'oidc' | 'saml'; requestId?: string; app?: AppTarget };
/** How long the ACS keeps a posted SAML answer for the browser to pick up on /signinSSO. */
const SAML_HANDOFF_MINUTES = 5;

type Finish = RouteReply<typeof v2Routes.finishSso>;
type Done = { kind: 'signed_in'; token: string; user: SessionUser } | AppSignedIn;
type Started = { url: string; binding: string };

/** A failed SSO sign-in: answered as data (`kind: failed`), so the web app can land on /sso-fail/?reason=. */
class SsoFailure extends Error {
  constructor(
    readonly reason: SsoFailReason,
    readonly detail = '',
  ) {
    super(reason);
  }

  /** For an app user's sign-in: the page it started from, for the fail page's "start again". */
  returnTo?: string;
}

/** The privileges an invitation with this role would carry (team-rules.ts of the web app). */
function privilegesFor(role: string) {
  return { user: true, webapp_login: true, billing: role === 'billing_admin' };
}

function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [];
}

export type SsoServiceDeps = {
  repo: SsoRepo;
  accounts: AccountsRepo;
  tokens: AuthTokensRepo;
  auth: AuthService;
  twoFactor: TwoFactorService;
  limiter: RateLimiter;
  box: SecretBox;
  config: Pick<Config, 'publicUrl' | 'allowPrivateUrls' | 'google' | 'limits'>;
  /** App users (scanner, portals): found or made just in time, and signed in with the scanner's app token. */
  appUsers: AppUsersService;
  appSessions: AppSessions;
  /** Refuses a new app user at the plan's limit (the billing module's `assertRoom`; just-in-time users count too). */
  appUserRoom: (accountId: number) => Promise<void>;
};

/** Single sign-on with OpenID Connect: the account's settings, and the sign-in through its identity provider or Google. */
export class SsoService {
  private readonly discovery: OidcDiscovery;
  private readonly settings: SsoConfigService;

  constructor(private readonly deps: SsoServiceDeps) {
    this.discovery = new OidcDiscovery(deps.config.allowPrivateUrls);
    this.settings = new SsoConfigService(deps, this.discovery);
  }

  private get redirectUri(): string {
    return ssoRedirectUri(this.deps.config.publicUrl);
  }

  private get googleRedirectUri(): string {
    return `${this.deps.config.publicUrl}/google-auth`;
  }

  // ---- settings (owner): sso-config.service.ts ----

  /** The account's settings as the owner sees them. */
  get(session: Session): Promise<SsoConfig> {
    return this.settings.get(session);
  }

  /** Our SAML service provider metadata for an account with SAML set up; undefined otherwise. */
  samlMetadata(accountId: number): Promise<string | undefined> {
    return this.settings.samlMetadata(accountId);
  }

  /** Saves the owner's settings (secret sealed, SAML IdP checked) and answers them. */
  update(session: Session, body: RouteBody<typeof v2Routes.updateSso> & { allowedDomains: string[] }): Promise<SsoConfig> {
    return this.settings.update(session, body);
  }

  /** Discovery on an issuer URL, reported for "Test connection". */
  test(issuerUrl: string): Promise<RouteReply<typeof v2Routes.testSso>> {
    return this.settings.test(issuerUrl);
  }

  // ---- sign-in ----

  options(): { google: boolean } {
    return { google: this.deps.config.google !== null };
  }

  private async limit(ip: string): Promise<void> {
    const d = await this.deps.limiter.hit(`sso:ip:${ip}`, 60, this.deps.config.limits.signinPerIpPerMinute);
    if (!d.allowed) throw new AppError('LIMIT_MINUTE', 'Too many sign-in attempts. Please wait and try again.', undefined, d.retryAfterSeconds);
  }

  /** The accounts whose identity provider this email signs in with: by allowed domain, or as a known login of an account with SSO on. */
  async start(email: string, accountId: number | undefined, ip: string): Promise<{ kind: 'choose_account'; accounts: { accountId: number; companyName: string }[] } | ({ kind: 'redirect' } & Started)> {
    await this.limit(ip);
    const domain = email.split('@')[1] ?? '';
    const [byDomain, admins, members] = await Promise.all([this.deps.repo.accountsForDomain(domain, { appUsers: false }), this.deps.accounts.findAdminsByEmail(email), this.deps.accounts.findActiveAccountUsersByEmail(email)]);
    const known = await this.deps.repo.enabledAmong([...admins.map((a) => a.account_id), ...members.map((m) => m.account_id)]);
    let ids = [...new Set([...byDomain, ...known])].sort((a, b) => a - b);
    if (accountId !== undefined) ids = ids.filter((id) => id === accountId);
    if (ids.length === 0) throw new AppError('NOT_FOUND', 'Single sign-on is not set up for this email address. Sign in with your password, or ask your account owner.');
    const [only] = ids;
    if (ids.length > 1 || only === undefined) return this.chooseAccount(ids);
    return { kind: 'redirect', ...(await this.toProvider(only, email)) };
  }

  /** The account's provider: an AuthnRequest (SAML) or an authorization URL (OIDC), for a team member or (`app`) an app user. */
  private async toProvider(accountId: number, email: string | undefined, app?: AppTarget): Promise<Started> {
    const row = await this.deps.repo.get(accountId);
    if (row?.protocol === 'saml') return this.beginSaml(accountId, row, app);
    const secret = row ? this.deps.box.open(row.client_secret_enc, secretContext(accountId)) : undefined;
    if (!row || secret === undefined) throw new AppError('CONFLICT', 'Single sign-on for this company cannot be used right now: its client secret cannot be read. Ask your account owner to enter it again.');
    const config = await this.reach(() => this.discovery.discover(new URL(row.issuer_url), row.client_id, secret));
    return this.begin(config, { provider: 'account', accountId, redirectUri: this.redirectUri, ...(app ? { app } : {}) }, email);
  }

  /** Whether the scanner and portals of this account offer "Sign in with <provider>". */
  async appOptions(accountId: number | undefined): Promise<{ available: boolean; providerName: string }> {
    // Without an account (a sign-in page opened without ?account=): whether any company here could use the email path.
    if (accountId === undefined) return { available: await this.deps.repo.anyAppUsersEnabled(), providerName: '' };
    const row = await this.deps.repo.get(accountId);
    const on = row?.enabled === 1 && row.app_users_enabled === 1;
    return { available: on, providerName: on ? row.display_name || 'SSO' : '' };
  }

  /**
   * An app user's sign-in (scanner or portal): the account is known (?account= or the app's last one), or found by
   * email among the accounts whose provider signs in app users (by domain, or the app user with that username).
   */
  async startApp(body: RouteBody<typeof v2Routes.startAppSso>, ip: string): Promise<{ kind: 'choose_account'; accounts: { accountId: number; companyName: string }[] } | ({ kind: 'redirect' } & Started)> {
    await this.limit(ip);
    const target: AppTarget = { flow: body.flow, returnTo: body.returnTo, udid: body.udid, deviceName: body.deviceName ?? 'Browser scanner' };
    let ids: number[] = [];
    if (body.email) {
      const email = body.email.toLowerCase();
      const user = await this.deps.appUsers.repo.findByUsernameKey(email);
      const byDomain = await this.deps.repo.accountsForDomain(email.split('@')[1] ?? '', { appUsers: true });
      const own = user ? (await this.appOptions(user.account_id)).available ? [user.account_id] : [] : [];
      ids = [...new Set([...byDomain, ...own])].sort((a, b) => a - b);
      if (body.accountId !== undefined) ids = ids.filter((id) => id === body.accountId);
    } else if (body.accountId !== undefined && (await this.appOptions(body.accountId)).available) ids = [body.accountId];
    if (ids.length === 0) throw new AppError('NOT_FOUND', 'Single sign-on is not set up for the scanner and portals of this company. Sign in with your username and password.');
    const [only] = ids;
    if (ids.length > 1 || only === undefined) return this.chooseAccount(ids);
    return { kind: 'redirect', ...(await this.toProvider(only, body.email, target)) };
  }

  async startGoogle(accountId: number | undefined, ip: string): Promise<{ kind: 'redirect' } & Started> {
    await this.limit(ip);
    const google = this.deps.config.google;
    if (!google) throw new AppError('CONFLICT', 'Sign in with Google is not set up on this server.');
    const config = await this.reach(() => this.discovery.discover(new URL(google.issuer), google.clientId, google.clientSecret));
    return { kind: 'redirect', ...(await this.begin(config, { provider: 'google', accountId: accountId ?? null, redirectUri: this.googleRedirectUri })) };
  }

  private async reach<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw new AppError('CONFLICT', `The identity provider cannot be reached: ${describeOidcError(error)}`);
    }
  }

  /** Keeps verifier, nonce and the browser binding server-side under the hashed state; answers the authorization URL. */
  private async begin(config: oidc.Configuration, where: Pick<Pending, 'provider' | 'accountId' | 'redirectUri' | 'app'>, loginHint?: string): Promise<Started> {
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const binding = newSecret();
    const pending: Pending = { ...where, verifier, nonce, binding: hashSecret(binding) };
    const expires = new Date(Date.now() + SSO_STATE_MINUTES * 60_000).toISOString();
    await this.deps.tokens.insert('sso_state', hashSecret(state), { accountId: where.accountId, adminId: null, accountUserId: null }, expires, JSON.stringify(pending));
    const params: Record<string, string> = {
      redirect_uri: where.redirectUri,
      scope: SCOPES,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    if (loginHint) params.login_hint = loginHint;
    if (where.provider === 'google') params.prompt = 'select_account';
    return { url: oidc.buildAuthorizationUrl(config, params).href, binding };
  }

  /**
   * SAML: an AuthnRequest (HTTP-Redirect binding) with our state as RelayState; its ID is kept in the state row and
   * is the only InResponseTo the answer may carry.
   */
  private async beginSaml(accountId: number, row: SsoConfigRow, app?: AppTarget): Promise<Started> {
    const sp = serviceProvider(this.deps.config.publicUrl, accountId);
    let requestId = '';
    const saml = samlFor(sp, { entityId: row.saml_idp_entity_id, ssoUrl: row.saml_idp_sso_url, certs: certsOf(row) }, undefined, (id) => (requestId = id));
    const state = newSecret();
    const binding = newSecret();
    const url = await saml.getAuthorizeUrlAsync(state, undefined, { additionalParams: {} });
    const pending: Pending = { provider: 'account', accountId, verifier: '', nonce: '', binding: hashSecret(binding), redirectUri: this.redirectUri, protocol: 'saml', requestId, ...(app ? { app } : {}) };
    const expires = new Date(Date.now() + SSO_STATE_MINUTES * 60_000).toISOString();
    await this.deps.tokens.insert('sso_state', hashSecret(state), { accountId, adminId: null, accountUserId: null }, expires, JSON.stringify(pending));
    // SAML has no standard login hint in the Redirect binding; the IdP asks for the account itself.
    return { url, binding };
  }

  /**
   * The ACS endpoint: the IdP's form POST arrives cross-site, without our SameSite cookie, so the answer is kept
   * server-side for a few minutes under a one-time handle and the browser is sent on to /signinSSO, whose request
   * to the callback carries the cookie (docs/SSO.md). Answers where to send the browser.
   */
  async acceptSamlPost(samlResponse: string | undefined, relayState: string | undefined, ip: string): Promise<string> {
    await this.limit(ip);
    const fail = (reason: SsoFailReason, detail = '') => `/sso-fail/?${new URLSearchParams(detail ? { reason, detail } : { reason }).toString()}`;
    if (!samlResponse) return fail('saml_invalid', 'The identity provider posted no SAMLResponse.');
    if (!relayState) return fail('saml_unsolicited');
    const handle = newSecret();
    const expires = new Date(Date.now() + SAML_HANDOFF_MINUTES * 60_000).toISOString();
    await this.deps.tokens.insert('saml_response', hashSecret(handle), { accountId: null, adminId: null, accountUserId: null }, expires, samlResponse);
    return `/signinSSO?${new URLSearchParams({ state: relayState, saml: handle }).toString()}`;
  }

  /** The callback: every failure is answered as a reason for /sso-fail/, never as an exception. */
  async finish(body: RouteBody<typeof v2Routes.finishSso>, binding: string | undefined, ip: string, seen: SeenFrom): Promise<Finish> {
    await this.limit(ip);
    try {
      return await this.complete(body, binding, seen);
    } catch (error) {
      if (error instanceof SsoFailure) return { kind: 'failed', reason: error.reason, detail: error.detail.slice(0, 500), ...(error.returnTo ? { returnTo: error.returnTo } : {}) };
      throw error;
    }
  }

  private async complete(body: RouteBody<typeof v2Routes.finishSso>, binding: string | undefined, seen: SeenFrom): Promise<Done> {
    if (!body.state) throw body.error ? new SsoFailure('idp_error', body.errorDescription || body.error) : new SsoFailure('state_expired');
    const row = await this.deps.tokens.findLive('sso_state', hashSecret(body.state));
    // Single use: a second callback with the same state (a reload, a replay) finds nothing.
    if (!row || !(await this.deps.tokens.consume(row.id))) throw new SsoFailure('state_expired');
    const pending = JSON.parse(row.payload ?? '{}') as Pending;
    try {
      return await this.completePending(pending, { ...body, state: body.state }, binding, seen);
    } catch (error) {
      if (error instanceof SsoFailure && pending.app) error.returnTo = pending.app.returnTo;
      throw error;
    }
  }

  private async completePending(pending: Pending, body: RouteBody<typeof v2Routes.finishSso> & { state: string }, binding: string | undefined, seen: SeenFrom): Promise<Done> {
    if (!binding || hashSecret(binding) !== pending.binding) throw new SsoFailure('state_mismatch');
    if (body.error) throw new SsoFailure('idp_error', body.errorDescription || body.error);
    if (pending.protocol === 'saml') return this.completeSaml(pending, body.saml, seen);
    if (!body.code) throw new SsoFailure('exchange_failed', 'The identity provider sent no authorization code.');

    const { config, account } = await this.providerConfig(pending);
    const current = new URL(pending.redirectUri);
    current.searchParams.set('code', body.code);
    current.searchParams.set('state', body.state);
    if (body.iss) current.searchParams.set('iss', body.iss);
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: pending.verifier, expectedState: body.state, expectedNonce: pending.nonce, idTokenExpected: true });
      claims = (tokens.claims() ?? {});
    } catch (error) {
      throw new SsoFailure(error instanceof OutboundUrlError ? 'unreachable' : 'exchange_failed', describeOidcError(error));
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new SsoFailure('no_email');
    // Google must vouch for the address; a company IdP that does not send the claim is trusted for its own users.
    if (pending.provider === 'google' ? claims.email_verified !== true : claims.email_verified === false) throw new SsoFailure('email_not_verified', email);
    if (pending.provider === 'google') return { kind: 'signed_in', ...(await this.googleLogin(email, pending.accountId, seen)) };
    if (!account || pending.accountId === null) throw new SsoFailure('not_configured');
    return this.login(pending, pending.accountId, account, email, claims, seen);
  }

  /** Validates the kept SAML answer against the account's IdP (signature, audience, issuer, time, InResponseTo), refuses a used assertion id, signs in. */
  private async completeSaml(pending: Pending, handle: string | undefined, seen: SeenFrom): Promise<Done> {
    const kept = handle ? await this.deps.tokens.findLive('saml_response', hashSecret(handle)) : undefined;
    if (!kept || !(await this.deps.tokens.consume(kept.id)) || !kept.payload) throw new SsoFailure('state_expired');
    const accountId = pending.accountId ?? 0;
    const row = await this.deps.repo.get(accountId);
    if (!row || row.enabled !== 1 || row.protocol !== 'saml') throw new SsoFailure('not_configured');
    const sp = serviceProvider(this.deps.config.publicUrl, accountId);
    const saml = samlFor(sp, { entityId: row.saml_idp_entity_id, ssoUrl: row.saml_idp_sso_url, certs: certsOf(row) }, pending.requestId);
    let profile: Profile;
    try {
      const result = await saml.validatePostResponseAsync({ SAMLResponse: kept.payload });
      if (!result.profile) throw new Error('The answer holds no assertion.');
      profile = result.profile;
    } catch (error) {
      const status = error instanceof Error && 'xmlStatus' in error ? error.message : '';
      if (status) throw new SsoFailure('idp_error', status);
      throw new SsoFailure('saml_invalid', describeSaml(error));
    }
    const assertion = assertionIdentity(profile, Date.now());
    if (!assertion.id) throw new SsoFailure('saml_invalid', 'The assertion has no ID.');
    if (!(await this.deps.repo.useAssertion(accountId, assertion.id, assertion.keepUntil))) throw new SsoFailure('saml_replayed');
    const email = emailOf(profile);
    if (!email) throw new SsoFailure('no_email');
    const claims: Record<string, unknown> = { name: nameOf(profile), [row.group_claim]: samlGroups(profile, row.group_claim) };
    return this.login(pending, accountId, row, email, claims, seen);
  }

  /** A team member's session, or (the sign-in started in the scanner or a portal) an app user's token. */
  private async login(pending: Pending, accountId: number, config: SsoConfigRow, email: string, claims: Record<string, unknown>, seen: SeenFrom): Promise<Done> {
    if (!pending.app) return { kind: 'signed_in', ...(await this.accountLogin(accountId, config, email, claims, seen)) };
    await this.checkDomain(accountId, email);
    const fail = (reason: SsoFailReason, detail = '') => new SsoFailure(reason, detail);
    return appUserLogin({ appUsers: this.deps.appUsers, sessions: this.deps.appSessions, room: this.deps.appUserRoom }, accountId, config, email, groupsOf(claims, config.group_claim), pending.app, fail);
  }

  /** Several companies could be meant: the person picks one (each by its company name). */
  private async chooseAccount(ids: number[]): Promise<{ kind: 'choose_account'; accounts: { accountId: number; companyName: string }[] }> {
    const names = new Map((await this.deps.accounts.companyNamesOf(ids)).map((r) => [r.account_id, r.company_name] as const));
    const accounts = ids.flatMap((id) => {
      const companyName = names.get(id);
      return companyName === undefined ? [] : [{ accountId: id, companyName }];
    });
    return { kind: 'choose_account', accounts };
  }

  private async checkDomain(accountId: number, email: string): Promise<void> {
    const domains = await this.deps.repo.domains(accountId);
    const domain = email.split('@')[1] ?? '';
    if (domains.length > 0 && !domains.includes(domain)) throw new SsoFailure('domain_not_allowed', domain);
  }

  private async providerConfig(pending: Pending): Promise<{ config: oidc.Configuration; account?: SsoConfigRow }> {
    try {
      if (pending.provider === 'google') {
        const google = this.deps.config.google;
        if (!google) throw new SsoFailure('not_configured', 'Sign in with Google is not set up on this server.');
        return { config: await this.discovery.discover(new URL(google.issuer), google.clientId, google.clientSecret) };
      }
      const accountId = pending.accountId ?? 0;
      const row = await this.deps.repo.get(accountId);
      if (!row || row.enabled !== 1) throw new SsoFailure('not_configured');
      const secret = this.deps.box.open(row.client_secret_enc, secretContext(accountId));
      if (secret === undefined) throw new SsoFailure('not_configured', 'The stored client secret cannot be read; the account owner must enter it again.');
      return { config: await this.discovery.discover(new URL(row.issuer_url), row.client_id, secret), account: row };
    } catch (error) {
      if (error instanceof SsoFailure) throw error;
      throw new SsoFailure('unreachable', describeOidcError(error));
    }
  }

  /** A company IdP vouched for the address: the owner or a team member of that account, or a new member (JIT). */
  private async accountLogin(accountId: number, config: SsoConfigRow, email: string, claims: Record<string, unknown>, seen: SeenFrom): Promise<{ token: string; user: SessionUser }> {
    await this.checkDomain(accountId, email);
    const owner = await this.deps.accounts.getAdminOfAccount(accountId);
    if (!owner) throw new SsoFailure('not_configured');
    if (owner.email === email) return this.deps.auth.sessionFor(accountId, null, seen);
    let member = await this.deps.accounts.findAccountUserByEmail(accountId, email);
    if (!member) {
      if (config.jit_enabled !== 1) throw new SsoFailure('no_account', email);
      const groups = groupsOf(claims, config.group_claim);
      const mapping = JSON.parse(config.group_roles) as { group: string; role: string }[];
      const role = mapping.find((m) => groups.includes(m.group))?.role ?? config.jit_default_role;
      const name = typeof claims.name === 'string' ? claims.name.slice(0, 120) : '';
      member = await this.deps.accounts.insertAccountUser(accountId, { email, name, role, privileges: JSON.stringify(privilegesFor(role)) });
      await this.deps.accounts.updateAccountUser(accountId, member.id, { status: 'active' });
    } else if (member.status === 'invited') {
      // The identity provider proved the invited address: the invitation is accepted.
      await this.deps.accounts.updateAccountUser(accountId, member.id, { status: 'active', ...(member.name ? {} : { name: typeof claims.name === 'string' ? claims.name.slice(0, 120) : '' }) });
    }
    return this.deps.auth.sessionFor(accountId, member.id, seen);
  }

  /** Google vouched for the address: the one login with it (owner or active member) that may use Google. */
  private async googleLogin(email: string, accountId: number | null, seen: SeenFrom): Promise<{ token: string; user: SessionUser }> {
    const [admins, members] = await Promise.all([this.deps.accounts.findAdminsByEmail(email), this.deps.accounts.findActiveAccountUsersByEmail(email)]);
    const logins: { accountId: number; accountUserId: number | null }[] = [
      ...admins.filter((a) => a.email_verified_at !== null).map((a) => ({ accountId: a.account_id, accountUserId: null })),
    ];
    for (const m of members) {
      // A company that requires its own identity provider does not take Google for its members.
      if (!(await this.deps.repo.requiresSso(m.account_id))) logins.push({ accountId: m.account_id, accountUserId: m.id });
    }
    const candidates = accountId === null ? logins : logins.filter((l) => l.accountId === accountId);
    if (candidates.length === 0) throw new SsoFailure('no_account', email);
    const [only] = candidates;
    if (candidates.length > 1 || !only) throw new SsoFailure('several_accounts', email);
    if (await this.deps.twoFactor.isOn(only)) throw new SsoFailure('two_factor_on');
    return this.deps.auth.sessionFor(only.accountId, only.accountUserId, seen);
  }
}
