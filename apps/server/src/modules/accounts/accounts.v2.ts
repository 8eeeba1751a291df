import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { FastifyReply } from 'fastify';
import type { AuthService, SeenFrom } from './auth.service.js';
import type { ProfileService } from './profile.service.js';
import type { SettingsService } from './settings.service.js';
import type { TeamService } from './team.service.js';
import type { TwoFactorService } from './two-factor.service.js';

/** The browser and address a new session comes from. */
function seenFrom(reply: FastifyReply, ip: string): SeenFrom {
  const agent = reply.request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip };
}

/** V2 routes of sign-up, sign-in, the current user and their profile and sessions, the team and settings. */
export function accountsV2(auth: AuthService, team: TeamService, settings: SettingsService, profile: ProfileService, twoFactor: TwoFactorService): V2Binding[] {
  return [
    bindV2(v2Routes.signUp, async ({ body, ip }) => ({ accountId: (await auth.signUp(body, ip)).accountId, verificationSent: true as const })),
    bindV2(v2Routes.verifyEmail, ({ body, reply, ip }) => auth.verifyEmail(body.token, seenFrom(reply, ip))),
    bindV2(v2Routes.resendVerification, async ({ body }) => {
      await auth.resendVerification(body.email);
      return { ok: true as const };
    }),
    bindV2(v2Routes.signIn, ({ body, ip, reply }) => auth.signIn(body, ip, seenFrom(reply, ip).userAgent)),
    bindV2(v2Routes.selectAccount, ({ body, reply, ip }) => auth.selectAccount(body.ticket, body.accountId, seenFrom(reply, ip))),
    bindV2(v2Routes.verifySignIn, ({ body, reply, ip }) => auth.verifySignIn(body.challenge, 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode }, ip, seenFrom(reply, ip))),
    bindV2(v2Routes.signOut, async ({ token }) => {
      if (token) await auth.signOut(token);
      return { ok: true as const };
    }),
    bindV2(v2Routes.forgotPassword, async ({ body, ip }) => {
      await auth.forgotPassword(body.email, ip);
      return { ok: true as const };
    }),
    bindV2(v2Routes.resetPassword, async ({ body, ip }) => {
      await auth.resetPassword(body.token, body.password, ip);
      return { ok: true as const };
    }),
    bindV2(v2Routes.acceptInvite, ({ body, reply, ip }) => team.acceptInvite(body.token, body.name, body.password, seenFrom(reply, ip))),
    bindV2(v2Routes.me, ({ session }) => auth.sessionUser(session)),
    bindV2(v2Routes.getProfile, ({ session }) => profile.get(session)),
    bindV2(v2Routes.updateProfile, ({ session, body }) => profile.update(session, body)),
    bindV2(v2Routes.changePassword, ({ session, body }) => profile.changePassword(session, body.currentPassword, body.newPassword)),
    bindV2(v2Routes.listSessions, ({ session }) => profile.sessions(session)),
    bindV2(v2Routes.revokeSession, ({ session, body }) => profile.revoke(session, 'id' in body ? { id: body.id } : { allOthers: true })),
    bindV2(v2Routes.changeEmail, async ({ session, body }) => {
      await profile.requestEmailChange(session, body.email, body.currentPassword);
      return { ok: true as const };
    }),
    bindV2(v2Routes.confirmEmail, ({ session, body }) => profile.confirmEmail(session, body.token)),
    bindV2(v2Routes.getTwoFactor, ({ session }) => twoFactor.status(session)),
    bindV2(v2Routes.setUpTwoFactor, ({ session }) => twoFactor.setUp(session)),
    bindV2(v2Routes.enableTwoFactor, async ({ session, body }) => {
      const done = await twoFactor.enable(session, body.code);
      // The session is now a full one: the web app drops its set-up screen with this user.
      return { ...done, user: await auth.sessionUser({ ...session, twoFactorPending: false }) };
    }),
    bindV2(v2Routes.regenerateRecoveryCodes, ({ session, body }) => twoFactor.regenerate(session, body.code)),
    bindV2(v2Routes.disableTwoFactor, ({ session, body }) => twoFactor.disable(session, body)),
    bindV2(v2Routes.resetMemberTwoFactor, async ({ session, body }) => {
      await twoFactor.reset(session, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.requireTwoFactor, async ({ session, body }) => {
      await twoFactor.setRequired(session, body.required);
      return settings.get(session.accountId);
    }),
    bindV2(v2Routes.listTeam, ({ session, body }) => team.list(session, body)),
    bindV2(v2Routes.inviteTeamMember, ({ session, body }) => team.invite(session, body)),
    bindV2(v2Routes.updateTeamMember, ({ session, body }) => team.update(session, body)),
    bindV2(v2Routes.removeTeamMember, async ({ session, body }) => {
      await team.remove(session, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.startOwnershipTransfer, ({ session, body }) => team.startTransfer(session, body.id)),
    bindV2(v2Routes.cancelOwnershipTransfer, async ({ session }) => {
      await team.cancelTransfer(session);
      return { ok: true as const };
    }),
    bindV2(v2Routes.confirmOwnershipTransfer, ({ session, body }) => team.confirmTransfer(session, body.token)),
    bindV2(v2Routes.resendTeamInvite, ({ session, body }) => team.resendInvite(session, body.id)),
    bindV2(v2Routes.cancelTeamInvite, async ({ session, body }) => {
      await team.cancelInvite(session, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.getSettings, ({ session }) => settings.get(session.accountId)),
    // Needs the webapp_login privilege: see the access table.
    bindV2(v2Routes.updateSettings, ({ session, body }) => settings.update(session.accountId, body)),
  ];
}
