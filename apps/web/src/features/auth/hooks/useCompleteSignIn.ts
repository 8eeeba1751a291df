import { isAdminRole } from '@scanbase/contracts/role-rules';
import type { SessionUser } from '@scanbase/contracts/auth';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useServices } from '../../../app/useServices';
import { userFromSession } from '../../../session/current-user';
import { isSafeReturnPath } from '../../../session/sign-in-target';

/** Where a signed-in person lands when no `to` was given. */
export function homeFor(role: string): string {
  return isAdminRole(role) ? '/account/services/' : '/account/userprofile/';
}

/** Stores a successful sign-in and goes to `to` (same-site paths only), `then`, or the person's home page. */
export function useCompleteSignIn() {
  const { session } = useServices();
  const navigate = useNavigate();
  return useCallback(
    async (reply: { token: string; user: SessionUser }, to?: string) => {
      const user = userFromSession(reply.user);
      session.signIn(reply.token, user);
      await navigate({ href: isSafeReturnPath(to) && !to.startsWith('/signin') ? to : homeFor(user.role), replace: true });
    },
    [navigate, session],
  );
}
