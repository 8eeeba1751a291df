import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { v2Routes } from '@scanbase/contracts';
import { buildOpenApi } from '../apps/server/src/platform/http/v2/openapi.js';
import { isStale, root, webSources } from '../scripts/lib/stale.mjs';
import { printRows, type BenchRow } from './lib/report.js';

/*
 * The gzipped JavaScript a browser loads to show /signin, the first page most people see (and /apidocs/, the
 * first page developers see, whose reference renderer must load only on the V2 pages): the built web
 * app is served as the server serves it (files, and index.html for every other path), /signin is opened
 * in headless Chromium, and every .js response until the form shows and the network is idle is gzipped
 * (level 9) and added up. The baseline, built in the same run by the same Vite, is React + ReactDOM
 * rendering one element: the least any React page costs. Without Chromium the figure comes from the
 * build manifest instead (entry + its static imports + the sign-in page's chunk and its imports).
 */

const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1024;
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves dist/ like the server: a file when there is one, the V2 OpenAPI document, and index.html for any other path. */
async function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  const openapi = JSON.stringify(buildOpenApi(Object.values(v2Routes), 'bench'));
  const server = http.createServer((request, reply) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    // The V2 reference's section pages read it before they load the renderer.
    if (pathname === '/api-v2/openapi.json') {
      reply.writeHead(200, { 'content-type': 'application/json' });
      reply.end(openapi);
      return;
    }
    let file = path.join(dist, path.normalize(pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    reply.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    reply.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Visit = { path: string; ready: (page: Page) => Promise<void> };

const visits = {
  signin: { path: '/signin', ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor() },
  apidocs: { path: '/apidocs/', ready: (page) => page.getByRole('heading', { level: 1, name: 'Connect your systems to Scanbase' }).waitFor() },
  // A section of the V2 reference (the index page at /apidocs/v2 loads no renderer since the reference opens by
  // section): the figure is the JS loaded, so waiting for the renderer's script is enough.
  apidocsV2: { path: '/apidocs/v2?section=databases', ready: (page) => page.waitForResponse((r) => r.url().includes('redoc.standalone')).then(() => undefined) },
} satisfies Record<string, Visit>;

/** Gzipped bytes of every JS file Chromium loads to show a page on a first visit. */
async function firstVisitInBrowser(visit: Visit): Promise<{ bytes: number; files: number }> {
  const site = await serveDist();
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js') && !scripts.has(response.url())) scripts.set(response.url(), response.body());
    });
    const ready = visit.ready(page);
    await page.goto(`${site.url}${visit.path}`);
    await ready;
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.values());
    return { bytes: bodies.reduce((total, body) => total + gz(body), 0), files: bodies.length };
  } finally {
    await browser.close();
    await site.close();
  }
}

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The same figure from the build manifest (when there is no browser): the entry and the page's chunk with their imports. */
function firstVisitFromManifest(pageFile: string): { bytes: number; files: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) add(dep);
  };
  for (const key of Object.keys(manifest)) if (manifest[key]!.isEntry || key.endsWith(`/${pageFile}`)) add(key);
  const js = [...files].filter((file) => file.endsWith('.js'));
  return { bytes: js.reduce((total, file) => total + gz(fs.readFileSync(path.join(dist, file))), 0), files: js.length };
}

/** React + ReactDOM rendering one element, built by the web app's Vite with its defaults. */
async function reactBaseline(): Promise<number> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-react-baseline-'));
  try {
    const id = 'virtual:react-baseline';
    await build({
      root: web,
      configFile: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'react-baseline',
          resolveId: (source) => (source === id ? `\0${id}` : undefined),
          load: (source) =>
            source === `\0${id}`
              ? "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.body).render(createElement('p', null, 'Sign in'));"
              : undefined,
        },
      ],
      build: { outDir, emptyOutDir: true, write: true, rolldownOptions: { input: id } },
    });
    const js: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (entry.name.endsWith('.js')) js.push(path.join(dir, entry.name));
      }
    };
    walk(outDir);
    return js.reduce((total, file) => total + gz(fs.readFileSync(file)), 0);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  if (isStale(path.join(dist, 'index.html'), webSources)) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@scanbase/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`the web build failed (exit ${built.status})`);
  }
  const baseline = (await reactBaseline()) / KB;
  const viaBrowser = fs.existsSync(chromiumPath);
  const signin = viaBrowser ? await firstVisitInBrowser(visits.signin) : firstVisitFromManifest('SignInPage.tsx');
  const value = signin.bytes / KB;
  const apidocs = viaBrowser ? await firstVisitInBrowser(visits.apidocs) : firstVisitFromManifest('ApiDocsPage.tsx');
  const apidocsV2 = viaBrowser ? await firstVisitInBrowser(visits.apidocsV2) : null;
  const source = viaBrowser ? 'Chromium' : 'manifest';
  return [
    { name: 'React + ReactDOM alone (one element, same Vite)', value: baseline, unit: 'KB gz' },
    {
      name: `JS to show /signin (${signin.files} files, ${viaBrowser ? 'Chromium' : 'manifest'})`,
      value,
      unit: 'KB gz',
      baseline,
      baselineName: 'React + ReactDOM',
      ratio: baseline / value,
      goal: '<= 150 KB',
    },
    {
      name: `JS of a first visit to /apidocs/ (${apidocs.files} files, ${source})`,
      value: apidocs.bytes / KB,
      unit: 'KB gz',
      baseline,
      baselineName: 'React + ReactDOM',
      ratio: baseline / (apidocs.bytes / KB),
      goal: '<= 250 KB (issue 17)',
    },
    ...(apidocsV2
      ? [{ name: `JS of a first visit to /apidocs/v2, Redoc included (${apidocsV2.files} files)`, value: apidocsV2.bytes / KB, unit: 'KB gz', baseline, baselineName: 'React + ReactDOM', ratio: baseline / (apidocsV2.bytes / KB) }]
      : []),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('web-bundle', await run());
}
