import { describe, expect, it } from 'vitest';
import { isOwnPath, readSsoCallback, ssoFailHref } from './sso-callback';

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

  it('links an app user back to the page the sign-in started from, and only to a path of this site', () => {
    expect(ssoFailHref('no_app_user', 'x@y.test', '/scanner?account=7')).toBe('/sso-fail/?reason=no_app_user&detail=x%40y.test&back=%2Fscanner%3Faccount%3D7');
    expect(ssoFailHref('no_app_user', '', 'https://evil.test/')).toBe('/sso-fail/?reason=no_app_user');
    for (const bad of ['//evil.test', '/\\evil.test', 'javascript:alert(1)', 'scanner']) expect(isOwnPath(bad)).toBe(false);
    expect(isOwnPath('/checkinout/signin/?instance_id=3')).toBe(true);
  });
});
