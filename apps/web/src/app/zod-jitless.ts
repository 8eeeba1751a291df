import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. Zod would probe `new Function` once (the browser
// reports that as a CSP violation) and then parse without it anyway; jitless skips the probe.
// Imported first by main.tsx so that it runs before any schema parses.
z.config({ jitless: true });
