/** What the user and task portals' sign-ins say for an `errCode` they are sent with (stable V2 codes). */
export function portalErrorMessage(code: string | undefined, portal: string): string | null {
  if (!code) return null;
  if (code === 'FORBIDDEN') return `This login has no access to the ${portal}. Ask an administrator to give it to you.`;
  if (code === 'AUTH_FAILED') return 'Your session has ended. Please sign in again.';
  return 'Please sign in to continue.';
}

/** Marks a portal sign-in page the identity provider sent the browser back to: `AppSsoSignIn` adds it, `PortalSignInForm` then goes on by itself. */
export const SSO_RETURN_PARAM = 'sso';

/** The query a sign-in passes on to the portal's page: everything but `errCode` and `SSO_RETURN_PARAM`. */
export function passedOnQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('errCode');
  // The marker of a return from single sign-on belongs to the sign-in page only.
  params.delete(SSO_RETURN_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}
