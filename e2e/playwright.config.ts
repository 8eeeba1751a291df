import { defineConfig } from '@playwright/test';

/** Browser tests against the built web app and a real server (started by global-setup.ts). */
export default defineConfig({
  testDir: './specs',
  outputDir: './test-results/output',
  globalSetup: './global-setup.ts',
  // Spec files share one server and run two at a time (the tests of one file in order); most of a browser test is
  // waiting for a state, so two workers nearly halve the run on a 2-core machine.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  projects: [
    { name: 'shared', testIgnore: /system\.spec\.ts$/ },
    // Maintenance mode is switched on the shared server: nothing else may run meanwhile.
    { name: 'whole-server', testMatch: /system\.spec\.ts$/, dependencies: ['shared'] },
  ],
  use: {
    baseURL: process.env.SCANBASE_URL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
