import type { SessionUser } from '@scanbase/contracts/auth';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { handOverSecondStep } from '../second-step';
import { useCompleteSignIn } from './useCompleteSignIn';

type Reply = { kind?: 'signed_in' | 'two_factor_setup'; token: string; user: SessionUser } | { kind: 'two_factor'; challenge: string };

/**
 * Finishes a sign-in reply of a page other than /signin (company choice, company ID, invitation, activation):
 * a session goes to the app, unless a second step is due (a two-factor code, or the set-up the account
 * requires), which /signin then shows.
 */
export function useSignInOrSecondStep() {
  const complete = useCompleteSignIn();
  const navigate = useNavigate();
  return useCallback(
    async (reply: Reply, to?: string) => {
      if (reply.kind !== 'two_factor' && !reply.user.twoFactorSetupRequired) return complete(reply, to);
      handOverSecondStep({ reply: reply.kind === 'two_factor' ? reply : { kind: 'two_factor_setup', token: reply.token, user: reply.user }, to });
      await navigate({ href: '/signin', replace: true });
    },
    [complete, navigate],
  );
}
