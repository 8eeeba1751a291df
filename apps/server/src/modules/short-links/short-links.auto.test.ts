import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount } from '../scans/scans.test-helpers.js';

// Automatic short links (issue 14): share links, scan-to-excel download links and portal sign-ins get one when made.

let t: TestApp;
let a: Awaited<ReturnType<typeof scanAccount>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await scanAccount(t);
});
afterAll(async () => {
  await t.close();
});

type Link = { id: number; code: string; shortUrl: string; target: string; label: string; kind: string; source: string; sourceId: number | null; status: string; expiresAt: string | null };

const codeOf = (shortUrl: string) => shortUrl.slice(shortUrl.lastIndexOf('/') + 1);
async function visit(shortUrl: string) {
  const res = await t.app.inject({ method: 'GET', url: `/l/${codeOf(shortUrl)}`, remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return { status: res.statusCode, location: res.headers.location };
}
async function listed(shortUrl: string): Promise<Link> {
  const items = (await a.must('links/list', { limit: 100 })).items as Link[];
  const found = items.find((l) => l.shortUrl === shortUrl);
  expect(found, shortUrl).toBeDefined();
  return found!;
}
/** Every stored short-link row's text, to show a token is never kept in clear. */
async function storedText(): Promise<string> {
  return JSON.stringify(await t.container.db.kysely.selectFrom('short_links').selectAll().execute());
}

describe('automatic short links', () => {
  it('a share link gets a short link that opens it, expires with it, is listed as from the share link without its token, and is revoked with it', async () => {
    const id = (await a.must('specialized/create', { type: 'table-builder', name: 'Assets', settings: {} })).id as number;
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const made = await a.must('table-builder/link-create', { id, name: 'Dock', expiresAt, password: null, questionIds: null });
    const shortUrl = made.shortUrl as string;
    expect(shortUrl).toMatch(new RegExp(`^${t.config.publicUrl}/l/[0-9A-Za-z]{10}$`));
    expect(await visit(shortUrl)).toEqual({ status: 302, location: made.path });
    const token = (made.path as string).split('token=')[1]!;
    expect(await storedText()).not.toContain(token);
    const link = await listed(shortUrl);
    expect(link).toMatchObject({ source: 'share-link', sourceId: (made.link as { linkId: number }).linkId, kind: 'share', label: 'Share link of Assets: Dock', target: `/share-link?taskId=${id}&token=…`, status: 'active' });
    expect(link.expiresAt).toBe(expiresAt);
    await a.must('table-builder/link-revoke', { id, linkId: (made.link as { linkId: number }).linkId });
    expect((await listed(shortUrl)).status).toBe('revoked');
    expect(await visit(shortUrl)).toEqual({ status: 302, location: '/share-link-expired?reason=revoked' });
  });

  it('a scan-to-excel download link gets a short link; a new link revokes the old one\'s, revoking the link revokes its', async () => {
    const id = (await a.must('specialized/create', { type: 'scan-to-excel', name: 'Inbound', databaseId: null, settings: {} })).id as number;
    const first = await a.must('scan-to-excel/link-create', { id });
    expect(await visit(first.shortUrl as string)).toEqual({ status: 302, location: first.path });
    expect(await listed(first.shortUrl as string)).toMatchObject({ source: 'scan-to-excel', sourceId: id, kind: 'download', target: '/scan-to-excel/….xlsx', label: 'Download link of Inbound' });
    const second = await a.must('scan-to-excel/link-create', { id });
    expect((await listed(first.shortUrl as string)).status).toBe('revoked');
    expect(await visit(second.shortUrl as string)).toEqual({ status: 302, location: second.path });
    expect(await storedText()).not.toContain((second.path as string).slice('/scan-to-excel/'.length, -'.xlsx'.length));
    await a.must('scan-to-excel/link-revoke', { id });
    expect(await visit(second.shortUrl as string)).toEqual({ status: 302, location: '/share-link-expired?reason=revoked' });
  });

  it('granting a portal makes one short link to its sign-in page for the account, reused for the next app user', async () => {
    const ann = await a.appUser([]);
    const bob = await a.appUser([]);
    expect(((await a.must('portals/access/get', { appUserId: ann.id })).shortUrls)).toEqual({ userPortal: null, taskPortal: null });
    const granted = await a.must('portals/access/set', { appUserId: ann.id, userPortal: true, taskPortal: true, serviceIds: [], taskIds: [] });
    const urls = granted.shortUrls as { userPortal: string; taskPortal: string };
    expect(await visit(urls.userPortal)).toEqual({ status: 302, location: '/share/preview/login/' });
    expect(await visit(urls.taskPortal)).toEqual({ status: 302, location: '/task-portal/login/' });
    expect(await listed(urls.userPortal)).toMatchObject({ source: 'portal', sourceId: null, kind: 'portal', label: 'User portal sign-in' });
    const again = await a.must('portals/access/set', { appUserId: bob.id, userPortal: true, taskPortal: false, serviceIds: [], taskIds: [] });
    expect(again.shortUrls).toEqual({ userPortal: urls.userPortal, taskPortal: urls.taskPortal });
    // Revoked by hand, the next grant makes a new one.
    await a.must('links/revoke', { id: (await listed(urls.userPortal)).id });
    const next = await a.must('portals/access/set', { appUserId: bob.id, userPortal: true, taskPortal: false, serviceIds: [], taskIds: [] });
    expect((next.shortUrls as { userPortal: string }).userPortal).not.toBe(urls.userPortal);
  });

  it('a link made by hand is from "manual"; another account sees none of these', async () => {
    const made = await a.must('links/create', { target: '/checkinout/signin/' });
    expect(made).toMatchObject({ source: 'manual', sourceId: null });
    const b = await scanAccount(t);
    expect((await b.must('links/list', { limit: 100 })).items).toEqual([]);
  });
});
