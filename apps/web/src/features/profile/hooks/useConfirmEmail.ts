import { confirmEmail } from '@scanbase/contracts/profile';
import type { RouteReply } from '@scanbase/contracts/route';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../../app/useServices';

type Reply = RouteReply<typeof confirmEmail>;
type State = { status: 'idle' | 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

// One attempt per token for the life of the page: the token works once, and React may mount twice.
const attempts = new Map<string, Promise<Reply>>();

/** Spends the token of a mailed email-change link once (`me/confirm-email`) and applies the new address to the page and app bar. */
export function useConfirmEmail(token: string | undefined): State {
  const { v2, session } = useServices();
  const client = useQueryClient();
  const [state, setState] = useState<State>({ status: token ? 'working' : 'idle' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = v2.call(confirmEmail, { token });
      attempts.set(token, attempt);
    }
    attempt.then(
      ({ profile, user }) => {
        client.setQueryData(['me', 'profile'], profile);
        session.updateUser({ name: user.name, username: user.username, timezone: user.timezone });
        if (live) setState({ status: 'done', email: profile.email });
      },
      (error: unknown) => live && setState({ status: 'failed', message: error instanceof Error ? error.message : 'The link could not be used.' }),
    );
    return () => {
      live = false;
    };
  }, [v2, session, client, token]);
  return state;
}
