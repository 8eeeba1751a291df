import { describe, expect, it } from 'vitest';
import { checkAccess, guardRoute } from './guards';
import { routesByName } from './route-table';
import type { RouteDef } from './route-types';

const route = (name: string) => routesByName.get(name) as RouteDef;
const owner = { signedIn: true, roles: ['owner'], privileges: { user: true, webapp_login: true, billing: true } };
const member = { signedIn: true, roles: ['admin'], privileges: { user: true, webapp_login: true, billing: false } };
const billingAdmin = { signedIn: true, roles: ['billing_admin'], privileges: { user: true, webapp_login: false, billing: true } };
const other = { signedIn: true, roles: ['scanner'], privileges: { user: true } };
const anonymous = { signedIn: false, roles: [], privileges: {} };

describe('guards (spec section 6)', () => {
  it('lets anyone open a route with authenticate false', () => {
    expect(checkAccess(route('auth.signin').meta, anonymous)).toBe('allow');
    expect(checkAccess(route('app.maintenance').meta, anonymous)).toBe('allow');
  });

  it('sends an anonymous visitor to /signin carrying the target', () => {
    expect(guardRoute(route('account.services'), anonymous, { pathname: '/account/services/', search: '?page=2' })).toEqual({
      kind: 'signin',
      href: '/signin?to=%2Faccount%2Fservices%2F%3Fpage%3D2',
    });
  });

  it('sends attendance and check-in/out visitors to their sign-in with referenceState and referenceParams', () => {
    const outcome = guardRoute(route('CIO.index'), anonymous, { pathname: '/checkinout/', search: '?instance_id=4' });
    expect(outcome.kind).toBe('signin');
    const url = new URL(outcome.kind === 'signin' ? outcome.href : '', 'http://x');
    expect(url.pathname).toBe('/checkinout/signin/');
    expect(url.searchParams.get('referenceState')).toBe('CIO.index');
    expect(JSON.parse(url.searchParams.get('referenceParams') ?? '')).toEqual({ instance_id: '4' });
  });

  it('admin routes need owner, billing_admin or admin as the first role', () => {
    const meta = route('account.databases').meta;
    expect(checkAccess(meta, owner)).toBe('allow');
    expect(checkAccess(meta, member)).toBe('allow');
    expect(checkAccess(meta, billingAdmin)).toBe('allow');
    expect(checkAccess(meta, other)).toBe('unauthorized');
    expect(checkAccess(meta, { ...other, roles: ['scanner', 'admin'] })).toBe('unauthorized');
  });

  it('owner routes need the owner', () => {
    for (const name of ['account.deleteaccount', 'account.changepassword']) {
      expect(checkAccess(route(name).meta, owner)).toBe('allow');
      expect(checkAccess(route(name).meta, member)).toBe('unauthorized');
    }
  });

  it('checks the billing and webapp_login privileges; the owner has every privilege', () => {
    expect(checkAccess(route('account.billing').meta, member)).toBe('unauthorized');
    expect(checkAccess(route('account.billing').meta, billingAdmin)).toBe('allow');
    expect(guardRoute(route('account.billing'), member, { pathname: '/account/billing/', search: '' })).toEqual({ kind: 'unauthorized', href: '/unauthorized/' });
    expect(checkAccess(route('account.settings').meta, billingAdmin)).toBe('unauthorized');
    expect(checkAccess(route('account.settings').meta, owner)).toBe('allow');
    expect(checkAccess(route('account.userprofile').meta, other)).toBe('allow');
  });
});
