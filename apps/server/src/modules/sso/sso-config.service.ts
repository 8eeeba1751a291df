import type { RouteBody, RouteReply, SsoConfig, v2Routes } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import type { Session } from '../../platform/auth/session.js';
import { AppError } from '../../platform/errors.js';
import { checkOutboundUrl } from '../../platform/http/outbound-http.js';
import { describeOidcError, type OidcDiscovery } from './oidc-discovery.js';
import { serviceProvider, spMetadata, type SamlIdp } from './saml.js';
import { certsOf, samlIdpFrom, secretContext, ssoRedirectUri, viewOf } from './sso-settings.js';
import type { SsoRepo } from './sso.repo.js';

export type SsoConfigDeps = { repo: SsoRepo; box: SecretBox; config: Pick<Config, 'publicUrl' | 'allowPrivateUrls'> };

/** An account's single sign-on settings (the owner's): read, saved, tested by discovery; its SAML metadata. */
export class SsoConfigService {
  constructor(
    private readonly deps: SsoConfigDeps,
    private readonly discovery: OidcDiscovery,
  ) {}

  async get(session: Session): Promise<SsoConfig> {
    const [row, domains] = await Promise.all([this.deps.repo.get(session.accountId), this.deps.repo.domains(session.accountId)]);
    return viewOf(this.deps.config.publicUrl, ssoRedirectUri(this.deps.config.publicUrl), session.accountId, row, domains);
  }

  /** Our SAML service provider metadata for an account with SAML set up (served at its entity id); undefined otherwise. */
  async samlMetadata(accountId: number): Promise<string | undefined> {
    const row = await this.deps.repo.get(accountId);
    if (!row || row.protocol !== 'saml') return undefined;
    return spMetadata(serviceProvider(this.deps.config.publicUrl, accountId));
  }

  /** Checks an issuer URL with the outbound guard; plain http only where internal addresses are allowed (tests, labs). */
  private checkIssuer(text: string): URL {
    let url: URL;
    try {
      url = checkOutboundUrl(text, this.deps.config.allowPrivateUrls);
    } catch (error) {
      throw new AppError('VALIDATION_FAILED', error instanceof Error ? error.message : 'This URL cannot be used.', [{ path: 'issuerUrl', message: error instanceof Error ? error.message : 'This URL cannot be used.' }]);
    }
    if (url.protocol !== 'https:' && !this.deps.config.allowPrivateUrls) throw new AppError('VALIDATION_FAILED', 'Use an https:// URL.', [{ path: 'issuerUrl', message: 'Use an https:// URL.' }]);
    return url;
  }

  async update(session: Session, body: RouteBody<typeof v2Routes.updateSso> & { allowedDomains: string[] }): Promise<SsoConfig> {
    const protocol = body.protocol ?? 'oidc';
    const existing = await this.deps.repo.get(session.accountId);
    let issuerUrl = body.issuerUrl ?? '';
    let secret = existing?.client_secret_enc ?? '';
    let idp: SamlIdp = { entityId: existing?.saml_idp_entity_id ?? '', ssoUrl: existing?.saml_idp_sso_url ?? '', certs: certsOf(existing) };
    if (protocol === 'oidc') {
      if (!issuerUrl) throw new AppError('VALIDATION_FAILED', 'Enter the issuer URL of your identity provider.', [{ path: 'issuerUrl', message: 'Enter the issuer URL of your identity provider' }]);
      if (!body.clientId) throw new AppError('VALIDATION_FAILED', 'Enter the client ID.', [{ path: 'clientId', message: 'Enter the client ID' }]);
      issuerUrl = this.checkIssuer(issuerUrl).href.replace(/\/$/, '');
      if (body.clientSecret) {
        if (!this.deps.box.available) throw new AppError('CONFLICT', 'The server cannot store secrets: the operator must set SECRETS_KEY (see docs/SSO.md).');
        secret = this.deps.box.seal(body.clientSecret, secretContext(session.accountId));
      }
      if (body.enabled && !secret) throw new AppError('VALIDATION_FAILED', 'Enter the client secret.', [{ path: 'clientSecret', message: 'Enter the client secret' }]);
    } else {
      idp = await samlIdpFrom(body, idp, this.deps.config.allowPrivateUrls);
    }
    const domains = [...new Set(body.allowedDomains ?? [])];
    await this.deps.repo.save(
      session.accountId,
      {
        enabled: body.enabled ? 1 : 0,
        issuer_url: protocol === 'oidc' ? issuerUrl : (existing?.issuer_url ?? ''),
        client_id: protocol === 'oidc' ? (body.clientId ?? '') : (existing?.client_id ?? ''),
        client_secret_enc: secret,
        jit_enabled: body.jitEnabled ? 1 : 0,
        jit_default_role: body.jitDefaultRole ?? 'admin',
        group_claim: body.groupClaim ?? 'groups',
        group_roles: JSON.stringify(body.groupRoles ?? []),
        require_sso: body.requireSso ? 1 : 0,
        protocol,
        saml_idp_entity_id: idp.entityId,
        saml_idp_sso_url: idp.ssoUrl,
        saml_idp_certs: idp.certs.join('\n\n'),
        display_name: body.displayName ?? '',
        app_users_enabled: body.appUsers?.enabled ? 1 : 0,
        app_users_require_sso: body.appUsers?.enabled && body.appUsers.requireSso ? 1 : 0,
        app_users_jit: body.appUsers?.jit ? 1 : 0,
        app_user_groups: JSON.stringify(body.appUsers?.groups ?? []),
      },
      domains,
    );
    return this.get(session);
  }

  /** Discovery on an issuer URL, reported for "Test connection". */
  async test(issuerUrl: string): Promise<RouteReply<typeof v2Routes.testSso>> {
    const url = this.checkIssuer(issuerUrl);
    try {
      const config = await this.discovery.discover(url, 'scanbase-test', undefined, false);
      const m = config.serverMetadata();
      return {
        ok: true,
        issuer: m.issuer,
        authorizationEndpoint: m.authorization_endpoint ?? '',
        tokenEndpoint: m.token_endpoint ?? '',
        scopes: m.scopes_supported ?? [],
        pkce: (m.code_challenge_methods_supported ?? []).includes('S256'),
      };
    } catch (error) {
      return { ok: false, message: `Discovery failed: ${describeOidcError(error)}` };
    }
  }
}
