import { pathToFileURL } from 'node:url';
import { requestsPerSecond } from './lib/load.js';
import { printRows, type BenchRow } from './lib/report.js';
import { startBareServer, startScanbase } from './lib/servers.js';

/** Sign-in requests/s and legacy limits/retrieve calls/s, each against a bare Fastify route in the same run. */
export async function run(): Promise<BenchRow[]> {
  const bare = await startBareServer();
  const sb = await startScanbase({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '1000000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '1000000', V2_LIMIT_PER_MINUTE: '1000000000' });
  try {
    const email = 'bench@example.com';
    const password = 'bench password 1';
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email, password });
    const { secret } = await sb.container.apiAccess.createKey(accountId, 'bench');

    const bareRps = (await requestsPerSecond({ url: `${bare.url}/scan`, method: 'POST', body: '{"value":"4000000000000"}', headers: { 'content-type': 'application/json' } })).rps;

    const signIn = await requestsPerSecond({ url: `${sb.url}/api-v2/auth/signin/`, method: 'POST', body: JSON.stringify({ email, password }), headers: { 'content-type': 'application/json' } });
    if (signIn.non2xx > 0 || signIn.errors > 0) throw new Error(`sign-in bench saw ${signIn.non2xx} non-2xx and ${signIn.errors} errors`);

    const limits = await requestsPerSecond({ url: `${sb.url}/api/?section=limits&action=retrieve&api_key=${secret}` });
    if (limits.errors > 0) throw new Error(`limits bench saw ${limits.errors} errors`);

    return [
      { name: 'bare Fastify POST route (10 connections)', value: bareRps, unit: 'req/s' },
      { name: 'V2 auth/signin (argon2id verify + session insert)', value: signIn.rps, unit: 'req/s', baseline: bareRps, baselineName: 'bare route', ratio: signIn.rps / bareRps },
      { name: 'legacy limits/retrieve with api_key (+ log, counters)', value: limits.rps, unit: 'req/s', baseline: bareRps, baselineName: 'bare route', ratio: limits.rps / bareRps },
    ];
  } finally {
    await sb.close();
    await bare.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('foundation', await run());
}
