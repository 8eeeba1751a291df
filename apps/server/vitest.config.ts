import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default on 2 cores is one worker, but a server test file spends much of its time waiting
    // (HTTP on loopback, SQLite syncs, PostgreSQL, child processes): two workers took a 12-file slice of
    // the suite from 85 s to 53 s on the 2-core machine CI runs on. Each file has its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
