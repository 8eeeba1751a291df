import type { RouteBody, SsoConfig, v2Routes } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import { appUserGroupsOf } from './app-user-sso.js';
import { describeCertificate, parseCertificates, parseIdpMetadata, SamlSettingsError, serviceProvider, spMetadata, type SamlIdp } from './saml.js';
import type { SsoConfigRow } from './sso.repo.js';

/** The stored IdP signing certificates (PEM, separated by blank lines). */
export function certsOf(row: SsoConfigRow | undefined): string[] {
  return row?.saml_idp_certs ? row.saml_idp_certs.split(/\n\n+/).filter(Boolean) : [];
}

/** The account's settings as the owner sees them: never the client secret, only whether one is stored. */
export function viewOf(publicUrl: string, redirectUri: string, accountId: number, row: SsoConfigRow | undefined, domains: string[]): SsoConfig {
  const sp = serviceProvider(publicUrl, accountId);
  return {
    enabled: row?.enabled === 1,
    issuerUrl: row?.issuer_url ?? '',
    clientId: row?.client_id ?? '',
    clientSecretSet: Boolean(row?.client_secret_enc),
    allowedDomains: domains,
    jitEnabled: row?.jit_enabled === 1,
    jitDefaultRole: row?.jit_default_role ?? 'admin',
    groupClaim: row?.group_claim ?? 'groups',
    groupRoles: row ? (JSON.parse(row.group_roles) as { group: string; role: string }[]) : [],
    requireSso: row?.require_sso === 1,
    redirectUri,
    protocol: row?.protocol === 'saml' ? 'saml' : 'oidc',
    displayName: row?.display_name ?? '',
    appUsers: { enabled: row?.app_users_enabled === 1, requireSso: row?.app_users_require_sso === 1, jit: row?.app_users_jit === 1, groups: appUserGroupsOf(row) },
    saml: {
      idpEntityId: row?.saml_idp_entity_id ?? '',
      idpSsoUrl: row?.saml_idp_sso_url ?? '',
      idpCertificates: certsOf(row).map(describeCertificate),
      spEntityId: sp.entityId,
      acsUrl: sp.acsUrl,
      spMetadata: spMetadata(sp),
    },
    updatedAt: row?.updated_at ?? null,
  };
}

/** The SAML identity provider from uploaded metadata, or from the three fields (a certificate left out keeps the stored ones). */
export async function samlIdpFrom(body: RouteBody<typeof v2Routes.updateSso>, stored: SamlIdp, allowPrivateUrls: boolean): Promise<SamlIdp> {
  const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);
  try {
    const idp: SamlIdp = body.samlMetadataXml?.trim()
      ? await parseIdpMetadata(body.samlMetadataXml)
      : { entityId: body.samlIdpEntityId ?? '', ssoUrl: body.samlIdpSsoUrl ?? '', certs: body.samlIdpCertificate ? parseCertificates(body.samlIdpCertificate) : stored.certs };
    if (!idp.entityId) throw invalid('samlIdpEntityId', 'Enter the identity provider’s Entity ID (Issuer), or upload its metadata.');
    if (!idp.ssoUrl) throw invalid('samlIdpSsoUrl', 'Enter the identity provider’s sign-in URL (SSO URL), or upload its metadata.');
    const url = checkSsoUrl(idp.ssoUrl, allowPrivateUrls);
    if (idp.certs.length === 0) throw invalid('samlIdpCertificate', 'Paste the identity provider’s signing certificate, or upload its metadata.');
    return { ...idp, ssoUrl: url };
  } catch (error) {
    if (error instanceof SamlSettingsError) throw invalid(error.path, error.message);
    throw error;
  }
}

/** The browser (not the server) goes to the IdP's sign-in URL, so only its form is checked: https, or http where labs allow it. */
function checkSsoUrl(text: string, allowPrivateUrls: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Enter the sign-in URL as a full https:// address.', [{ path: 'samlIdpSsoUrl', message: 'Enter a full https:// address' }]);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivateUrls)) throw new AppError('VALIDATION_FAILED', 'Use an https:// URL.', [{ path: 'samlIdpSsoUrl', message: 'Use an https:// URL.' }]);
  return url.href;
}

/** node-saml's messages, made readable for the owner who has to fix the settings. */
export function describeSaml(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/signature/i.test(message)) return `The signature does not match the IdP certificate stored in Scanbase (${message}). The certificate may have been rotated: upload the current metadata.`;
  if (/audience/i.test(message)) return `The assertion is meant for another service provider (${message}). Set the Audience / Entity ID at the IdP to the one shown on the single sign-on tab.`;
  if (/expired|not yet valid|subject confirmation/i.test(message)) return `The assertion is outside its validity period, or not for this sign-in (${message}). Start again; if it keeps failing, check that the clocks of the identity provider and the server are right.`;
  if (/issuer/i.test(message)) return `The answer comes from another identity provider than the one set up (${message}).`;
  if (/InResponseTo/i.test(message)) return `The answer does not belong to this sign-in (${message}).`;
  return message;
}

/** Where the identity provider sends the browser back after an account's sign-in (OIDC redirect URI). */
export function ssoRedirectUri(publicUrl: string): string {
  return `${publicUrl}/signinSSO`;
}

/** The secret box's context of an account's OIDC client secret (sealed and opened with the same one). */
export function secretContext(accountId: number): string {
  return `sso:${accountId}`;
}
