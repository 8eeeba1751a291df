import type { RouteReply } from '@scanbase/contracts';
import type { finishSso } from '@scanbase/contracts/sso';

type AppSignedIn = Extract<RouteReply<typeof finishSso>, { kind: 'app_signed_in' }>;

/**
 * Keeps an app user's SSO sign-in where the scanner or the portal reads it (their own sessions, as after a password
 * sign-in) and answers the page to go back to. Loaded on demand: the admin's SSO page does not carry the scanner.
 */
export async function keepAppSignIn(reply: AppSignedIn): Promise<string> {
  if (reply.flow === 'scanner') {
    const { scannerServices } = await import('../scanner/scanner-services');
    const { session } = scannerServices();
    session.signedIn(reply.token, { user: reply.user, device: reply.device, services: reply.services }, reply.device.name);
    const [only] = reply.services;
    if (reply.services.length === 1 && only) session.chooseService(only.id);
  } else {
    const { portalServices } = await import('../portal/portal-services');
    portalServices(reply.flow).session.signedIn(reply.token, reply.user);
  }
  // Only a path of ours (the server checked it too): never an open redirect.
  return /^\/(?![/\\])/.test(reply.returnTo) ? reply.returnTo : '/';
}
