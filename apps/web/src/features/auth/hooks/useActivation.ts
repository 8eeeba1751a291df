import { verifyEmail } from '@scanbase/contracts/auth';
import { type RouteReply } from '@scanbase/contracts/route';
import { useEffect, useState } from 'react';
import type { V2Client } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';

type Reply = RouteReply<typeof verifyEmail>;

// One attempt per token for the life of the page: the token works once, and React may mount twice.
const attempts = new Map<string, Promise<Reply>>();

function activate(v2: V2Client, token: string): Promise<Reply> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = v2.call(verifyEmail, { token });
    attempts.set(token, attempt);
  }
  return attempt;
}

/** Spends an email-verification token once and reports the outcome. */
export function useActivation(token: string): { reply: Reply | null; error: Error | null } {
  const { v2 } = useServices();
  const [state, setState] = useState<{ reply: Reply | null; error: Error | null }>({ reply: null, error: null });
  useEffect(() => {
    let live = true;
    activate(v2, token).then(
      (reply) => live && setState({ reply, error: null }),
      (error: unknown) => live && setState({ reply: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [v2, token]);
  return state;
}
