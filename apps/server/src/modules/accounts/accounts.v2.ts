import { v2Routes } from '@scanbase/contracts';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { AuthService } from './auth.service.js';
import type { SettingsService } from './settings.service.js';
import type { TeamService } from './team.service.js';

/** V2 routes of sign-up, sign-in, the current user, the team and settings. */
export function accountsV2(auth: AuthService, team: TeamService, settings: SettingsService): V2Binding[] {
  return [
    bindV2(v2Routes.signUp, async ({ body, ip }) => ({ accountId: (await auth.signUp(body, ip)).accountId, verificationSent: true as const })),
    bindV2(v2Routes.verifyEmail, ({ body }) => auth.verifyEmail(body.token)),
    bindV2(v2Routes.resendVerification, async ({ body }) => {
      await auth.resendVerification(body.email);
      return { ok: true as const };
    }),
    bindV2(v2Routes.signIn, ({ body, ip }) => auth.signIn(body, ip)),
    bindV2(v2Routes.selectAccount, ({ body }) => auth.selectAccount(body.ticket, body.accountId)),
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
    bindV2(v2Routes.acceptInvite, ({ body }) => team.acceptInvite(body.token, body.name, body.password)),
    bindV2(v2Routes.me, ({ session }) => auth.sessionUser(session)),
    bindV2(v2Routes.listTeam, ({ session, body }) => team.list(session, body)),
    bindV2(v2Routes.inviteTeamMember, ({ session, body }) => team.invite(session, body)),
    bindV2(v2Routes.updateTeamMember, ({ session, body }) => team.update(session, body)),
    bindV2(v2Routes.removeTeamMember, async ({ session, body }) => {
      await team.remove(session, body.id);
      return { ok: true as const };
    }),
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
