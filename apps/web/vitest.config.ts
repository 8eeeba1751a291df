import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Tests that click through components with user-event in jsdom take ~1 s alone; on a loaded 2-core machine one
    // took over vitest's default 5 s. A hang still fails, later.
    testTimeout: 20_000,
  },
});
