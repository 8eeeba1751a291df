import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use rather than when the server starts: for packages only some installs or
 * some requests need (Stripe, SAML), whose code would otherwise sit in every server's memory. `T` is the package's
 * `typeof import(...)`; the same module instance as an `import` of it.
 */
export function lazyPackage<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
