import type { z } from 'zod';
import type { accountChoice } from '@scanbase/contracts';

/** An email on several companies: the ticket and the companies to choose from, kept for /select-company. */
export type PendingChoice = { ticket: string; accounts: z.infer<typeof accountChoice>[] };

const KEY = 'scanbase.pendingChoice';

/** Keeps the choice for this tab only (session storage; memory when that fails). */
let memory: PendingChoice | null = null;

/** Saves the pending company choice. */
export function savePendingChoice(choice: PendingChoice): void {
  memory = choice;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Memory alone still carries the choice to the next page of this visit.
  }
}

/** The pending company choice, if any. */
export function loadPendingChoice(): PendingChoice | null {
  if (memory) return memory;
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as PendingChoice) : null;
  } catch {
    return null;
  }
}

/** Forgets the pending company choice. */
export function clearPendingChoice(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
