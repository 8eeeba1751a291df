import type { ComponentType } from 'react';
import type { PageLoader } from './route-types';
import type { PublicPageName } from './public-pages';
import type { ShellPageName } from './shell-pages';

/** A page loader for a named export; each page file becomes its own chunk. */
export const named =
  <T extends Record<K, ComponentType>, K extends string>(load: () => Promise<T>, key: K): PageLoader =>
  () =>
    load().then((module) => module[key]);

/** A page inside the admin shell, by its name in shell-pages.ts (loaded with that small chunk, not with the entry). */
export const shellPage =
  (name: ShellPageName): PageLoader =>
  () =>
    import('./shell-pages').then(({ shellPages }) => shellPages[name]());

/** Fetches the public pages' loaders (public-pages.ts) ahead of need; /signin calls it once it is shown. */
export const preloadPublicPages = () => import('./public-pages');

/** A public page, by its name in public-pages.ts (loaded with that small chunk, not with the entry). */
export const publicPage =
  (name: PublicPageName): PageLoader =>
  () =>
    preloadPublicPages().then(({ publicPages }) => publicPages[name]());
