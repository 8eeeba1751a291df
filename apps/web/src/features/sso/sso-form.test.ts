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
});
