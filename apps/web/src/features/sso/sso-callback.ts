/** What the identity provider sent back to /signinSSO or /google-auth, read from the address (`state`, `iss` and `error_description` are not route parameters). */
export type SsoCallback = { code?: string; state?: string; iss?: string; error?: string; errorDescription?: string; saml?: string };

/** Reads the callback parameters from a query string (`saml`: the handle our SAML ACS added); undefined when it carries no code, error or SAML answer (the start form is shown then). */
export function readSsoCallback(search: string): SsoCallback | undefined {
  const q = new URLSearchParams(search);
  const pick = (name: string) => {
    const value = q.get(name);
    return value ? value : undefined;
  };
  const found: SsoCallback = { code: pick('code'), state: pick('state'), iss: pick('iss'), error: pick('error'), errorDescription: pick('error_description'), saml: pick('saml') };
  if (!found.code && !found.error && !found.saml) return undefined;
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

/** The address of the fail page for a reason (and the detail the server gave, shown as text; `back`: an app user's sign-in page). */
export function ssoFailHref(reason: string, detail: string, back?: string): string {
  const q = new URLSearchParams({ reason });
  if (detail) q.set('detail', detail);
  if (back && isOwnPath(back)) q.set('back', back);
  return `/sso-fail/?${q.toString()}`;
}

/** A path of this site (no scheme or host, not protocol-relative): safe to link back to. */
export function isOwnPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}
