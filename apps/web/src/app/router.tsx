import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  type RouterHistory,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { CurrentPlace } from '../api/navigation-port';
import { withChunkReporting } from './chunk-loading';
import { firstPages } from './first-page';
import { guardRoute } from './guards';
import { PendingBar } from './layout/PendingBar';
import { RootFrame } from './layout/RootFrame';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { NotFoundPage } from './layout/NotFoundPage';
import { toRouterPath } from './route-paths';
import { routeTable } from './route-table';
import type { RouteDef } from './route-types';
import type { AppServices } from './services';
import { hasPortalToken, portalFlowOf } from '../session/portal-flows';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route table entry this route was built from. */
    def?: RouteDef;
  }
}

export type RouterContext = { services: AppServices };

type Where = { pathname: string; searchStr: string };

/** Query strings stay plain text (the router's default would JSON-parse values like `007`); schemas coerce. */
function parseSearch(search: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const lazyPage = (load: () => Promise<ComponentType>) =>
  lazyRouteComponent(withChunkReporting(async () => ({ default: await load() })));

const notAvailableYet = lazyRouteComponent(
  withChunkReporting(() => import('../features/system/pages/NotAvailableYetPage')),
  'NotAvailableYetPage',
);

/** Sends the navigation elsewhere (the router's redirect is thrown by design, not an Error). */
function goTo(href: string): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect({ href, replace: true });
}

async function guard(def: RouteDef, services: AppServices, location: Where): Promise<void> {
  if (def.forward) goTo(def.forward(location.pathname, location.searchStr));
  const { session } = services;
  // The user record holds the role and privileges; it is cached, so only the first guarded page waits for it.
  if (def.meta.authenticate && session.signedIn) await session.ensureUser();
  // Portal routes (CIO, AP) are guarded by the portal's own app-user session, not the admin one.
  const flow = portalFlowOf(def.name);
  const access = flow ? { signedIn: hasPortalToken(flow), roles: [], privileges: {} } : session.access();
  const outcome = guardRoute(def, access, { pathname: location.pathname, search: location.searchStr });
  if (outcome.kind !== 'allow') goTo(outcome.href);
}

/** Builds the router from the route table: shell routes under the app layout, the rest at the root. */
export function createAppRouter(services: AppServices, history?: RouterHistory) {
  const root = createRootRouteWithContext<RouterContext>()({ component: RootFrame });
  const shell = createRoute({
    getParentRoute: () => root,
    id: 'shell',
    component: lazyRouteComponent(withChunkReporting(() => import('./layout/AppShell')), 'AppShell'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => goTo('/signin'),
  });
  const build = (def: RouteDef, parent: AnyRoute): AnyRoute =>
    createRoute({
      getParentRoute: () => parent,
      path: toRouterPath(def.path),
      staticData: { def },
      validateSearch: (raw: Record<string, unknown>) => (def.search ? def.search.parse(raw) : raw),
      beforeLoad: ({ context, location }) => guard(def, (context as RouterContext).services, location),
      component: firstPages[def.name] ?? (def.page ? lazyPage(def.page) : notAvailableYet),
    });

  const shellRoutes = routeTable.filter((def) => def.layout === 'app').map((def) => build(def, shell));
  const publicRoutes = routeTable.filter((def) => def.layout === 'public').map((def) => build(def, root));
  shell.addChildren(shellRoutes);
  const routeTree = root.addChildren([index, shell, ...publicRoutes]);

  const router = createRouter({
    routeTree,
    context: { services },
    history,
    trailingSlash: 'preserve',
    parseSearch,
    stringifySearch,
    defaultPendingComponent: PendingBar,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    notFoundMode: 'root',
    scrollRestoration: true,
    scrollRestorationBehavior: 'smooth',
  });

  services.navigation.attach({
    current: () => {
      const { pathname, searchStr } = router.latestLocation;
      return currentPlace({ pathname, searchStr }, router.matchRoutes(pathname));
    },
    go: (href) => void router.navigate({ href }),
  });
  return router;
}

function currentPlace(location: Where, matches: readonly { staticData?: { def?: RouteDef } }[]): CurrentPlace {
  const def = matches.at(-1)?.staticData?.def;
  return { name: def?.name, pathname: location.pathname, search: location.searchStr, authenticate: def?.meta.authenticate ?? false };
}

export type AppRouter = ReturnType<typeof createAppRouter>;
