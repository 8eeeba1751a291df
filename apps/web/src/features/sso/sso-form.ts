import type { SsoConfig } from '@scanbase/contracts/sso';

/** The settings form's state: lists as the person types them. */
export type SsoForm = {
  enabled: boolean;
  protocol: 'oidc' | 'saml';
  /** SAML: metadata XML as uploaded (empty: the three fields below are used). */
  samlMetadataXml: string;
  samlIdpEntityId: string;
  samlIdpSsoUrl: string;
  /** Empty keeps the stored certificate(s). */
  samlIdpCertificate: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  jitEnabled: boolean;
  jitDefaultRole: 'admin' | 'billing_admin';
  groupClaim: string;
  groupRoles: { group: string; role: 'admin' | 'billing_admin' }[];
  requireSso: boolean;
  /** The provider's name on the scanner's and portals' "Sign in with …" button. */
  displayName: string;
  appUsersEnabled: boolean;
  appUsersRequireSso: boolean;
  appUsersJit: boolean;
  appUserGroups: AppUserGroupRow[];
};

/** One group → grants row of just-in-time app users ('*': everyone). */
export type AppUserGroupRow = { group: string; serviceIds: number[]; userPortal: boolean; taskPortal: boolean };

const asRole = (role: string): 'admin' | 'billing_admin' => (role === 'billing_admin' ? 'billing_admin' : 'admin');

/** The form filled from the saved settings (the secret field starts empty: leaving it so keeps the stored one). */
export function formFrom(config: SsoConfig): SsoForm {
  return {
    enabled: config.enabled || !config.updatedAt,
    protocol: config.protocol,
    samlMetadataXml: '',
    samlIdpEntityId: config.saml.idpEntityId,
    samlIdpSsoUrl: config.saml.idpSsoUrl,
    samlIdpCertificate: '',
    issuerUrl: config.issuerUrl,
    clientId: config.clientId,
    clientSecret: '',
    domains: config.allowedDomains.join(', '),
    jitEnabled: config.jitEnabled,
    jitDefaultRole: asRole(config.jitDefaultRole),
    groupClaim: config.groupClaim,
    groupRoles: config.groupRoles.map((m) => ({ group: m.group, role: asRole(m.role) })),
    requireSso: config.requireSso,
    displayName: config.displayName,
    appUsersEnabled: config.appUsers.enabled,
    appUsersRequireSso: config.appUsers.requireSso,
    appUsersJit: config.appUsers.jit,
    appUserGroups: config.appUsers.groups.map((g) => ({ group: g.group, serviceIds: g.serviceIds, userPortal: g.userPortal, taskPortal: g.taskPortal })),
  };
}

/** Domains as typed ("example.com, Example.org example.net") to the list the server takes. */
export function parseDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
}

/** The `sso/update` body: empty group rows dropped, the secret and certificate only when typed, only the chosen protocol's fields. */
export function bodyFrom(form: SsoForm) {
  const protocolFields =
    form.protocol === 'saml'
      ? {
          ...(form.samlMetadataXml.trim() ? { samlMetadataXml: form.samlMetadataXml } : {}),
          samlIdpEntityId: form.samlIdpEntityId.trim(),
          samlIdpSsoUrl: form.samlIdpSsoUrl.trim(),
          ...(form.samlIdpCertificate.trim() ? { samlIdpCertificate: form.samlIdpCertificate.trim() } : {}),
        }
      : { issuerUrl: form.issuerUrl.trim(), clientId: form.clientId.trim(), ...(form.clientSecret.trim() ? { clientSecret: form.clientSecret.trim() } : {}) };
  return {
    enabled: form.enabled,
    protocol: form.protocol,
    ...protocolFields,
    allowedDomains: parseDomains(form.domains),
    jitEnabled: form.jitEnabled,
    jitDefaultRole: form.jitDefaultRole,
    groupClaim: form.groupClaim.trim() || 'groups',
    groupRoles: form.groupRoles.filter((m) => m.group.trim()).map((m) => ({ group: m.group.trim(), role: m.role })),
    requireSso: form.requireSso,
    displayName: form.displayName.trim(),
    appUsers: {
      enabled: form.appUsersEnabled,
      requireSso: form.appUsersEnabled && form.appUsersRequireSso,
      jit: form.appUsersJit,
      groups: form.appUserGroups.filter((g) => g.group.trim()).map((g) => ({ ...g, group: g.group.trim() })),
    },
  };
}
