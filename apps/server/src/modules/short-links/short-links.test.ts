import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowBoundary, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let a: { token: string; accountId: number };
let b: { token: string; accountId: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpVerified(t, { companyName: 'Alpha' });
  b = await signUpVerified(t, { companyName: 'Beta' });
});
afterAll(async () => {
  await t.close();
});

type Link = { id: number; code: string; shortUrl: string; target: string; label: string; kind: string; status: string; expiresAt: string | null; revokedAt: string | null; visits: number; lastVisitAt: string | null };
type Issue = { path: string; message: string };

async function create(body: Record<string, unknown>, token = a.token): Promise<Link> {
  const res = await v2(t.app, 'links/create', body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Link;
}

async function visit(code: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/l/${code}`, headers, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return { status: res.statusCode, location: res.headers.location };
}

describe('short links', () => {
  it('makes a link to a path of this site, from a path or a full address on its origin, and says what it opens', async () => {
    const byPath = await create({ target: '/checkinout/signin/?instance_id=4', label: 'Front desk' });
    expect(byPath).toMatchObject({ target: '/checkinout/signin/?instance_id=4', label: 'Front desk', kind: 'portal', status: 'active', visits: 0, expiresAt: null });
    expect(byPath.code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(byPath.shortUrl).toBe(`${t.config.publicUrl}/l/${byPath.code}`);
    const byUrl = await create({ target: `${t.config.publicUrl}/scan-to-excel/abc.xlsx` });
    expect(byUrl).toMatchObject({ target: '/scan-to-excel/abc.xlsx', kind: 'download' });
    expect((await create({ target: '/share-link?taskId=3&token=x' })).kind).toBe('share');
    expect((await create({ target: '/apidocs/' })).kind).toBe('page');
  });

  it.each(['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)', '/l/abc', ' ', '/a b', 'http://[::1'])('refuses the target %j on the field, saving nothing', async (target) => {
    const before = (await v2(t.app, 'links/list', {}, b.token)).body.total as number;
    const res = await v2(t.app, 'links/create', { target }, b.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect((res.body.details as Issue[]).map((i) => i.path)).toEqual(['target']);
    expect((await v2(t.app, 'links/list', {}, b.token)).body.total).toBe(before);
  });

  it('refuses an expiry in the past', async () => {
    const res = await v2(t.app, 'links/create', { target: '/apidocs/', expiresAt: '2020-01-01T00:00:00Z' }, a.token);
    expect(res.status).toBe(422);
    expect((res.body.details as Issue[]).map((i) => i.path)).toEqual(['expiresAt']);
  });

  it('sends a visitor on with 302, counts the visit and logs only the referring host', async () => {
    const link = await create({ target: '/attendance/signin/?ref=poster' });
    const res = await visit(link.code, { 'user-agent': 'Mozilla/5.0 TestPhone', referer: 'https://mail.example.com/inbox?secret=1' });
    expect(res).toEqual({ status: 302, location: '/attendance/signin/?ref=poster' });
    await visit(link.code);
    const got = await v2(t.app, 'links/get', { id: link.id }, a.token);
    expect(got.status).toBe(200);
    const { link: after, visits } = got.body as { link: Link; visits: { visitedAt: string; userAgent: string; referrerHost: string }[] };
    expect(after.visits).toBe(2);
    expect(after.lastVisitAt).not.toBeNull();
    expect(visits).toHaveLength(2);
    expect(visits[1]).toMatchObject({ userAgent: 'Mozilla/5.0 TestPhone', referrerHost: 'mail.example.com' });
    expect(visits[0]).toMatchObject({ userAgent: 'lightMyRequest', referrerHost: '' });
  });

  it('lands an expired, revoked or unknown link on the expired-link page with the reason, counting nothing', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const link = await create({ target: '/apidocs/', expiresAt: soon });
    // Expire it now through the update route (an expiry in the past is allowed there: "expire now").
    const expired = await v2(t.app, 'links/update', { id: link.id, expiresAt: new Date(Date.now() - 1000).toISOString() }, a.token);
    expect((expired.body as Link).status).toBe('expired');
    expect(await visit(link.code)).toEqual({ status: 302, location: '/share-link-expired?reason=expired' });

    const other = await create({ target: '/apidocs/' });
    const revoked = await v2(t.app, 'links/revoke', { id: other.id }, a.token);
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    expect(await visit(other.code)).toEqual({ status: 302, location: '/share-link-expired?reason=revoked' });
    // A revoked link stays revoked: giving it a new expiry is refused.
    expect((await v2(t.app, 'links/update', { id: other.id, expiresAt: null }, a.token)).status).toBe(409);

    expect(await visit('NoSuchCode1')).toEqual({ status: 302, location: '/share-link-expired?reason=unknown' });
    expect(await visit('%27%20or%201')).toEqual({ status: 302, location: '/share-link-expired?reason=unknown' });
    const got = await v2(t.app, 'links/get', { id: link.id }, a.token);
    expect((got.body as { link: Link }).link.visits).toBe(0);
  });

  it('lists newest first, finds by label, code or target, and filters by status', async () => {
    const c = await signUpVerified(t, { companyName: 'Gamma' });
    const one = await create({ target: '/checkinout/signin/', label: 'Gate A' }, c.token);
    const two = await create({ target: '/apidocs/', label: 'Docs' }, c.token);
    await v2(t.app, 'links/revoke', { id: one.id }, c.token);
    const all = await v2(t.app, 'links/list', {}, c.token);
    expect((all.body.items as Link[]).map((l) => l.id)).toEqual([two.id, one.id]);
    expect(all.body.total).toBe(2);
    expect(((await v2(t.app, 'links/list', { search: 'gate' }, c.token)).body.items as Link[]).map((l) => l.id)).toEqual([one.id]);
    expect(((await v2(t.app, 'links/list', { search: two.code }, c.token)).body.items as Link[]).map((l) => l.id)).toEqual([two.id]);
    expect(((await v2(t.app, 'links/list', { search: 'apidocs' }, c.token)).body.items as Link[]).map((l) => l.id)).toEqual([two.id]);
    expect(((await v2(t.app, 'links/list', { status: 'revoked' }, c.token)).body.items as Link[]).map((l) => l.id)).toEqual([one.id]);
    expect(((await v2(t.app, 'links/list', { status: 'active' }, c.token)).body.items as Link[]).map((l) => l.id)).toEqual([two.id]);
    const page2 = await v2(t.app, 'links/list', { page: 2, limit: 1 }, c.token);
    expect((page2.body.items as Link[]).map((l) => l.id)).toEqual([one.id]);
  });

  it("never shows or changes another account's link", async () => {
    const link = await create({ target: '/apidocs/', label: 'Mine' });
    for (const path of ['links/get', 'links/revoke']) {
      const res = await v2(t.app, path, { id: link.id }, b.token);
      expect(res.status, path).toBe(404);
    }
    expect((await v2(t.app, 'links/update', { id: link.id, label: 'Theirs' }, b.token)).status).toBe(404);
    expect(((await v2(t.app, 'links/list', { search: 'Mine' }, b.token)).body.items as Link[])).toEqual([]);
    const still = await v2(t.app, 'links/get', { id: link.id }, a.token);
    expect((still.body as { link: Link }).link).toMatchObject({ label: 'Mine', status: 'active' });
  });

  it('answers 429 past 60 openings a minute from one address', async () => {
    const link = await create({ target: '/apidocs/' });
    await awayFromWindowBoundary();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/l/${link.code}`, remoteAddress: '10.77.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 302)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
