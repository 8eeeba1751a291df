import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

const backend = 'http://127.0.0.1:8080';

/*
 * What the scanner's service worker precaches: the app's boot (the entry and what it loads to route), the scanner
 * page with what it loads itself (the barcode reader and its .wasm), and the pages the scanner links to inside the
 * same document (its menu's map, help and hardware pages; a scan's response; a table builder's table), so they open
 * offline too. Not the admin app's other ~300 files: on a scanner's first visit they were downloaded in the background
 * while the first scans were being sent, and on a venue's Wi-Fi that competed with them (docs/WEB.md "PWA").
 */

/** The pages a scanner can open without leaving its document, by source file (their code is precached). */
const SCANNER_OFFLINE_PAGES = [
  'src/features/scanner/pages/ScannerPage.tsx',
  'src/features/scanner/pages/MapViewPage.tsx',
  'src/features/scanner/pages/ScanResponsePage.tsx',
  'src/features/scanner-help/pages/AppHelpPage.tsx',
  'src/features/scanner-help/pages/HardwareScannersPage.tsx',
  'src/features/table-builder/pages/AppCustomPage.tsx',
  'src/features/table-builder/pages/DeviceLookupPage.tsx',
];

type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };

/**
 * The built files the scanner needs offline, from Vite's manifest: the entry's static imports and the chunks it
 * loads at start (without the pages those registries load), then each page above with its static imports, and the
 * dynamic imports of the scanner's own code (the barcode reader). Throws when a listed page is not in the build.
 */
function scannerOfflineFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const add = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`scanner precache: ${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const i of chunk.imports ?? []) add(i);
    if (chunk.src?.startsWith('src/features/scanner/')) for (const i of chunk.dynamicImports ?? []) add(i);
  };
  add('index.html');
  for (const i of manifest['index.html']?.dynamicImports ?? []) add(i);
  for (const page of SCANNER_OFFLINE_PAGES) add(page);
  return files;
}

/** A workbox `manifestTransforms` entry: keeps every file outside `assets/` and, in `assets/`, the scanner's. */
function scannerPrecache(outDir: string): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const keep = scannerOfflineFiles(manifest);
    return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)), warnings: [] };
  };
}

// The barcode reader's .wasm is served by us (never a CDN). It must be the exact build the ponyfill's
// JavaScript glue expects: barcode-detector pins its own zxing-wasm, so resolve the file from there.
const require = createRequire(import.meta.url);
const detectorRequire = createRequire(require.resolve('barcode-detector'));
const zxingReaderWasm = detectorRequire.resolve('zxing-wasm/reader/zxing_reader.wasm');

/*
 * Scanbase's theme (src/app/theme.ts) uses no CSS variables, yet MUI's createTheme and ThemeProvider import
 * the CSS-variables theme builder and CssVarsProvider, which they only call for `cssVariables` or
 * `colorSchemes` themes: ~7 KB gzipped on every first page, /signin included. This plugin leaves them out;
 * a theme that asks for CSS variables then fails at start with this message.
 */
function muiWithoutCssVariables(): Plugin {
  const stubs: Record<string, { importer: string; code: string }> = {
    './createThemeWithVars.js': { importer: '/@mui/material/esm/styles/createTheme.js', code: 'export default function createThemeWithVars() { throw new Error(MESSAGE); }' },
    './ThemeProviderWithVars.js': { importer: '/@mui/material/esm/styles/ThemeProvider.js', code: 'export function CssVarsProvider() { throw new Error(MESSAGE); }' },
  };
  const message = JSON.stringify('MUI CSS variables are left out of this build: remove muiWithoutCssVariables() from apps/web/vite.config.ts to use them.');
  return {
    name: 'scanbase:mui-without-css-variables',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const stub = stubs[source];
      return stub && importer?.replace(/\\/g, '/').endsWith(stub.importer) ? `\0mui-stub:${source}` : null;
    },
    load(id) {
      const stub = id.startsWith('\0mui-stub:') ? stubs[id.slice('\0mui-stub:'.length)] : undefined;
      return stub ? `const MESSAGE = ${message};\n${stub.code}\n` : null;
    },
  };
}

/*
 * @emotion/react's entry has a bare `import 'hoist-non-react-statics'` (a CommonJS package, so never tree-shaken)
 * that only its `withTheme` needs; `withTheme` imports the package itself, through @emotion/react/_isolated-hnrs.
 * Neither MUI nor Scanbase calls `withTheme`, so the bare import costs every first page ~1 KB gzipped for
 * nothing: it resolves to an empty module. (A `withTheme` still works: its own import is left alone.)
 */
function emotionWithoutBareHoistImport(): Plugin {
  const id = '\0emotion-no-bare-hnrs';
  return {
    name: 'scanbase:emotion-without-bare-hoist-import',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const from = importer?.replace(/\\/g, '/') ?? '';
      return source === 'hoist-non-react-statics' && /\/@emotion\/react\/dist\/emotion-react\.[^/]*esm\.js$/.test(from) ? id : null;
    },
    load(loaded) {
      return loaded === id ? 'export {};\n' : null;
    },
  };
}

/*
 * The CSV-to-database example (public/apidocs/examples/csv2db.html + csv2db.js) reads CSV with Papa Parse, served
 * from our own origin (never a CDN): its minified browser build, with its licence header as published, goes to
 * dist/apidocs/examples/vendor/ at build time, next to its LICENSE; the dev server answers the same addresses.
 */
function papaParseForExamples(): Plugin {
  const dir = path.dirname(require.resolve('papaparse/package.json'));
  const files: Record<string, string> = {
    'apidocs/examples/vendor/papaparse.min.js': path.join(dir, 'papaparse.min.js'),
    'apidocs/examples/vendor/papaparse.LICENSE.txt': path.join(dir, 'LICENSE'),
  };
  return {
    name: 'scanbase:papaparse-for-examples',
    generateBundle() {
      for (const [fileName, from] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: readFileSync(from) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const from = files[(req.url ?? '').split('?')[0]!.replace(/^\//, '')];
        if (!from) return next();
        res.setHeader('content-type', from.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/plain; charset=utf-8');
        res.end(readFileSync(from));
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    muiWithoutCssVariables(),
    emotionWithoutBareHoistImport(),
    papaParseForExamples(),
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
        // The API reference renderer (~900 KB) is for developers on /apidocs/v2, and the API examples are pages of
        // their own: neither is part of the scanner offline. Nor is the password strength meter's dictionary (~1.6 MB,
        // fetched only when someone types a new password on /account/changepassword/ or their profile).
        globIgnores: ['**/node_modules/**/*', 'apidocs/**', '**/redoc.standalone-*.js', '**/password-strength-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Of the app's files, only what the scanner and the pages it links to need (scannerPrecache above).
        manifestTransforms: [scannerPrecache(path.join(import.meta.dirname, 'dist'))],
        // Anything else the scanner's document loads from /assets/ (file names carry their content's hash) is kept
        // once loaded, so it opens offline the next time as well.
        runtimeCaching: [{ urlPattern: ({ url }) => url.pathname.startsWith('/assets/'), handler: 'CacheFirst', options: { cacheName: 'scanner-assets', expiration: { maxEntries: 200 } } }],
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, MUI's core, the router, the sign-in page: see
        // src/app/first-page.ts) in one chunk rather than ~25 small ones: one request, and gzip compresses
        // one file better than many (~3 KB less on /signin). Pages stay split as before, but the MUI components and
        // icons beyond the first page go in one chunk each (~72 KB and ~9 KB gzipped, cached for a year): a page
        // asked for ~33 files on average and the scans screen 91, mostly 100-byte icons and small components, and
        // on a busy or distant server those round trips, not the bytes, made the first visit slow (17 and 38 now).
        codeSplitting: {
          groups: [
            { name: 'first-page', tags: ['$initial'], priority: 30 },
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 20 },
            // Every MUI package but the x- ones (charts: their own ~300 KB chunk, for the statistics pages only).
            { name: 'mui', test: /node_modules[\\/]@mui[\\/](?!x-)/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/api-v2': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
