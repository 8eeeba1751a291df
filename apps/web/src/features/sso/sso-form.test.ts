import { describe, expect, it } from 'vitest';
import { bodyFrom, formFrom, parseDomains } from './sso-form';

const saved = {
  enabled: true,
  issuerUrl: 'https://idp.example.com',
  clientId: 'scanbase',
  clientSecretSet: true,
  allowedDomains: ['example.com', 'example.org'],
  jitEnabled: true,
  jitDefaultRole: 'admin',
  groupClaim: 'groups',
  groupRoles: [{ group: 'finance', role: 'billing_admin' }],
  requireSso: false,
  redirectUri: 'https://scan.example.com/signinSSO',
  protocol: 'oidc' as const,
  displayName: 'Okta',
  appUsers: { enabled: true, requireSso: true, jit: true, groups: [{ group: 'gate', serviceIds: [4], userPortal: false, taskPortal: true }] },
  saml: { idpEntityId: '', idpSsoUrl: '', idpCertificates: [], spEntityId: 'https://scan.example.com/saml/1/metadata', acsUrl: 'https://scan.example.com/saml/acs', spMetadata: '<EntityDescriptor/>' },
  updatedAt: '2026-11-26T00:00:00.000Z',
};

describe('sso form', () => {
  it('reads domains as typed: commas, spaces, a leading @ and capitals', () => {
    expect(parseDomains(' Example.com, @example.org;example.com  other.net ')).toEqual(['example.com', 'example.org', 'other.net']);
    expect(parseDomains('')).toEqual([]);
  });

  it('keeps the stored secret unless a new one is typed, and drops empty group rows', () => {
    const form = formFrom(saved);
    expect(form.clientSecret).toBe('');
    expect(bodyFrom(form)).not.toHaveProperty('clientSecret');
    const body = bodyFrom({ ...form, clientSecret: ' new-secret ', groupRoles: [...form.groupRoles, { group: '  ', role: 'admin' }] });
    expect(body).toMatchObject({ clientSecret: 'new-secret', allowedDomains: ['example.com', 'example.org'], groupRoles: [{ group: 'finance', role: 'billing_admin' }] });
  });

  it('sends only the chosen protocol’s fields: SAML with uploaded metadata, a certificate only when pasted', () => {
    const form = { ...formFrom(saved), protocol: 'saml' as const, samlMetadataXml: '<md:EntityDescriptor/>', samlIdpEntityId: ' https://idp ' };
    const body = bodyFrom(form);
    expect(body).toMatchObject({ protocol: 'saml', samlMetadataXml: '<md:EntityDescriptor/>', samlIdpEntityId: 'https://idp' });
    expect(body).not.toHaveProperty('issuerUrl');
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).not.toHaveProperty('samlIdpCertificate');
    expect(bodyFrom({ ...form, samlIdpCertificate: ' PEM ' })).toMatchObject({ samlIdpCertificate: 'PEM' });
  });

  it('sends the app-user settings: require only with the switch on, empty group rows dropped', () => {
    const form = formFrom(saved);
    expect(bodyFrom(form)).toMatchObject({ displayName: 'Okta', appUsers: { enabled: true, requireSso: true, jit: true, groups: [{ group: 'gate', serviceIds: [4], userPortal: false, taskPortal: true }] } });
    const off = bodyFrom({ ...form, appUsersEnabled: false, appUserGroups: [...form.appUserGroups, { group: ' ', serviceIds: [], userPortal: true, taskPortal: false }] });
    expect(off.appUsers).toMatchObject({ enabled: false, requireSso: false });
    expect(off.appUsers.groups).toHaveLength(1);
  });
});
