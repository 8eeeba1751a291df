import type { PrivilegeName } from '@scanbase/contracts';
import type { ComponentType } from 'react';
import type { PlannedArea } from '../features/system/planned-areas';
import type { SearchSchema } from './search-params';

/** Route meta read by the guards and the title updater (spec sections 2 and 6). */
export type RouteMeta = {
  /** False: anyone may open the page. True: a signed-in session is needed. */
  authenticate: boolean;
  /** The first role must be owner, billing_admin or admin. */
  admin?: boolean;
  /** Only the account owner. */
  owner?: boolean;
  privilege?: PrivilegeName;
  /** Page title; the document title becomes "<title> · Scanbase". */
  title: string;
};

/** Which frame a page sits in: the admin shell (app bar + drawer) or the plain public frame. */
export type RouteLayout = 'app' | 'public';

/** Loads a page component; every page is its own lazily loaded chunk. */
export type PageLoader = () => Promise<ComponentType>;

export type RouteDef = {
  /** Stable route name, e.g. `account.scans.edit`; prefixes AP, UP, CIO (and TP) select portal sign-ins. */
  name: string;
  /** Spec form: leading slash, `{param}` and optional `{param?}`, trailing slash as the product links it. */
  path: string;
  /** Query parameters, validated (invalid values are dropped rather than failing the page). */
  search?: SearchSchema;
  meta: RouteMeta;
  layout: RouteLayout;
  /** The page; absent when the screen is not available yet. */
  page?: PageLoader;
  /** For screens not available yet: the area whose plans the page lists (features/system/planned-areas.ts). */
  planned?: PlannedArea;
  /** A route that only forwards, e.g. an alias; receives the path and query string. */
  forward?: (pathname: string, search: string) => string;
};

/** Route params in spec form, e.g. `{ token: 'abc' }`. */
export type RouteParams = Record<string, string | number | undefined>;

export type { PlannedArea };
