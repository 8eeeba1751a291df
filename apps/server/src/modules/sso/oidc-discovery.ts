import * as oidc from 'openid-client';
import { hashSecret } from '../../platform/auth/tokens.js';
import { guardedFetch, OutboundUrlError } from '../../platform/http/outbound-http.js';

const DISCOVERY_CACHE_MS = 5 * 60_000;

/** An error of discovery or of a token exchange, in words for the owner's "Test connection" or the fail page. */
export function describeOidcError(error: unknown): string {
  if (error instanceof OutboundUrlError) return error.message;
  if (error instanceof oidc.ResponseBodyError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** OpenID Connect discovery through the outbound guard, kept a few minutes per issuer and client (a sign-in discovers twice). */
export class OidcDiscovery {
  private readonly discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  private readonly fetch;

  constructor(allowPrivateUrls: boolean) {
    this.fetch = guardedFetch({ allowPrivate: allowPrivateUrls, timeoutMs: 10_000, maxBytes: 1_048_576 });
  }

  /** The provider's configuration; `cache: false` for a test of settings not saved yet. */
  discover(issuer: URL, clientId: string, clientSecret: string | undefined, cache = true): Promise<oidc.Configuration> {
    const key = `${issuer.href}|${clientId}|${clientSecret ? hashSecret(clientSecret) : ''}`;
    const hit = cache ? this.discovered.get(key) : undefined;
    if (hit && Date.now() - hit.at < DISCOVERY_CACHE_MS) return hit.config;
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const config = oidc.discovery(issuer, clientId, clientSecret, undefined, { execute, [oidc.customFetch]: this.fetch, timeout: 10 });
    if (cache) {
      this.discovered.set(key, { at: Date.now(), config });
      config.catch(() => this.discovered.delete(key));
    }
    return config;
  }
}
