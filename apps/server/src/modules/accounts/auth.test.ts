import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('registration and email verification', () => {
  it('mails a verification link that signs the new owner in', async () => {
    const email = uniqueEmail('reg');
    const signUp = await v2(t.app, 'auth/signup', { companyName: 'Gate Co', name: 'Gina', email, password: 'long enough pw' });
    expect(signUp.status).toBe(200);
    expect(signUp.body.verificationSent).toBe(true);

    const early = await v2(t.app, 'auth/signin', { email, password: 'long enough pw' });
    expect(early.status).toBe(403);
    expect(early.body.error).toBe('VERIFY_EMAIL');

    const mail = await t.smtp.next(email);
    expect(mail.subject).toContain('Confirm your email');
    const link = linkIn(mail, '/activation/');
    expect(link.startsWith('http://scanbase.test/activation/')).toBe(true);
    const token = link.split('/activation/')[1]!.replace(/\/$/, '');

    const verified = await v2(t.app, 'auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ account: 'Gate Co', role: 'owner', username: email, accountUserId: null });

    const again = await v2(t.app, 'auth/verify-email', { token });
    expect(again.status).toBe(404);

    const signIn = await v2(t.app, 'auth/signin', { email: email.toUpperCase(), password: 'long enough pw' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.kind).toBe('signed_in');
  });

  it('resends the verification mail on request', async () => {
    const email = uniqueEmail('resend');
    await v2(t.app, 'auth/signup', { companyName: 'R', name: 'R', email, password: 'long enough pw' });
    await t.smtp.next(email);
    expect((await v2(t.app, 'auth/resend-verification', { email })).status).toBe(200);
    const second = await t.smtp.next(email);
    expect(linkIn(second, '/activation/')).toContain('/activation/');
  });

  it('rejects bad registration input with field details', async () => {
    const res = await v2(t.app, 'auth/signup', { companyName: '', name: 'x', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    const paths = (res.body.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['companyName', 'email', 'password']);
    const missing = await v2(t.app, 'auth/signup', { name: 'x', email: 'a@b.co', password: 'long enough pw' });
    expect(missing.body.details).toEqual([{ path: 'companyName', message: 'Required' }]);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, reads the session through both APIs, and signs out', async () => {
    const owner = await signUpVerified(t, { companyName: 'Scan Ltd' });
    const signIn = await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password });
    const token = signIn.body.token as string;

    const me = await v2(t.app, 'me/get', { website_token: token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ account: 'Scan Ltd', role: 'owner', accountPrivileges: { user: true, webapp_login: true, billing: true } });

    const retrieve = await legacy(t.app, { section: 'admin', action: 'retrieve', add_properties: '1', website_token: token });
    expect(retrieve.status).toBe('1');
    const admin = retrieve.xml.admin as Record<string, unknown>;
    expect(admin._id).toBe(String(owner.adminId));
    expect(admin.username).toBe(owner.email);
    expect(admin.account).toBe('Scan Ltd');
    expect(admin.role).toBe('owner');
    expect(admin.settings).toMatchObject({ timezoneBehavior: '2', adminEmail: '', databaseCount: '0' });
    expect(admin.accountUser).toBeUndefined();

    const logout = await legacy(t.app, { section: 'security', action: 'logout', website_token: token });
    expect(logout.status).toBe('1');
    const after = await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: token });
    expect(after.errorCode).toBe('101');
    expect((await v2(t.app, 'me/get', {}, token)).body.error).toBe('AUTH_FAILED');
    // Logging out a dead token still succeeds: the browser clears its session either way.
    expect((await legacy(t.app, { section: 'security', action: 'logout', website_token: token })).status).toBe('1');
  });

  it('answers the same AUTH_FAILED for a wrong password and an unknown email', async () => {
    const owner = await signUpVerified(t);
    const wrong = await v2(t.app, 'auth/signin', { email: owner.email, password: 'wrong password' });
    const unknown = await v2(t.app, 'auth/signin', { email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('reads and sets the admin time zone property', async () => {
    const owner = await signUpVerified(t);
    const tz = await legacy(t.app, { section: 'admin', action: 'retrieve_admin_property_value', adminId: String(owner.adminId), timezoneProperties: 'true', website_token: owner.token });
    expect(tz.status).toBe('1');
    expect(tz.xml.propertyValue).toMatchObject({ _name: 'timezone', value: 'America/New_York' });

    const updated = await v2(t.app, 'settings/update', { timezone: 'Europe/Paris', timezoneBehavior: 1, adminEmail: 'ops@example.com' }, owner.token);
    // The other settings (company, formats, retention) are left as they were.
    expect(updated.body).toMatchObject({ timezone: 'Europe/Paris', timezoneBehavior: 1, adminEmail: 'ops@example.com', databaseCount: 0, requireTwoFactor: false, companyName: 'Acme Events', scanRetentionDays: null });
    const tz2 = await legacy(t.app, { section: 'admin', action: 'retrieve_admin_property_value', adminId: String(owner.adminId), timezoneProperties: 'true', website_token: owner.token });
    expect(tz2.xml.propertyValue).toMatchObject({ value: 'Europe/Paris' });

    const bad = await v2(t.app, 'settings/update', { timezone: 'Mars/Olympus' }, owner.token);
    expect(bad.status).toBe(422);
    const other = await legacy(t.app, { section: 'admin', action: 'retrieve_admin_property_value', adminId: String(owner.adminId + 1000), timezoneProperties: 'true', website_token: owner.token });
    expect(other.errorCode).toBe('10');
  });
});

describe('an email on several accounts', () => {
  it('offers the accounts to choose from and signs into the chosen one', async () => {
    const email = uniqueEmail('multi');
    const first = await signUpVerified(t, { email, companyName: 'North Gate', password: 'shared password 1' });
    const refused = await v2(t.app, 'auth/signup', { companyName: 'South Gate', name: 'Ann', email, password: 'shared password 1' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('CONFLICT');
    const second = await signUpVerified(t, { email, companyName: 'South Gate', password: 'shared password 1', confirmMultiAccount: true });

    const signIn = await v2(t.app, 'auth/signin', { email, password: 'shared password 1' });
    expect(signIn.body.kind).toBe('choose_account');
    const accounts = signIn.body.accounts as { accountId: number; companyName: string }[];
    expect(accounts.map((a) => a.companyName).sort()).toEqual(['North Gate', 'South Gate']);

    const chosen = await v2(t.app, 'auth/select-account', { ticket: signIn.body.ticket, accountId: second.accountId });
    expect(chosen.status).toBe(200);
    expect((chosen.body.user as { account: string }).account).toBe('South Gate');

    // The ticket is single-use and only offers the accounts it listed.
    expect((await v2(t.app, 'auth/select-account', { ticket: signIn.body.ticket, accountId: first.accountId })).status).toBe(401);
    const again = await v2(t.app, 'auth/signin', { email, password: 'shared password 1' });
    expect((await v2(t.app, 'auth/select-account', { ticket: again.body.ticket, accountId: 999_999 })).status).toBe(403);

    const direct = await v2(t.app, 'auth/signin', { email, password: 'shared password 1', accountId: first.accountId });
    expect(direct.body.kind).toBe('signed_in');
  });
});

describe('password reset', () => {
  it('mails a reset link; the new password works and old sessions end', async () => {
    const owner = await signUpVerified(t);
    expect((await v2(t.app, 'auth/forgot-password', { email: owner.email })).status).toBe(200);
    const mail = await t.smtp.next(owner.email);
    const token = linkIn(mail, '/resetpassword/').split('/resetpassword/')[1]!.replace(/\/$/, '');
    expect((await v2(t.app, 'auth/reset-password', { token, password: 'brand new password' })).status).toBe(200);

    expect((await v2(t.app, 'me/get', {}, owner.token)).status).toBe(401);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await v2(t.app, 'auth/signin', { email: owner.email, password: 'brand new password' })).status).toBe(200);
    expect((await v2(t.app, 'auth/reset-password', { token, password: 'another password' })).status).toBe(404);
  });

  it('answers ok for an unknown email without sending mail', async () => {
    const before = t.smtp.messages.length;
    const email = uniqueEmail('ghost');
    expect((await v2(t.app, 'auth/forgot-password', { email })).status).toBe(200);
    expect(t.smtp.messages.length).toBe(before);
  });
});
