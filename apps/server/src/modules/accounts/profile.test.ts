import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '100000' });
});
afterAll(async () => {
  await t.close();
});

type SessionItem = { id: number; userAgent: string | null; ip: string | null; lastSeenAt: string | null; current: boolean };

/** Signs in with a browser name of its own; answers the token. */
async function signIn(email: string, password: string, userAgent = 'Test Browser/1.0'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/auth/signin/', payload: { email, password }, headers: { 'user-agent': userAgent } });
  const body = res.json<{ token?: string }>();
  if (res.statusCode !== 200 || !body.token) throw new Error(res.body);
  return body.token;
}

async function sessions(token: string): Promise<SessionItem[]> {
  const res = await v2(t.app, 'me/sessions', {}, token);
  expect(res.status).toBe(200);
  return res.body.items as SessionItem[];
}

async function inviteMember(ownerToken: string): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail('member');
  const invited = await v2(t.app, 'team/invite', { email, name: 'Mo Member', role: 'admin', privileges: { user: true, webapp_login: true, billing: false } }, ownerToken);
  if (invited.status !== 200) throw new Error(JSON.stringify(invited.body));
  const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
  const password = 'member password 1';
  const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return { email, password, token: accepted.body.token as string };
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('confirmEmail') ?? '';
}

describe('profile', () => {
  it('reads and changes the name and time zone of the owner and of a team member separately', async () => {
    const owner = await signUpVerified(t, { name: 'Ann Owner' });
    const member = await inviteMember(owner.token);

    const mine = await v2(t.app, 'me/profile', {}, owner.token);
    expect(mine.body).toMatchObject({ name: 'Ann Owner', email: owner.email, kind: 'owner', pendingEmail: null });

    const updated = await v2(t.app, 'me/update', { name: 'Ann Renamed', timezone: 'Europe/Berlin' }, owner.token);
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ name: 'Ann Renamed', timezone: 'Europe/Berlin' });

    const memberUpdate = await v2(t.app, 'me/update', { name: 'Mo Renamed', timezone: 'Asia/Tokyo' }, member.token);
    expect(memberUpdate.body.profile).toMatchObject({ name: 'Mo Renamed', email: member.email, timezone: 'Asia/Tokyo', kind: 'member' });
    // The member's own change leaves the owner (and the account's zone) alone.
    const ownerAgain = await v2(t.app, 'me/get', {}, owner.token);
    expect(ownerAgain.body).toMatchObject({ name: 'Ann Renamed', timezone: 'Europe/Berlin' });

    const bad = await v2(t.app, 'me/update', { timezone: 'Mars/Olympus' }, owner.token);
    expect(bad.status).toBe(422);
  });
});

describe('sessions', () => {
  it('lists the login’s sessions with browser and IP, the current one marked; a team member’s are not the owner’s', async () => {
    const owner = await signUpVerified(t);
    const second = await signIn(owner.email, owner.password, 'Other Browser/2.0');
    const member = await inviteMember(owner.token);

    const list = await sessions(second);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, userAgent: 'Other Browser/2.0', ip: '127.0.0.1' });
    expect(list[0]!.lastSeenAt).not.toBeNull();
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const memberList = await sessions(member.token);
    expect(memberList).toHaveLength(1);
    expect(memberList[0]!.current).toBe(true);
  });

  it('signs out one session: its token answers 401; another person’s session id cannot be revoked', async () => {
    const owner = await signUpVerified(t);
    const other = await signIn(owner.email, owner.password);
    const member = await inviteMember(owner.token);
    const stranger = await signUpVerified(t);

    const otherId = (await sessions(other)).find((s) => s.current)!.id;
    const memberId = (await sessions(member.token))[0]!.id;

    // Neither a team member of the same account nor another account can end the owner's session, nor the owner the member's.
    for (const [token, id] of [[member.token, otherId], [stranger.token, otherId], [owner.token, memberId]] as const) {
      const refused = await v2(t.app, 'me/sessions/revoke', { id }, token);
      expect(refused.status).toBe(404);
    }
    expect((await v2(t.app, 'me/get', {}, other)).status).toBe(200);

    const revoked = await v2(t.app, 'me/sessions/revoke', { id: otherId }, owner.token);
    expect(revoked.body).toEqual({ ok: true, signedOut: 1 });
    const gone = await v2(t.app, 'me/get', {}, other);
    expect(gone.status).toBe(401);
    expect(gone.body.error).toBe('AUTH_FAILED');
    expect((await v2(t.app, 'me/sessions/revoke', { id: otherId }, owner.token)).status).toBe(404);
    expect((await v2(t.app, 'me/get', {}, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(200);
  });

  it('signs out everywhere else and keeps the current session', async () => {
    const owner = await signUpVerified(t);
    const a = await signIn(owner.email, owner.password);
    const b = await signIn(owner.email, owner.password);
    const member = await inviteMember(owner.token);
    const res = await v2(t.app, 'me/sessions/revoke', { allOthers: true }, owner.token);
    expect(res.body).toEqual({ ok: true, signedOut: 2 });
    expect((await v2(t.app, 'me/get', {}, a)).status).toBe(401);
    expect((await v2(t.app, 'me/get', {}, b)).status).toBe(401);
    expect((await v2(t.app, 'me/get', {}, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(200);
    expect((await v2(t.app, 'me/sessions/revoke', {}, owner.token)).status).toBe(422);
  });

  it('writes "last seen" at most once a minute per session', async () => {
    const owner = await signUpVerified(t);
    const id = (await sessions(owner.token))[0]!.id;
    const db = t.container.db.kysely;
    const setSeen = (iso: string) => db.updateTable('auth_tokens').set({ last_seen_at: iso }).where('id', '=', id).execute();
    const seen = async () => (await db.selectFrom('auth_tokens').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at;

    const recent = new Date(Date.now() - 30_000).toISOString();
    await setSeen(recent);
    await v2(t.app, 'me/get', {}, owner.token);
    expect(new Date(String(await seen())).toISOString()).toBe(recent);

    await setSeen(new Date(Date.now() - 120_000).toISOString());
    await v2(t.app, 'me/get', {}, owner.token);
    expect(Date.now() - Date.parse(String(await seen()))).toBeLessThan(60_000);
  });
});

describe('password change', () => {
  it('refuses a wrong current password without ending the session', async () => {
    const owner = await signUpVerified(t);
    const res = await v2(t.app, 'me/change-password', { currentPassword: 'not my password', newPassword: 'a new long password' }, owner.token);
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([{ path: 'currentPassword', message: 'The current password is not correct' }]);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).status).toBe(200);
  });

  it('sets the new password, ends the other sessions of this login and keeps the current one', async () => {
    const owner = await signUpVerified(t);
    const other = await signIn(owner.email, owner.password);
    const member = await inviteMember(owner.token);
    const res = await v2(t.app, 'me/change-password', { currentPassword: owner.password, newPassword: 'a new long password' }, owner.token);
    expect(res.body).toEqual({ ok: true, signedOut: 1 });
    expect((await v2(t.app, 'me/get', {}, other)).status).toBe(401);
    expect((await v2(t.app, 'me/get', {}, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(200);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: 'a new long password' })).status).toBe(200);
  });

  it('lets a team member change their own password', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteMember(owner.token);
    const res = await v2(t.app, 'me/change-password', { currentPassword: member.password, newPassword: 'member new password' }, member.token);
    expect(res.status).toBe(200);
    expect((await v2(t.app, 'auth/signin', { email: member.email, password: 'member new password' })).status).toBe(200);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).status).toBe(200);
  });
});

describe('email change', () => {
  it('changes the email only once the link mailed to the new address is opened; the old address gets a notice', async () => {
    const owner = await signUpVerified(t);
    const newEmail = uniqueEmail('new');
    const wrong = await v2(t.app, 'me/change-email', { email: newEmail, currentPassword: 'wrong password' }, owner.token);
    expect(wrong.status).toBe(422);

    const asked = await v2(t.app, 'me/change-email', { email: newEmail, currentPassword: owner.password }, owner.token);
    expect(asked.status).toBe(200);
    const confirm = await t.smtp.next(newEmail);
    const notice = await t.smtp.next(owner.email);
    expect(notice.text).toContain(newEmail);
    const link = linkIn(confirm, '/account/userprofile/');
    expect(link).toContain('?confirmEmail=');

    // Nothing has changed yet.
    expect((await v2(t.app, 'me/profile', {}, owner.token)).body).toMatchObject({ email: owner.email, pendingEmail: newEmail });
    expect((await v2(t.app, 'auth/signin', { email: newEmail, password: owner.password })).status).toBe(401);

    // Another login cannot use the link.
    const stranger = await signUpVerified(t);
    expect((await v2(t.app, 'me/confirm-email', { token: tokenOf(link) }, stranger.token)).status).toBe(403);

    const confirmed = await v2(t.app, 'me/confirm-email', { token: tokenOf(link) }, owner.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ username: newEmail });
    expect(confirmed.body.profile).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await v2(t.app, 'auth/signin', { email: newEmail, password: owner.password })).status).toBe(200);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).status).toBe(401);

    // A used link is refused.
    expect((await v2(t.app, 'me/confirm-email', { token: tokenOf(link) }, owner.token)).status).toBe(404);
  });

  it('refuses an expired link, and a link voided by a newer request', async () => {
    const owner = await signUpVerified(t);
    const first = uniqueEmail('first');
    await v2(t.app, 'me/change-email', { email: first, currentPassword: owner.password }, owner.token);
    const firstLink = linkIn(await t.smtp.next(first), '/account/userprofile/');
    await t.smtp.next(owner.email);
    const second = uniqueEmail('second');
    await v2(t.app, 'me/change-email', { email: second, currentPassword: owner.password }, owner.token);
    const secondLink = linkIn(await t.smtp.next(second), '/account/userprofile/');
    await t.smtp.next(owner.email);
    expect((await v2(t.app, 'me/confirm-email', { token: tokenOf(firstLink) }, owner.token)).status).toBe(404);

    await t.container.db.kysely.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'change_email').where('account_id', '=', owner.accountId).execute();
    const expired = await v2(t.app, 'me/confirm-email', { token: tokenOf(secondLink) }, owner.token);
    expect(expired.status).toBe(404);
    expect((await v2(t.app, 'me/profile', {}, owner.token)).body).toMatchObject({ email: owner.email, pendingEmail: null });
  });

  it('refuses an email another login of the account signs in with', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteMember(owner.token);
    const res = await v2(t.app, 'me/change-email', { email: owner.email, currentPassword: member.password }, member.token);
    expect(res.status).toBe(409);
  });
});
