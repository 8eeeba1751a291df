import type { ScanTicketsSettings } from '@scanbase/contracts';
import type { TicketState } from './scan-tickets.repo.js';

/** What the entry rule decides for one scan of a known, valid ticket. */
export type TicketDecision =
  | { kind: 'entry'; next: TicketState; entry: 'first' | 'repeat' }
  | { kind: 'exit'; next: TicketState }
  | { kind: 'duplicate'; reason: string; shown: 'first' | 'last' }
  | { kind: 'not-inside' };

/**
 * The entry rule applied to a ticket's state (pure: the caller holds the state row's lock). `day` is the
 * scan's local date in the account's time zone; `direction` what the scanner sent (`out`: an exit,
 * only meaningful with the re-entry rule).
 */
export function decideTicket(settings: Pick<ScanTicketsSettings, 'entryRule' | 'maxEntries'>, state: TicketState, day: string, direction: 'in' | 'out'): TicketDecision {
  const max = settings.maxEntries;
  const todays = state.day === day ? state.day_entries : 0;
  const enter = (): TicketDecision => ({ kind: 'entry', entry: state.entries === 0 ? 'first' : 'repeat', next: { ...state, entries: state.entries + 1, day, day_entries: todays + 1, inside: 1 } });
  switch (settings.entryRule) {
    case 'single':
      return state.entries === 0 ? enter() : { kind: 'duplicate', reason: 'Already used', shown: 'first' };
    case 'total':
      return state.entries < max ? enter() : { kind: 'duplicate', reason: `Limit reached: ${max} ${max === 1 ? 'entry' : 'entries'} in total`, shown: 'first' };
    case 'per-day':
      return todays < max ? enter() : { kind: 'duplicate', reason: `Limit reached: ${max} ${max === 1 ? 'entry' : 'entries'} today`, shown: 'first' };
    case 'reentry':
      if (direction === 'out') return state.inside === 1 ? { kind: 'exit', next: { ...state, inside: 0 } } : { kind: 'not-inside' };
      return state.inside === 1 ? { kind: 'duplicate', reason: 'Already inside: scan the exit before entering again', shown: 'last' } : enter();
  }
}

/** The state of a ticket never scanned. */
export const NEW_TICKET: TicketState = { entries: 0, day: '', day_entries: 0, inside: 0 };

/** The state a ticket never scanned has after this scan (what the upsert making its row writes). */
export function freshState(settings: Pick<ScanTicketsSettings, 'entryRule' | 'maxEntries'>, day: string, direction: 'in' | 'out'): TicketState {
  const d = decideTicket(settings, NEW_TICKET, day, direction);
  return d.kind === 'entry' || d.kind === 'exit' ? d.next : NEW_TICKET;
}
