import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function inviteAndAccept(ownerToken: string, body: Record<string, unknown>): Promise<{ id: number; token: string; email: string }> {
  const email = (body.email as string | undefined) ?? uniqueEmail('member');
  const invited = await v2(t.app, 'team/invite', { email, ...body }, ownerToken);
  if (invited.status !== 200) throw new Error(JSON.stringify(invited.body));
  const mail = await t.smtp.next(email);
  const link = linkIn(mail, '/user/confirmemail/');
  const secret = link.replace(/\/$/, '').split('/').pop()!;
  const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password: 'member password' });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return { id: (invited.body as { id: number }).id, token: accepted.body.token as string, email };
}

describe('team members', () => {
  it('invites by email; the member accepts, signs in and is described as an account user', async () => {
    const owner = await signUpVerified(t, { companyName: 'Team Co' });
    const email = uniqueEmail('inv');
    const invited = await v2(t.app, 'team/invite', { email, name: 'Mo', role: 'admin', privileges: { user: true, webapp_login: true, billing: false } }, owner.token);
    expect(invited.body).toMatchObject({ email, role: 'admin', status: 'invited' });
    const mail = await t.smtp.next(email);
    expect(mail.subject).toContain('Team Co');
    const link = linkIn(mail, '/user/confirmemail/admin/');
    const secret = link.replace(/\/$/, '').split('/').pop()!;
    const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password: 'member password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ role: 'admin', accountUserId: (invited.body as { id: number }).id, accountPrivileges: { billing: false, webapp_login: true } });

    const signIn = await v2(t.app, 'auth/signin', { email, password: 'member password' });
    expect(signIn.body.kind).toBe('signed_in');
    const memberToken = signIn.body.token as string;
    const retrieve = await legacy(t.app, { section: 'admin', action: 'retrieve', accountUserId: String((invited.body as { id: number }).id), website_token: memberToken });
    const admin = retrieve.xml.admin as Record<string, Record<string, unknown>>;
    expect(admin.username).toBe(owner.email);
    expect(admin.accountUser).toMatchObject({ _id: String((invited.body as { id: number }).id), username: email, role: 'admin', account: 'Team Co' });
    expect(admin.accountPrivileges).toMatchObject({ billing: '0', webapp_login: '1' });

    const list = await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token);
    expect(list.body.total).toBe(1);
    expect((list.body.items as { status: string }[])[0]?.status).toBe('active');
  });

  it('applies role and privilege changes at once, and removal ends the member’s sessions', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteAndAccept(owner.token, { role: 'admin', privileges: { user: true, webapp_login: true, billing: false } });
    expect((await v2(t.app, 'settings/get', {}, member.token)).status).toBe(200);

    const demoted = await v2(t.app, 'team/update', { id: member.id, role: 'scanner_lead' }, owner.token);
    expect(demoted.body.role).toBe('scanner_lead');
    const denied = await v2(t.app, 'settings/get', {}, member.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('FORBIDDEN');

    await v2(t.app, 'team/update', { id: member.id, role: 'admin', privileges: { user: true, webapp_login: false, billing: false } }, owner.token);
    expect((await v2(t.app, 'settings/update', { timezoneBehavior: 3 }, member.token)).status).toBe(403);

    expect((await v2(t.app, 'team/remove', { id: member.id }, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(401);
    expect((await v2(t.app, 'auth/signin', { email: member.email, password: 'member password' })).status).toBe(401);
  });

  it('keeps members from raising themselves or granting owner', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteAndAccept(owner.token, { role: 'admin' });
    expect((await v2(t.app, 'team/update', { id: member.id, role: 'owner' }, member.token)).status).toBe(403);
    expect((await v2(t.app, 'team/invite', { email: uniqueEmail('x'), role: 'owner' }, member.token)).status).toBe(403);
    expect((await v2(t.app, 'team/remove', { id: member.id }, member.token)).status).toBe(403);
    expect((await v2(t.app, 'team/invite', { email: member.email }, owner.token)).status).toBe(409);
  });
});

describe('pending invitations', () => {
  it('lists the owner beside the members', async () => {
    const owner = await signUpVerified(t, { companyName: 'Owner Row Co' });
    const list = await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token);
    expect(list.status).toBe(200);
    expect(list.body.owner).toMatchObject({ email: owner.email });
    expect(list.body.total).toBe(0);
  });

  it('resends an invitation with a new link; the old link stops working', async () => {
    const owner = await signUpVerified(t, { companyName: 'Resend Co' });
    const email = uniqueEmail('resend');
    const invited = await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    const id = (invited.body as { id: number }).id;
    const first = linkIn(await t.smtp.next(email), '/user/confirmemail/admin/');
    const resent = await v2(t.app, 'team/resend-invite', { id }, owner.token);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id, email, status: 'invited' });
    const second = linkIn(await t.smtp.next(email), '/user/confirmemail/admin/');
    expect(second).not.toBe(first);
    const secretOf = (link: string) => link.replace(/\/$/, '').split('/').pop()!;
    expect((await v2(t.app, 'auth/accept-invite', { token: secretOf(first), name: 'Old', password: 'member password' })).status).toBe(404);
    expect((await v2(t.app, 'auth/accept-invite', { token: secretOf(second), name: 'New', password: 'member password' })).status).toBe(200);
    // Accepted: nothing left to resend or cancel.
    expect((await v2(t.app, 'team/resend-invite', { id }, owner.token)).status).toBe(409);
    expect((await v2(t.app, 'team/cancel-invite', { id }, owner.token)).status).toBe(409);
  });

  it('cancels an invitation: the member goes and the link stops working', async () => {
    const owner = await signUpVerified(t);
    const email = uniqueEmail('cancel');
    const invited = await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    const id = (invited.body as { id: number }).id;
    const link = linkIn(await t.smtp.next(email), '/user/confirmemail/');
    expect((await v2(t.app, 'team/cancel-invite', { id }, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'team/list', { page: 1, limit: 50 }, owner.token)).body.total).toBe(0);
    const secret = link.replace(/\/$/, '').split('/').pop()!;
    expect((await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Late', password: 'member password' })).status).toBe(404);
    expect((await v2(t.app, 'team/cancel-invite', { id }, owner.token)).status).toBe(404);
  });

  it('keeps another account’s invitations out of reach', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const email = uniqueEmail('iso');
    const invited = await v2(t.app, 'team/invite', { email, role: 'admin' }, owner.token);
    await t.smtp.next(email);
    const id = (invited.body as { id: number }).id;
    expect((await v2(t.app, 'team/resend-invite', { id }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'team/cancel-invite', { id }, other.token)).status).toBe(404);
  });
});
