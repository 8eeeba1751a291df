import { isAdminRole } from '@scanbase/contracts/role-rules';
import type { SessionUser } from '@scanbase/contracts/auth';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useServices } from '../../../app/useServices';
import { userFromSession } from '../../../session/current-user';
import { isSafeReturnPath } from '../../../session/sign-in-target';
import { savePendingTwoFactor } from '../pending-two-factor';

/** Where a signed-in person lands when no `to` was given. */
export function homeFor(role: string): string {
  return isAdminRole(role) ? '/account/services/' : '/account/userprofile/';
}

/**
 * Stores a successful sign-in and goes to `to` (same-site paths only), `then`, or the person's home page. A
 * session whose account requires two-factor sign-in it has not set up is not stored: /signin sets it up first.
 */
export function useCompleteSignIn() {
  const { session } = useServices();
  const navigate = useNavigate();
  return useCallback(
    async (reply: { token: string; user: SessionUser }, to?: string) => {
      if (reply.user.twoFactorSetupRequired) {
        savePendingTwoFactor({ kind: 'setup', token: reply.token, user: reply.user, to });
        await navigate({ href: '/signin', replace: true });
        return;
      }
      const user = userFromSession(reply.user);
      session.signIn(reply.token, user);
      await navigate({ href: isSafeReturnPath(to) && !to.startsWith('/signin') ? to : homeFor(user.role), replace: true });
    },
    [navigate, session],
  );
}
