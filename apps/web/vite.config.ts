import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps stay out of the served bundle; the report script measures what browsers download.
    sourcemap: false,
    // The bundle report reads the manifest to know which chunks a route needs.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser we support preloads modules natively; the polyfill would cost every first page ~1 KB.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': backend,
      '/api-v2': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
