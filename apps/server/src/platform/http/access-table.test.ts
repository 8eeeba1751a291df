import { legacyAccess, v2Access, type AccessRule } from '@scanbase/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { createApiKey, legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../../modules/scans/scans.test-helpers.js';
import { assertLegacyAccess } from './legacy/legacy-plugin.js';
import { assertV2Access } from './v2/v2-plugin.js';
import type { V2Binding } from './v2/v2-types.js';

/**
 * Generated from the access table: every legacy action and every V2 route is called as every kind of
 * caller, and each answer must be exactly what the table declares (legacy 101 / 10, V2 401 / 403, or
 * admitted). The expectation below is written out per caller, independently of the server's checkAccess.
 */

type Outcome = 'ok' | 'unauthenticated' | 'forbidden';
type Staff = { role: string; webapp_login: boolean; billing: boolean };
type CallerModel = { kind: 'anonymous' } | { kind: 'app' } | { kind: 'key' } | ({ kind: 'session' } & Staff);

function expected(rule: AccessRule, caller: CallerModel, api: 'legacy' | 'v2'): Outcome {
  if (rule.who === 'public') return 'ok';
  if (rule.who === 'app') return caller.kind === 'app' ? 'ok' : 'unauthenticated';
  if (caller.kind === 'anonymous' || caller.kind === 'app') return 'unauthenticated';
  // V2 takes no API keys: a key is no credential there.
  if (caller.kind === 'key') return rule.apiKey ? 'ok' : api === 'v2' ? 'unauthenticated' : 'forbidden';
  const levelOk = rule.who === 'member' || (rule.who === 'admin' && ['owner', 'billing_admin', 'admin'].includes(caller.role)) || (rule.who === 'owner' && caller.role === 'owner');
  if (!levelOk) return 'forbidden';
  if (rule.privilege && caller.role !== 'owner' && !caller[rule.privilege]) return 'forbidden';
  return 'ok';
}

type Caller = { name: string; model: CallerModel; credential: () => Promise<{ api_key?: string; token?: string }> };

let t: TestApp;
let callers: Caller[];

async function member(ownerToken: string, role: string, privileges: { webapp_login: boolean; billing: boolean }): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail(role);
  const invited = await v2(t.app, 'team/invite', { email, name: `A ${role}`, role, privileges: { user: true, ...privileges } }, ownerToken);
  if (invited.status !== 200) throw new Error(JSON.stringify(invited.body));
  const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
  const password = 'member password 1';
  const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: `A ${role}`, password });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return { email, password, token: accepted.body.token as string };
}

/** A fresh web session for someone who can sign in (for calls that end the session they are given). */
async function signIn(email: string, password: string): Promise<string> {
  const res = await v2(t.app, 'auth/signin', { email, password });
  if (res.status !== 200 || typeof res.body.token !== 'string') throw new Error(`signin: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

beforeAll(async () => {
  t = await createTestApp({ API_LIMIT_PER_MINUTE: '-1', API_LIMIT_PER_DAY: '-1', V2_LIMIT_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_IP_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '100000' });
  const a = await scanAccount(t);
  const service = await a.service({ validation_method: 'record' });
  const appUser = await a.appUser([service]);
  // The app user may use the user and task portals: their routes then answer what the access layer admits (docs/PORTALS.md).
  await a.must('portals/access/set', { appUserId: appUser.id, userPortal: true, taskPortal: true, serviceIds: [], taskIds: [] });
  const other = await signUpVerified(t, { companyName: 'Other Co' });
  const ownKey = await createApiKey(t, a.owner.token);
  const otherKey = await createApiKey(t, other.token);
  const nonAdmin = await member(a.owner.token, 'scanner', { webapp_login: false, billing: false });
  const adminNoBilling = await member(a.owner.token, 'admin', { webapp_login: true, billing: false });
  const billingNoWebapp = await member(a.owner.token, 'billing_admin', { webapp_login: false, billing: true });
  const fullAdmin = await member(a.owner.token, 'admin', { webapp_login: true, billing: true });
  const scanner = await scannerSignIn(t, appUser);

  const session = (name: string, staff: Staff, who: { email: string; password: string; token: string }): Caller => ({
    name,
    model: { kind: 'session', ...staff },
    credential: async () => ({ token: who.token }),
  });
  const ownerStaff: Staff = { role: 'owner', webapp_login: true, billing: true };
  callers = [
    { name: 'anonymous', model: { kind: 'anonymous' }, credential: async () => ({}) },
    { name: 'app user', model: { kind: 'app' }, credential: async () => ({ token: scanner.token }) },
    session('non-admin member', { role: 'scanner', webapp_login: false, billing: false }, nonAdmin),
    session('admin without billing', { role: 'admin', webapp_login: true, billing: false }, adminNoBilling),
    session('billing admin without webapp_login', { role: 'billing_admin', webapp_login: false, billing: true }, billingNoWebapp),
    session('admin', { role: 'admin', webapp_login: true, billing: true }, fullAdmin),
    session('owner', ownerStaff, { ...a.owner }),
    session("another account's owner", ownerStaff, { ...other }),
    { name: 'API key', model: { kind: 'key' }, credential: async () => ({ api_key: ownKey }) },
    { name: "another account's API key", model: { kind: 'key' }, credential: async () => ({ api_key: otherKey }) },
  ];
  // Calls that end the session or app token they are given get a fresh one each time.
  endingCredential = async (caller) => {
    if (caller.model.kind === 'app') return { token: (await scannerSignIn(t, appUser)).token };
    if (caller.model.kind !== 'session') return caller.credential();
    const who = { 'non-admin member': nonAdmin, 'admin without billing': adminNoBilling, 'billing admin without webapp_login': billingNoWebapp, admin: fullAdmin, owner: a.owner, "another account's owner": other }[caller.name];
    return { token: await signIn(who!.email, who!.password) };
  };
}, 60_000);
afterAll(async () => {
  await t.close();
});

let endingCredential: (caller: Caller) => Promise<{ api_key?: string; token?: string }>;
const ENDS_SESSION = new Set(['security/logout', 'auth/signout', 'app/signout']);

const legacyEntries = Object.entries(legacyAccess).flatMap(([section, actions]) => Object.entries(actions).map(([action, rule]) => ({ section, action, rule })));
const v2Entries = Object.entries(v2Access).map(([path, rule]) => ({ path, rule }));

describe('the access table, called as every kind of caller', () => {
  it('legacy: every action answers exactly its declared outcome (101 unauthenticated, 10 forbidden)', async () => {
    const wrong: string[] = [];
    for (const { section, action, rule } of legacyEntries) {
      for (const caller of callers) {
        const cred = ENDS_SESSION.has(`${section}/${action}`) ? await endingCredential(caller) : await caller.credential();
        const fields: Record<string, string> = { section, action };
        if (cred.api_key) fields.api_key = cred.api_key;
        if (cred.token) fields.website_token = cred.token;
        const res = await t.app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        const want = expected(rule, caller.model, 'legacy');
        const code = /<error code="(\d+)"/.exec(res.body)?.[1];
        const got: string = code === '101' ? 'unauthenticated' : code === '10' ? 'forbidden' : code === '2' || code === '100' || code === '110' || code === '120' ? `error ${code}` : 'ok';
        if (got !== want) wrong.push(`${section}/${action} as ${caller.name}: expected ${want}, got ${got} (${res.body.slice(0, 160)})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('V2: every route answers exactly its declared outcome (401 AUTH_FAILED, 403 FORBIDDEN)', async () => {
    const wrong: string[] = [];
    for (const { path, rule } of v2Entries) {
      for (const caller of callers) {
        const cred = ENDS_SESSION.has(path) ? await endingCredential(caller) : await caller.credential();
        // An API key is offered the way a V2 client would try it: as the bearer token.
        const bearer = cred.token ?? cred.api_key;
        // An empty body: the access check comes before validation, so admitted callers get 2xx or a 400, never 401/403.
        const res = await v2(t.app, path, {}, bearer);
        const want = expected(rule, caller.model, 'v2');
        const got: string =
          res.status === 401 && res.body.error === 'AUTH_FAILED' ? 'unauthenticated' : res.status === 403 && res.body.error === 'FORBIDDEN' ? 'forbidden' : res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 404 ? `HTTP ${res.status} ${String(res.body.error)}` : 'ok';
        if (got !== want) wrong.push(`${path} as ${caller.name}: expected ${want}, got ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('names the privilege hole that this table closed: a non-admin member cannot delete scans or change app users through the legacy API', async () => {
    const nonAdmin = callers.find((c) => c.name === 'non-admin member')!;
    const { token } = await nonAdmin.credential();
    for (const [section, action] of [['scans', 'delete'], ['users', 'update'], ['databases', 'retrieve'], ['scans', 'retrieve']] as const) {
      const res = await legacy(t.app, { section, action, website_token: token!, scan_id: '1', user_id: '1', password: 'x' });
      expect(res.errorCode, `${section}/${action}`).toBe('10');
    }
  });
});

describe('a route or action without a rule does not start', () => {
  it('legacy: a missing rule, a rule for nothing, and a public rule on a token-bound action are refused at start', () => {
    const handle = async () => [];
    expect(() => assertLegacyAccess({ things: { actions: { list: { handle } } } }, {})).toThrow(/things\/list has no access rule/);
    expect(() => assertLegacyAccess({}, { ghosts: { list: { who: 'admin' } } })).toThrow(/ghosts\/list, which does not exist/);
    expect(() => assertLegacyAccess({ things: { actions: { list: { handle } } } }, { things: { list: { who: 'public' } } })).toThrow(/only token-optional actions may be public/);
  });

  it('V2: a missing rule, a rule for nothing, and a rule wider than its contract are refused at start', () => {
    const binding = (access: 'admin' | 'public'): V2Binding => ({ route: { path: 'things/list', access, summary: '', body: {} as never, reply: {} as never }, handler: async () => ({}) });
    expect(() => assertV2Access([binding('admin')], {})).toThrow(/things\/list has no access rule/);
    expect(() => assertV2Access([], { 'ghosts/list': { who: 'admin' } })).toThrow(/ghosts\/list, which is not a route/);
    expect(() => assertV2Access([binding('admin')], { 'things/list': { who: 'member' } })).toThrow(/does not fit the contract's access 'admin'/);
  });
});
