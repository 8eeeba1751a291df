import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded (through `require`) on its first use rather than when the server starts: for packages only some
 * installs or some requests need (Stripe, SAML, PostgreSQL, sharp, XLSX reading), whose code would otherwise sit in every server's
 * memory. `T` is the package's type (`typeof` its import). A package that ships CommonJS only gives the instance an
 * `import` would; one with an ESM build of its own (stripe) gives its CommonJS build, so load it only this way.
 */
export function lazyPackage<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
