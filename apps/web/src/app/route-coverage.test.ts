import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../session/current-user';
import { createMemoryStore } from '../session/storage';
import { routeTable } from './route-table';
import type { RouteDef } from './route-types';
import { createAppRouter } from './router';
import { createServices } from './services';

type Persona = { name: string; user: CurrentUser | null };

const base: CurrentUser = {
  adminId: 1,
  id: 1,
  accountUserId: null,
  username: 'owner@example.com',
  name: 'Owner',
  account: 'Acme',
  accountId: 1,
  role: 'owner',
  accountPrivileges: { user: true, webapp_login: true, billing: true },
  timezone: 'UTC',
  settings: { timezoneBehavior: 2, adminEmail: '', databaseCount: 0, dateFormat: 'd MMM yyyy', timeFormat: '24h' },
};

const personas: Persona[] = [
  { name: 'anonymous', user: null },
  { name: 'owner', user: base },
  { name: 'admin', user: { ...base, id: 5, accountUserId: 5, role: 'admin', accountPrivileges: { user: true, webapp_login: true, billing: true } } },
  { name: 'team member', user: { ...base, id: 6, accountUserId: 6, role: 'admin', accountPrivileges: { user: true, webapp_login: true, billing: false } } },
  { name: 'non-admin role', user: { ...base, id: 7, accountUserId: 7, role: 'scanner', accountPrivileges: { user: true, webapp_login: false, billing: false } } },
];

/** The spec's rules (section 6), written out independently of the guard code. */
function expectedOutcome(def: RouteDef, persona: Persona): 'allow' | 'signin' | 'unauthorized' {
  if (!def.meta.authenticate) return 'allow';
  // Portal pages (CIO, AP, UP, TP) want the portal's own app-user sign-in; an admin session does not open them.
  if (/^(CIO|AP|UP|TP)\./.test(def.name)) return 'signin';
  const user = persona.user;
  if (!user) return 'signin';
  const isOwner = user.role === 'owner';
  if (def.meta.admin && !['owner', 'billing_admin', 'admin'].includes(user.role)) return 'unauthorized';
  if (def.meta.owner && !isOwner) return 'unauthorized';
  if (def.meta.privilege === 'billing' && !isOwner && !user.accountPrivileges.billing) return 'unauthorized';
  if (def.meta.privilege === 'webapp_login' && !isOwner && !user.accountPrivileges.webapp_login) return 'unauthorized';
  return 'allow';
}

function fillParams(specPath: string): string {
  return specPath.replace(/\{rest\*\}/, 'create/').replace(/\{(\w+)\?\}/g, 'demo').replace(/\{(\w+)\}/g, '12');
}

function routerFor(persona: Persona) {
  const store = createMemoryStore();
  const services = createServices({ store, origin: 'http://127.0.0.1:1', location: { protocol: 'http:', hostname: '127.0.0.1', port: '1' } });
  if (persona.user) services.session.signIn(`token-${persona.name}`, persona.user);
  return createAppRouter(services, createMemoryHistory({ initialEntries: ['/'] }));
}

describe('route table', () => {
  it('has unique names and paths, and every route has a title', () => {
    const names = routeTable.map((def) => def.name);
    const paths = routeTable.map((def) => def.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const def of routeTable) expect(def.meta.title.length).toBeGreaterThan(0);
    for (const def of routeTable) expect(Boolean(def.page) || Boolean(def.planned) || Boolean(def.forward)).toBe(true);
  });

  it('includes the spec route names the app relies on', () => {
    for (const name of ['crapp.edit_scan', 'account.scans.edit', 'app.maintenance', 'auth.signin', 'app.unauthorized', 'account.billing', 'account.deleteaccount', 'account.changepassword']) {
      expect(routeTable.some((def) => def.name === name)).toBe(true);
    }
  });
});

describe.each(personas)('every route for $name', (persona) => {
  it('resolves to its own route or to the guard outcome the spec demands', async () => {
    const router = routerFor(persona);
    await router.load();
    for (const def of routeTable) {
      const path = fillParams(def.path);
      await router.navigate({ href: path });
      const target = def.forward ? def.forward(path, '') : path;
      const targetDef = def.forward ? routeTable.find((d) => fillParams(d.path) === target) : def;
      if (!targetDef) throw new Error(`alias ${def.name} points nowhere (${target})`);
      const outcome = expectedOutcome(targetDef, persona);
      const where = `${def.name} (${path})`;
      const { pathname, searchStr } = router.state.location;
      const matched = router.state.matches.at(-1)?.staticData.def?.name;
      if (outcome === 'allow') {
        expect(pathname, where).toBe(target);
        expect(matched, where).toBe(targetDef.name);
      } else if (outcome === 'unauthorized') {
        expect(pathname, where).toBe('/unauthorized/');
        expect(matched, where).toBe('app.unauthorized');
      } else {
        const prefix = targetDef.name.split('.')[0];
        if (prefix === 'CIO' || prefix === 'AP') {
          expect(searchStr, where).toContain(`referenceState=${encodeURIComponent(targetDef.name)}`);
        } else if (prefix === 'UP') {
          expect(pathname, where).toBe('/share/preview/login/');
        } else if (prefix === 'TP') {
          expect(pathname, where).toBe('/task-portal/login/');
        } else {
          expect(pathname, where).toBe('/signin');
          expect(new URL(new URLSearchParams(searchStr).get('to') ?? '', 'http://x').pathname, where).toBe(target);
        }
      }
    }
  }, 60_000);
});

describe('router', () => {
  it('sends the root to /signin and shows not-found for unknown paths', async () => {
    const router = routerFor(personas[0] as Persona);
    await router.load();
    expect(router.state.location.pathname).toBe('/signin');
    await router.navigate({ href: '/no/such/page' });
    expect(router.state.matches.map((match): string => String(match.routeId))).toEqual(['__root__']);
  });

  it('accepts spec paths with and without their trailing slash', async () => {
    const router = routerFor(personas[1] as Persona);
    await router.navigate({ href: '/maintenance' });
    expect(router.state.matches.at(-1)?.staticData.def?.name).toBe('app.maintenance');
    await router.navigate({ href: '/maintenance/' });
    expect(router.state.matches.at(-1)?.staticData.def?.name).toBe('app.maintenance');
  });

  it('validates query parameters: users list defaults to page 1 and limit 50', async () => {
    const router = routerFor(personas[1] as Persona);
    await router.navigate({ href: '/account/users/' });
    expect(router.state.matches.at(-1)?.search).toMatchObject({ page: 1, limit: 50 });
    await router.navigate({ href: '/account/users/?page=3&limit=oops' });
    expect(router.state.matches.at(-1)?.search).toMatchObject({ page: 3, limit: 50 });
  });
});
