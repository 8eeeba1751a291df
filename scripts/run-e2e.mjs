#!/usr/bin/env node
// Runs the Playwright browser tests (e2e/) against the built app and a real server.
// Builds the web app when its dist is missing or older than its sources; never downloads a browser:
// Debian's /usr/bin/chromium (apt-get install -y chromium) is required. Without it the tests are
// skipped (exit 0) unless REQUIRE_BROWSER=1, which makes a missing browser a failure (exit 1).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStale, root, webSources } from './lib/stale.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}. Install Debian's browser with: apt-get update && apt-get install -y chromium`;
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`${message}\nREQUIRE_BROWSER=1, so this is a failure.`);
    process.exit(1);
  }
  console.log(`${message}\nBrowser tests skipped (set REQUIRE_BROWSER=1 to make this an error).`);
  process.exit(0);
}

if (isStale(join(root, 'apps/web/dist/index.html'), webSources)) run('npm', ['run', 'build', '-w', '@scanbase/web']);
if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist/main.js is missing: run "npm run build" at the repository root first.');
  process.exit(1);
}

/** Prints what each failed test's pages showed (Playwright's error-context.md): CI keeps no artefacts, so a flake is read from the log. */
function printErrorContexts() {
  const output = join(root, 'e2e/test-results/output');
  if (!existsSync(output)) return;
  for (const entry of readdirSync(output, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('error-context.md')) continue;
    const text = readFileSync(join(output, entry), 'utf8');
    console.log(`\n== ${entry}\n${text.length > 8000 ? `${text.slice(0, 8000)}\n… (${text.length - 8000} more characters)` : text}`);
  }
}

const tests = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: join(root, 'e2e'), stdio: 'inherit', env: process.env });
if (tests.status !== 0) {
  printErrorContexts();
  process.exit(tests.status ?? 1);
}
