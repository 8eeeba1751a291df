import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default on 2 cores is one worker, but a test file (server files above all) spends much of its time waiting
    // (HTTP on loopback, SQLite syncs, PostgreSQL, child processes): two workers took a 12-file slice of
    // the suite from 85 s to 53 s on the 2-core machine CI runs on. Each file has its own database.
    maxWorkers: 2,
  },
});
