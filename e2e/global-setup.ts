import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, type E2eEnv } from './support/env.js';
import { freePort, serverEnv, startMailCatcher, startScanbase } from './support/servers.js';

/** Starts the mail catcher and the real server (nothing is built here: `npm run build` ran before). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(join(repoRoot, file))) throw new Error(`${file} is missing: run "npm run build" at the repository root first.`);
  }
  const runDir = mkdtempSync(join(tmpdir(), 'scanbase-e2e-'));
  const mailDir = join(runDir, 'mail');
  const mail = await startMailCatcher(mailDir);
  const port = await freePort();
  const dataDir = join(runDir, 'data');
  // Two workers sign in from 127.0.0.1 at once; the per-IP limits themselves are tested on a server of their own (system.spec.ts).
  const server = await startScanbase(serverEnv(port, dataDir, mail.url, { SIGNIN_LIMIT_PER_IP_PER_MINUTE: '600', CONNECTIONS_PER_IP: '256' }));
  const env: E2eEnv = { baseUrl: server.url, port, dataDir, mailDir, smtpUrl: mail.url, runDir };
  writeFileSync(join(runDir, 'env.json'), JSON.stringify(env));
  process.env.SCANBASE_E2E_RUN = runDir;
  process.env.SCANBASE_URL = server.url;

  return async () => {
    await server.stop();
    await mail.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
