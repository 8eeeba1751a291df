import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What global setup started, shared with the test workers through a file in the run folder. */
export type E2eEnv = { baseUrl: string; port: number; dataDir: string; mailDir: string; smtpUrl: string; runDir: string };

/** The environment global setup wrote for this run. */
export function e2eEnv(): E2eEnv {
  const runDir = process.env.SCANBASE_E2E_RUN;
  if (!runDir) throw new Error('SCANBASE_E2E_RUN is not set: run the tests through playwright.config.ts');
  return JSON.parse(readFileSync(join(runDir, 'env.json'), 'utf8')) as E2eEnv;
}

/** The repository root (the server and CLI are run from there). */
export const repoRoot = new URL('../..', import.meta.url).pathname;
