import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** CSP `frame-ancestors` sources that may frame this route's page (default: none). Build it with `frameableBy`. */
    frameAncestors?: readonly string[];
  }
}

export type SecurityHeaderOptions = {
  /** MAP_TILE_URL: the scans map loads its tiles from this origin. */
  mapTileUrl: string;
  /** PUBLIC_URL: live updates connect to its host over ws(s). */
  publicUrl: string;
  /** Stripe is configured: Stripe.js and its card frames load from Stripe (docs/ACCOUNT-BILLING.md "Stripe"). */
  stripe?: boolean;
};

/**
 * The CSP source of a tile URL template's origin. A placeholder in the leftmost host label
 * (`https://{s}.tile.example.org/...`) becomes a `*.` wildcard; any other placeholder in the host
 * cannot be expressed as a source, so the whole scheme is allowed.
 */
export function tileSource(template: string): string {
  const match = /^(https?):\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(template);
  if (!match) throw new Error(`MAP_TILE_URL is not an http(s) URL: ${template}`);
  const scheme = (match[1] as string).toLowerCase();
  const host = (match[2] as string).toLowerCase();
  if (!host.includes('{')) return `${scheme}://${host}`;
  const wildcard = host.replace(/^\{[^}]*\}\./, '*.');
  return wildcard.includes('{') ? `${scheme}:` : `${scheme}://${wildcard}`;
}

/** The Content-Security-Policy of every response, with the given frame ancestors. */
export function contentSecurityPolicy(options: SecurityHeaderOptions, frameAncestors: readonly string[] = ["'none'"]): string {
  const host = new URL(options.publicUrl).host;
  // Stripe Elements: the script from js.stripe.com, card fields in its frames, calls to api.stripe.com.
  const stripe = options.stripe === true;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No inline script anywhere; the barcode reader compiles its WebAssembly, which needs only this keyword.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(stripe ? ['https://js.stripe.com'] : [])],
    'script-src-attr': ["'none'"],
    // MUI (emotion) inserts <style> elements at run time and index.html has a small boot <style>:
    // inline styles stay allowed (a nonce would need per-request HTML); styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: and blob: for generated images, photo previews and Leaflet's icons; the tile server for the map.
    'img-src': ["'self'", 'data:', 'blob:', tileSource(options.mapTileUrl)],
    'font-src': ["'self'", 'data:'],
    // 'self' covers ws(s) to the same host in current browsers; the explicit entries cover older ones.
    'connect-src': ["'self'", `ws://${host}`, `wss://${host}`, ...(stripe ? ['https://api.stripe.com'] : [])],
    ...(stripe ? { 'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Route config letting the given origins (e.g. `https://intranet.example.com`) frame the route's page. */
export function frameableBy(origins: readonly string[]): { frameAncestors: readonly string[] } {
  for (const origin of origins) {
    if (!/^https?:\/\/[a-z0-9.*-]+(:\d+)?$/i.test(origin) && origin !== "'self'") throw new Error(`Not a frame ancestor origin: ${origin}`);
  }
  return { frameAncestors: origins.length > 0 ? origins : ["'none'"] };
}

const HSTS = 'max-age=31536000';

/**
 * Security headers on every response (pages, static files, both APIs, errors and not-found replies).
 * The values are built once: assembling them per request (as @fastify/helmet does) cost ~40% of a bare route's throughput.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const policy = contentSecurityPolicy(options);
  const framedPolicies = new Map<string, string>();
  const fixed: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    // Cross-origin requests get the origin only: map tile servers (OpenStreetMap) ask for a referrer,
    // and paths with tokens (sign-up, password reset) never leave the site.
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['x-permitted-cross-domain-policies', 'none'],
  ];

  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of fixed) raw.setHeader(name, value);
    const ancestors = request.routeOptions.config.frameAncestors;
    if (ancestors === undefined) {
      raw.setHeader('content-security-policy', policy);
      // For browsers without frame-ancestors.
      raw.setHeader('x-frame-options', 'DENY');
    } else {
      const key = ancestors.join(' ');
      let framed = framedPolicies.get(key);
      if (framed === undefined) {
        framed = contentSecurityPolicy(options, ancestors);
        framedPolicies.set(key, framed);
      }
      raw.setHeader('content-security-policy', framed);
    }
    // Legacy API images (barcode/generate with an api_key) are embedded in customers' own pages.
    raw.setHeader('cross-origin-resource-policy', request.url.startsWith('/api/') ? 'cross-origin' : 'same-origin');
    // HSTS over HTTPS only (x-forwarded-proto counts with TRUST_PROXY): over plain HTTP it is ignored, and a
    // LAN install reached by http://host:8080 must not be told to insist on HTTPS.
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
