import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MEMBER_PASSWORD = 'member password';

async function inviteAndAccept(ownerToken: string, body: Record<string, unknown> = {}): Promise<{ id: number; token: string; email: string }> {
  const email = uniqueEmail('member');
  const invited = await v2(t.app, 'team/invite', { email, role: 'admin', privileges: { user: true, webapp_login: true, billing: false }, ...body }, ownerToken);
  if (invited.status !== 200) throw new Error(JSON.stringify(invited.body));
  const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
  const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password: MEMBER_PASSWORD });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return { id: (invited.body as { id: number }).id, token: accepted.body.token as string, email };
}

/** Starts a transfer to the member and answers the token of the link mailed to them. */
async function start(ownerToken: string, member: { id: number; email: string }): Promise<string> {
  const started = await v2(t.app, 'team/transfer-ownership', { id: member.id }, ownerToken);
  expect(started.status).toBe(200);
  const mail = await t.smtp.next(member.email);
  expect(mail.subject).toMatch(/^Become the owner of /);
  return new URL(linkIn(mail, '/account/admins/?transfer=')).searchParams.get('transfer')!;
}

async function me(token: string) {
  const res = await v2(t.app, 'me/get', {}, token);
  expect(res.status).toBe(200);
  return res.body as { role: string; accountUserId: number | null; username: string; accountPrivileges: Record<string, boolean> };
}

describe('transfer of ownership', () => {
  it('only the owner starts it; only an active member can be named', async () => {
    const owner = await signUpVerified(t);
    const admin = await inviteAndAccept(owner.token);
    // A member the owner gave the `owner` role passes the route's rule but is not the account owner.
    const coOwner = await inviteAndAccept(owner.token, { role: 'owner', privileges: { user: true, webapp_login: true, billing: true } });
    const denied = await v2(t.app, 'team/transfer-ownership', { id: admin.id }, admin.token);
    expect(denied.status).toBe(403);
    const byCoOwner = await v2(t.app, 'team/transfer-ownership', { id: admin.id }, coOwner.token);
    expect(byCoOwner.status).toBe(403);
    expect(byCoOwner.body.error).toBe('FORBIDDEN');
    expect((await v2(t.app, 'team/transfer-ownership/cancel', {}, admin.token)).status).toBe(403);

    const invitedEmail = uniqueEmail('pending');
    const invited = await v2(t.app, 'team/invite', { email: invitedEmail }, owner.token);
    await t.smtp.next(invitedEmail);
    expect((await v2(t.app, 'team/transfer-ownership', { id: (invited.body as { id: number }).id }, owner.token)).status).toBe(409);

    // Another account's member is not found.
    const other = await signUpVerified(t);
    const stranger = await inviteAndAccept(other.token);
    expect((await v2(t.app, 'team/transfer-ownership', { id: stranger.id }, owner.token)).status).toBe(404);
    const list = await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token);
    expect(list.body.transfer).toBeNull();
  });

  it('changes nothing until the named member confirms; nobody else can confirm; cancelling kills the link', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteAndAccept(owner.token);
    const bystander = await inviteAndAccept(owner.token);
    const token = await start(owner.token, member);

    const list = await v2(t.app, 'team/list', { page: 1, limit: 50 }, bystander.token);
    expect(list.body.transfer).toMatchObject({ memberId: member.id, email: member.email });
    expect(list.body.owner).toMatchObject({ email: owner.email });
    expect(await me(member.token)).toMatchObject({ role: 'admin', accountUserId: member.id });
    expect(await me(owner.token)).toMatchObject({ role: 'owner', accountUserId: null });

    const byBystander = await v2(t.app, 'team/transfer-ownership/confirm', { token }, bystander.token);
    expect(byBystander.status).toBe(403);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token }, owner.token)).status).toBe(403);
    const otherAccount = await signUpVerified(t);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token }, otherAccount.token)).status).toBe(403);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token: 'not-a-token' }, member.token)).status).toBe(404);

    expect((await v2(t.app, 'team/transfer-ownership/cancel', {}, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token)).body.transfer).toBeNull();
    const cancelled = await v2(t.app, 'team/transfer-ownership/confirm', { token }, member.token);
    expect(cancelled.status).toBe(404);
    expect(await me(member.token)).toMatchObject({ role: 'admin', accountUserId: member.id });
    // Cancelling again is harmless.
    expect((await v2(t.app, 'team/transfer-ownership/cancel', {}, owner.token)).status).toBe(200);

    // A second start replaces the first link.
    const first = await start(owner.token, member);
    const second = await start(owner.token, member);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token: first }, member.token)).status).toBe(404);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token: second }, member.token)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteAndAccept(owner.token);
    const token = await start(owner.token, member);
    await t.container.db.kysely.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('account_id', '=', owner.accountId).where('kind', '=', 'transfer_owner').execute();
    const expired = await v2(t.app, 'team/transfer-ownership/confirm', { token }, member.token);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toMatch(/expired/);
    expect(await me(owner.token)).toMatchObject({ role: 'owner' });
    expect((await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token)).body.transfer).toBeNull();
  });

  it('on confirmation the roles swap, every session keeps working, both are mailed, and each signs in with their own password', async () => {
    const owner = await signUpVerified(t, { companyName: 'Handover Ltd', name: 'Ann Owner' });
    const member = await inviteAndAccept(owner.token);
    const bystander = await inviteAndAccept(owner.token);
    // A second session of each, to prove all of them follow their login.
    const ownerSecond = await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password });
    const memberSecond = await v2(t.app, 'auth/signin', { email: member.email, password: MEMBER_PASSWORD });
    const token = await start(owner.token, member);

    const confirmed = await v2(t.app, 'team/transfer-ownership/confirm', { token }, member.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ role: 'owner', accountUserId: null, username: member.email, account: 'Handover Ltd' });

    for (const tk of [member.token, memberSecond.body.token as string]) expect(await me(tk)).toMatchObject({ role: 'owner', accountUserId: null, username: member.email });
    for (const tk of [owner.token, ownerSecond.body.token as string]) {
      expect(await me(tk)).toMatchObject({ role: 'admin', accountUserId: member.id, username: owner.email, accountPrivileges: { user: true, webapp_login: true, billing: true } });
    }
    expect(await me(bystander.token)).toMatchObject({ role: 'admin', accountUserId: bystander.id });

    const toNew = await t.smtp.next(member.email);
    expect(toNew.subject).toBe('Handover Ltd has a new owner');
    expect(toNew.text).toContain('You are now the owner of Handover Ltd');
    const toOld = await t.smtp.next(owner.email);
    expect(toOld.text).toContain('is now the owner of Handover Ltd');

    // The new owner does what only the owner may; the old owner no longer can.
    expect((await v2(t.app, 'account/deletion/status', {}, member.token)).status).toBe(200);
    expect((await v2(t.app, 'account/deletion/status', {}, owner.token)).status).toBe(403);
    expect((await v2(t.app, 'team/transfer-ownership', { id: member.id }, owner.token)).status).toBe(403);

    const list = await v2(t.app, 'team/list', { page: 1, limit: 50 }, member.token);
    expect(list.body.owner).toMatchObject({ email: member.email });
    const items = list.body.items as { id: number; email: string; role: string; status: string }[];
    expect(items.find((i) => i.id === member.id)).toMatchObject({ email: owner.email, role: 'admin', status: 'active' });
    expect(items.some((i) => i.email === member.email)).toBe(false);

    const oldOwnerSignIn = await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password });
    expect(oldOwnerSignIn.body).toMatchObject({ kind: 'signed_in', user: { role: 'admin', accountUserId: member.id } });
    const newOwnerSignIn = await v2(t.app, 'auth/signin', { email: member.email, password: MEMBER_PASSWORD });
    expect(newOwnerSignIn.body).toMatchObject({ kind: 'signed_in', user: { role: 'owner', accountUserId: null } });

    // The link is used up.
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token }, member.token)).status).toBe(404);
  });

  it('two-factor sign-in and its recovery codes follow their login', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteAndAccept(owner.token);
    const db = t.container.db.kysely;
    const now = new Date().toISOString();
    const ownerFactor = await db.insertInto('two_factor').values({ account_id: owner.accountId, account_user_id: null, secret: 'OWNERSECRET', enabled_at: now, last_step: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    const memberFactor = await db.insertInto('two_factor').values({ account_id: owner.accountId, account_user_id: member.id, secret: 'MEMBERSECRET', enabled_at: now, last_step: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('two_factor_recovery_codes').values([
      { account_id: owner.accountId, two_factor_id: ownerFactor.id, code_hash: 'owner-code', created_at: now },
      { account_id: owner.accountId, two_factor_id: memberFactor.id, code_hash: 'member-code', created_at: now },
    ]).execute();
    const token = await start(owner.token, member);
    expect((await v2(t.app, 'team/transfer-ownership/confirm', { token }, member.token)).status).toBe(200);

    const rows = await db.selectFrom('two_factor as f').innerJoin('two_factor_recovery_codes as c', 'c.two_factor_id', 'f.id').select(['f.account_user_id', 'f.secret', 'c.code_hash']).where('f.account_id', '=', owner.accountId).orderBy('f.secret').execute();
    // The new owner (no account user) has the member's; the old owner, now the member row, has theirs.
    expect(rows).toEqual([
      { account_user_id: null, secret: 'MEMBERSECRET', code_hash: 'member-code' },
      { account_user_id: member.id, secret: 'OWNERSECRET', code_hash: 'owner-code' },
    ]);
  });
});
