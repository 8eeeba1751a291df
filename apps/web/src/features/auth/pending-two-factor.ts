import type { SessionUser } from '@scanbase/contracts/auth';

/**
 * A sign-in half done, kept for this tab (session storage; memory when that fails) so that /signin can show
 * the second step: `code` after a correct password for a login with two-factor sign-in (the challenge of
 * `auth/signin/verify`), `setup` when the account requires two-factor sign-in this person has not set up
 * (the session may only set it up, so the app does not take it until then). `to` is where to go afterwards.
 */
export type PendingTwoFactor =
  | { kind: 'code'; challenge: string; expiresAt: number; to?: string | undefined }
  | { kind: 'setup'; token: string; user: SessionUser; to?: string | undefined };

const KEY = 'scanbase.pendingTwoFactor';
let memory: PendingTwoFactor | null = null;
let loaded = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** The code step for a sign-in's two-factor challenge (`auth/signin`, `auth/select-account`). */
export function codeStep(reply: { challenge: string; expiresInSeconds: number }, to: string | undefined): PendingTwoFactor {
  return { kind: 'code', challenge: reply.challenge, expiresAt: Date.now() + reply.expiresInSeconds * 1000, to };
}

/** Saves the pending second step and tells /signin. */
export function savePendingTwoFactor(pending: PendingTwoFactor): void {
  memory = pending;
  loaded = true;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Memory alone still carries it within this visit.
  }
  changed();
}

/** The pending second step, if any (a challenge past its life is refused by the server, which says so). */
export function loadPendingTwoFactor(): PendingTwoFactor | null {
  if (!loaded) {
    loaded = true;
    try {
      const text = sessionStorage.getItem(KEY);
      memory = text ? (JSON.parse(text) as PendingTwoFactor) : null;
    } catch {
      memory = null;
    }
  }
  return memory;
}

/** Forgets the pending second step. */
export function clearPendingTwoFactor(): void {
  const had = memory !== null;
  memory = null;
  loaded = true;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  if (had) changed();
}

/** Calls `listener` whenever the pending step is saved or cleared; answers the unsubscribe. */
export function onPendingTwoFactor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
