import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { awayFromWindowBoundary, legacy, signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_FAILED_CODES } from './two-factor.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_EMAIL_PER_HOUR: '100000' });
});
afterAll(async () => {
  await t.close();
});

/** A code of the secret for the time step `steps` away from now (codes are computed as an authenticator app does). */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A six-digit code that is not one of the codes the secret accepts now. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => codeOf(secret, s)));
  for (let n = 123456; ; n++) if (!near.has(String(n))) return String(n);
}

/** Sets up and switches on two-factor sign-in for the session's login (with a code of the current step). */
async function enable(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await v2(t.app, 'me/two-factor/setup', {}, token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const on = await v2(t.app, 'me/two-factor/enable', { code: codeOf(secret) }, token);
  expect(on.status).toBe(200);
  return { secret, recoveryCodes: on.body.recoveryCodes as string[] };
}

async function signIn(email: string, password: string, accountId?: number) {
  return v2(t.app, 'auth/signin', { email, password, ...(accountId ? { accountId } : {}) });
}

async function inviteMember(ownerToken: string): Promise<{ id: number; email: string; password: string; token: string }> {
  const email = uniqueEmail('member');
  const invited = await v2(t.app, 'team/invite', { email, name: 'Mo Member', role: 'admin', privileges: { user: true, webapp_login: true, billing: false } }, ownerToken);
  if (invited.status !== 200) throw new Error(JSON.stringify(invited.body));
  const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
  const password = 'member password 1';
  const accepted = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return { id: invited.body.id as number, email, password, token: accepted.body.token as string };
}

describe('two-factor sign-in', () => {
  it('is switched on only by a valid code, then sign-in needs a code, and a used code or challenge is refused', async () => {
    const owner = await signUpVerified(t);
    expect((await v2(t.app, 'me/two-factor/status', {}, owner.token)).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredByAccount: false });
    expect((await v2(t.app, 'me/two-factor/enable', { code: '123456' }, owner.token)).status).toBe(409);

    const setup = await v2(t.app, 'me/two-factor/setup', {}, owner.token);
    const secret = setup.body.secret as string;
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.uri).toContain(`secret=${secret}`);
    const wrong = await v2(t.app, 'me/two-factor/enable', { code: wrongCode(secret) }, owner.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toMatchObject([{ path: 'code' }]);
    expect(wrong.body.message).toContain('not right');
    // Not on yet: the password alone still signs in.
    expect((await signIn(owner.email, owner.password)).body.kind).toBe('signed_in');

    const on = await v2(t.app, 'me/two-factor/enable', { code: codeOf(secret).replace(/(\d{3})/, '$1 ') }, owner.token);
    expect(on.status).toBe(200);
    const codes = on.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(on.body.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await v2(t.app, 'me/two-factor/setup', {}, owner.token)).status).toBe(409);

    const first = await signIn(owner.email, owner.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'two_factor', expiresInSeconds: 300 });
    expect(first.body.token).toBeUndefined();
    const challenge = first.body.challenge as string;
    // A challenge is not a session.
    expect((await v2(t.app, 'me/get', {}, challenge)).status).toBe(401);
    // The step the set-up used (or an earlier one) is not accepted again.
    const replay = await v2(t.app, 'auth/signin/verify', { challenge, code: codeOf(secret, -1) }, undefined);
    expect(replay.status).toBe(422);
    const next = codeOf(secret, 1);
    const verified = await v2(t.app, 'auth/signin/verify', { challenge, code: next });
    expect(verified.status).toBe(200);
    expect(verified.body.kind).toBe('signed_in');
    expect((await v2(t.app, 'me/get', {}, verified.body.token as string)).body).toMatchObject({ accountId: owner.accountId, twoFactorSetupRequired: false });
    // The challenge is used up; the same code in a new sign-in is refused.
    expect((await v2(t.app, 'auth/signin/verify', { challenge, code: codeOf(secret, 1) })).status).toBe(401);
    const again = (await signIn(owner.email, owner.password)).body.challenge as string;
    const reused = await v2(t.app, 'auth/signin/verify', { challenge: again, code: next });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toContain('used already');
  });

  it('accepts each recovery code once and replaces them for a current code', async () => {
    const owner = await signUpVerified(t);
    const { secret, recoveryCodes } = await enable(owner.token);
    const challenge = async () => (await signIn(owner.email, owner.password)).body.challenge as string;

    expect((await v2(t.app, 'auth/signin/verify', { challenge: await challenge(), recoveryCode: recoveryCodes[0] })).status).toBe(200);
    const used = await v2(t.app, 'auth/signin/verify', { challenge: await challenge(), recoveryCode: recoveryCodes[0] });
    expect(used.status).toBe(422);
    expect(used.body.details).toMatchObject([{ path: 'recoveryCode' }]);
    expect(used.body.message).toContain('used already');
    // Typed back in capitals with a space instead of the dash, it still counts.
    expect((await v2(t.app, 'auth/signin/verify', { challenge: await challenge(), recoveryCode: recoveryCodes[1]!.toUpperCase().replace('-', ' ') })).status).toBe(200);
    expect((await v2(t.app, 'me/two-factor/status', {}, owner.token)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });

    expect((await v2(t.app, 'me/two-factor/recovery-codes', { code: wrongCode(secret) }, owner.token)).status).toBe(422);
    const fresh = await v2(t.app, 'me/two-factor/recovery-codes', { code: codeOf(secret, 1) }, owner.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toMatchObject({ recoveryCodesLeft: 10 });
    expect((await v2(t.app, 'auth/signin/verify', { challenge: await challenge(), recoveryCode: recoveryCodes[2] })).status).toBe(422);
    expect((await v2(t.app, 'auth/signin/verify', { challenge: await challenge(), recoveryCode: (fresh.body.recoveryCodes as string[])[0] })).status).toBe(200);
  });

  it('limits wrong codes per login', async () => {
    const owner = await signUpVerified(t);
    const secret = (await v2(t.app, 'me/two-factor/setup', {}, owner.token)).body.secret as string;
    // Wrong codes count per fixed 15-minute window.
    await awayFromWindowBoundary(20, 15 * 60);
    for (let i = 0; i < MAX_FAILED_CODES; i++) expect((await v2(t.app, 'me/two-factor/enable', { code: wrongCode(secret) }, owner.token)).status).toBe(422);
    const limited = await v2(t.app, 'me/two-factor/enable', { code: codeOf(secret) }, owner.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('LIMIT_MINUTE');
  });

  it('is switched off with the password or a current code', async () => {
    const owner = await signUpVerified(t);
    const { secret } = await enable(owner.token);
    expect((await v2(t.app, 'me/two-factor/disable', { password: 'not the password' }, owner.token)).status).toBe(422);
    expect((await v2(t.app, 'me/two-factor/disable', { code: wrongCode(secret) }, owner.token)).status).toBe(422);
    const off = await v2(t.app, 'me/two-factor/disable', { password: owner.password }, owner.token);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await signIn(owner.email, owner.password)).body.kind).toBe('signed_in');

    const second = await enable(owner.token);
    expect((await v2(t.app, 'me/two-factor/disable', { code: codeOf(second.secret, 1) }, owner.token)).body).toMatchObject({ enabled: false });
  });

  it('asks for the code after the company is chosen, for the login that has it on only', async () => {
    const email = uniqueEmail('multi');
    const a = await signUpVerified(t, { email, companyName: 'Alpha Co' });
    const b = await signUpVerified(t, { email, companyName: 'Beta Co', confirmMultiAccount: true });
    const { secret } = await enable(a.token);

    const choice = await signIn(email, a.password);
    expect(choice.body.kind).toBe('choose_account');
    const toB = await v2(t.app, 'auth/select-account', { ticket: choice.body.ticket, accountId: b.accountId });
    expect(toB.body).toMatchObject({ kind: 'signed_in', user: { accountId: b.accountId } });

    const choiceAgain = await signIn(email, a.password);
    const toA = await v2(t.app, 'auth/select-account', { ticket: choiceAgain.body.ticket, accountId: a.accountId });
    expect(toA.body.kind).toBe('two_factor');
    const done = await v2(t.app, 'auth/signin/verify', { challenge: toA.body.challenge, code: codeOf(secret, 1) });
    expect(done.body).toMatchObject({ kind: 'signed_in', user: { accountId: a.accountId } });
    // Signing in to one company directly asks for its code too.
    expect((await signIn(email, a.password, a.accountId)).body.kind).toBe('two_factor');
    expect((await signIn(email, a.password, b.accountId)).body.kind).toBe('signed_in');
  });

  it('can be required of the whole team: a member without it may only set it up until they have', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteMember(owner.token);
    const refused = await v2(t.app, 'settings/require-two-factor', { required: true }, owner.token);
    expect(refused.status).toBe(409);
    await enable(owner.token);
    expect((await v2(t.app, 'settings/require-two-factor', { required: true }, member.token)).status).toBe(403);
    const required = await v2(t.app, 'settings/require-two-factor', { required: true }, owner.token);
    expect(required.status).toBe(200);
    expect(required.body.requireTwoFactor).toBe(true);
    expect((await v2(t.app, 'settings/get', {}, owner.token)).body.requireTwoFactor).toBe(true);
    // The member's session ended; the owner's (with two-factor on) did not.
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(401);
    expect((await v2(t.app, 'team/list', {}, owner.token)).status).toBe(200);

    const signedIn = await signIn(member.email, member.password);
    expect(signedIn.body).toMatchObject({ kind: 'two_factor_setup', user: { twoFactorSetupRequired: true } });
    const token = signedIn.body.token as string;
    const blocked = await v2(t.app, 'team/list', {}, token);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: 'FORBIDDEN', details: { twoFactorSetupRequired: true } });
    expect((await v2(t.app, 'me/profile', {}, token)).body.details).toEqual({ twoFactorSetupRequired: true });
    expect((await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: token })).errorCode).toBe('101');
    expect((await v2(t.app, 'me/get', {}, token)).body).toMatchObject({ twoFactorSetupRequired: true });
    expect((await v2(t.app, 'me/two-factor/status', {}, token)).body).toMatchObject({ enabled: false, requiredByAccount: true });

    const setup = await v2(t.app, 'me/two-factor/setup', {}, token);
    const on = await v2(t.app, 'me/two-factor/enable', { code: codeOf(setup.body.secret as string) }, token);
    expect(on.body.user).toMatchObject({ twoFactorSetupRequired: false });
    expect((await v2(t.app, 'team/list', {}, token)).status).toBe(200);
    expect((await legacy(t.app, { section: 'admin', action: 'retrieve', website_token: token })).status).toBe('1');
    // While required it cannot be switched off.
    expect((await v2(t.app, 'me/two-factor/disable', { password: member.password }, token)).status).toBe(403);
    // Signing out works at any point; an invitation accepted while it is required starts a set-up-only session.
    const newcomer = await inviteMember(owner.token);
    expect((await v2(t.app, 'services/list', {}, newcomer.token)).body.details).toEqual({ twoFactorSetupRequired: true });
    expect((await v2(t.app, 'auth/signout', {}, newcomer.token)).status).toBe(200);
    expect((await v2(t.app, 'me/get', {}, newcomer.token)).status).toBe(401);

    expect((await v2(t.app, 'settings/require-two-factor', { required: false }, owner.token)).body.requireTwoFactor).toBe(false);
  });

  it('is reset for a member by an administrator of the same account only: sessions end, the member is mailed', async () => {
    const owner = await signUpVerified(t);
    const member = await inviteMember(owner.token);
    await enable(member.token);
    expect((await signIn(member.email, member.password)).body.kind).toBe('two_factor');

    const stranger = await signUpVerified(t);
    expect((await v2(t.app, 'team/reset-two-factor', { id: member.id }, stranger.token)).status).toBe(404);
    expect((await v2(t.app, 'team/reset-two-factor', { id: member.id }, member.token)).status).toBe(403);
    // Another account's owner sees nothing of this member's two-factor sign-in.
    expect((await v2(t.app, 'me/two-factor/status', {}, stranger.token)).body).toMatchObject({ enabled: false });

    const reset = await v2(t.app, 'team/reset-two-factor', { id: member.id }, owner.token);
    expect(reset.status).toBe(200);
    const mail = await t.smtp.next(member.email);
    expect(mail.subject).toBe('Your Scanbase two-factor sign-in was reset');
    expect(mail.text).toContain('Ann Owner');
    expect((await v2(t.app, 'me/get', {}, member.token)).status).toBe(401);
    expect((await signIn(member.email, member.password)).body.kind).toBe('signed_in');
    expect((await v2(t.app, 'team/reset-two-factor', { id: member.id }, owner.token)).status).toBe(409);
  });
});
