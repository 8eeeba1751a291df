// The server's Content-Security-Policy allows no eval. Zod would probe `new Function` once (the browser
// reports that as a CSP violation) and then parse without it anyway; jitless skips the probe.
// Imported first by main.tsx so that it runs before any schema parses.
//
// zod keeps its global configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and merges
// into whatever is there when it loads. Setting the flag there directly keeps zod itself out of the entry
// chunk: it loads with the first page that uses a schema, not with /signin. zod-jitless.test.ts checks that
// zod still reads the flag from there.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const zodGlobal = globalThis as ZodGlobal;
// In place: a zod loaded before this module (tests) holds on to the same object.
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
export {};
