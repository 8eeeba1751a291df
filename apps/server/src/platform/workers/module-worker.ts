import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread module `name` (without extension) that sits beside the module at `here` (its
 * `import.meta.url`). Running from source (vitest, tsx) a worker does not inherit the TypeScript loader, so it
 * registers tsx itself before importing the `.ts` module; built, it runs the `.js` file.
 */
export function startModuleWorker(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  // createRequire resolves the CommonJS build; the ESM build sits beside it.
  const tsxApi = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = new URL(`./${name}.ts`, here).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); });`;
  return new Worker(code, { ...options, eval: true });
}
