import { describe, expect, it } from 'vitest';
import { readSsoCallback, ssoFailHref } from './sso-callback';

describe('readSsoCallback', () => {
  it('reads code, state and iss, or the provider’s error with its description', () => {
    expect(readSsoCallback('?code=abc&state=xyz&iss=https%3A%2F%2Fidp')).toEqual({ code: 'abc', state: 'xyz', iss: 'https://idp' });
    expect(readSsoCallback('?error=access_denied&error_description=Not+assigned&state=s')).toEqual({ error: 'access_denied', errorDescription: 'Not assigned', state: 's' });
  });

  it('reads the SAML answer handle our ACS adds, with the state', () => {
    expect(readSsoCallback('?state=st&saml=h1')).toEqual({ state: 'st', saml: 'h1' });
  });

  it('answers undefined for a plain visit (the start form is shown)', () => {
    expect(readSsoCallback('')).toBeUndefined();
    expect(readSsoCallback('?state=only')).toBeUndefined();
  });
});

describe('ssoFailHref', () => {
  it('carries the reason and, when there is one, the detail, encoded', () => {
    expect(ssoFailHref('domain_not_allowed', 'evil.test')).toBe('/sso-fail/?reason=domain_not_allowed&detail=evil.test');
    expect(ssoFailHref('state_expired', '')).toBe('/sso-fail/?reason=state_expired');
    expect(ssoFailHref('idp_error', 'a&b <c>')).toBe('/sso-fail/?reason=idp_error&detail=a%26b+%3Cc%3E');
  });
});
