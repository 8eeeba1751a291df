import type { RouteDef, RouteParams } from './route-types';

/** Spec path -> router path: `{p}` -> `$p`, `{p?}` -> `{-$p}`, `{rest*}` -> `$` (splat), no trailing slash. */
export function toRouterPath(specPath: string): string {
  const converted = specPath
    .replace(/\{(\w+)\*\}/g, '$')
    .replace(/\{(\w+)\?\}/g, '{-$$$1}')
    .replace(/\{(\w+)\}/g, '$$$1');
  return converted.length > 1 ? converted.replace(/\/+$/, '') : converted;
}

/** Fills a spec path with parameters (an optional one left out drops its segment); keeps the trailing slash. */
export function buildPath(specPath: string, params: RouteParams = {}): string {
  return specPath
    .replace(/\{(\w+)\*\}/g, (_all, key: string) => String(params[key] ?? ''))
    .replace(/\{(\w+)\?\}\/?/g, (all, key: string) => {
      const value = params[key];
      return value === undefined || value === '' ? '' : `${encodeURIComponent(String(value))}${all.endsWith('/') ? '/' : ''}`;
    })
    .replace(/\{(\w+)\}/g, (_all, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Missing route parameter "${key}" for ${specPath}`);
      return encodeURIComponent(String(value));
    });
}

/** The address of a route with its parameters and query. */
export function hrefFor(def: RouteDef, params?: RouteParams, search?: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return buildPath(def.path, params) + (text ? `?${text}` : '');
}
