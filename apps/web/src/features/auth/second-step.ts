import type { SessionUser } from '@scanbase/contracts/auth';

/**
 * A sign-in whose password was right but which needs a second step on /signin: `two_factor`, the challenge of
 * `auth/signin/verify` (the login has two-factor sign-in on), or `two_factor_setup`, a session whose account
 * requires two-factor sign-in this person has not set up (the app does not take it until they have). Kept in memory only, handed from the page that got it to /signin's lazily loaded step
 * (TwoFactorStep); a reload starts the sign-in over. Tiny on purpose: /signin's entry chunk carries it.
 */
export type SecondStep = {
  reply: { kind: 'two_factor'; challenge: string } | { kind: 'two_factor_setup'; token: string; user: SessionUser };
  to?: string | undefined;
};

let held: SecondStep | null = null;

/** Hands a second step to /signin (null: none). */
export const handOverSecondStep = (step: SecondStep | null) => {
  held = step;
};

/** The second step waiting on /signin, if any. */
export const heldSecondStep = () => held;
