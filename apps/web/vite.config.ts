import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = 'http://127.0.0.1:8080';

// The barcode reader's .wasm is served by us (never a CDN). It must be the exact build the ponyfill's
// JavaScript glue expects: barcode-detector pins its own zxing-wasm, so resolve the file from there.
const require = createRequire(import.meta.url);
const detectorRequire = createRequire(require.resolve('barcode-detector'));
const zxingReaderWasm = detectorRequire.resolve('zxing-wasm/reader/zxing_reader.wasm');

export default defineConfig({
  plugins: [
    react(),
    // The scanner's service worker: precaches the built app shell (HTML, JS, CSS, the reader .wasm, icons) so
    // /scanner opens offline. It is registered by the scanner page only, with scope /scanner, so the admin app
    // is never controlled by it; API calls (/api, /api-v2, /ws) are never cached.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/scanner',
      injectRegister: false,
      registerType: 'autoUpdate',
      // The manifest is public/scanner.webmanifest, linked by the scanner page only (the admin app is not installable).
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/scanner(\/|$|\?)/],
        navigateFallbackDenylist: [/^\/api/, /^\/api-v2/, /^\/ws/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: {
    alias: [{ find: /^@scanbase\/zxing-reader-wasm/, replacement: zxingReaderWasm }],
  },
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
