import { scanTicketsSettings, type ScanTicketsSettings, type TicketOutcome } from '@scanbase/contracts';
import { isActive, localParts } from '../../scans/validation-rules.js';
import { sharedStoredSettings } from '../../services/service-settings.js';
import { ScanTicketsRepo, type ScanPlace, type TicketState } from '../scan-tickets/scan-tickets.repo.js';
import { NEW_TICKET, decideTicket, freshState } from '../scan-tickets/ticket-rules.js';
import { defineSpecializedType, type TypeJudgeContext, type TypeVerdict } from '../specialized-type.js';

/** The live topic of a scan-tickets instance's history and counts (id: the instance id). */
export const TICKETS_TOPIC = 'tickets';

/** "2026-11-26 14:03 at Main gate on Gate phone by anna": where and when a scan happened, in the account's time zone. */
export function describePlace(place: ScanPlace, timeZone: string): string {
  const when = localParts(new Date(place.scanned_at), timeZone);
  const where = [place.service_name ? ` at ${place.service_name}` : '', place.device_name ? ` on ${place.device_name}` : '', place.user_name ? ` by ${place.user_name}` : ''].join('');
  return `${when.date} ${when.time.slice(0, 5)}${where}`;
}

/** A verdict with the `ticket` outcome property, published on the tickets topic. */
function verdict(ctx: TypeJudgeContext<ScanTicketsSettings>, status: 0 | 1, response: string, outcome: TicketOutcome, more: Record<string, string> = {}, afterInsert?: (scanId: number) => Promise<void>): TypeVerdict {
  return { ...ctx.base, status, response, duplicate: outcome === 'duplicate', properties: { ticket: outcome, ...more }, topics: [TICKETS_TOPIC], ...(afterInsert ? { afterInsert } : {}) };
}

/**
 * Scan tickets (issue 13): a database service (duplicates left to this type) whose entry rule runs on
 * the ticket's state row, locked in the scan's transaction.
 */
export const scanTicketsType = defineSpecializedType<ScanTicketsSettings>({
  type: 'scan-tickets',
  settings: scanTicketsSettings,
  database: 'required',
  serviceVariables: (_settings, databaseId) => ({ validation_method: 'database', database_id: databaseId === null ? '' : String(databaseId), duplicate_value: '1' }),
  scannerOptions: (settings) => (settings.entryRule === 'reentry' ? { direction: 'fast' } : {}),
  async judge(ctx) {
    const { base, settings } = ctx;
    const direction = settings.entryRule === 'reentry' && ctx.properties.direction === 'out' ? 'out' : 'in';
    const withDirection: Record<string, string> = settings.entryRule === 'reentry' ? { direction } : {};
    if (base.dbValueId === null) {
      // Not in the database (or the service is outside its active period, or has no database).
      const active = isActive(sharedStoredSettings(ctx.service.settings), new Date(ctx.scannedAt), ctx.timeZone);
      if (!active || ctx.service.database_id === null) return verdict(ctx, 0, base.response, 'refused', withDirection);
      return verdict(ctx, 0, settings.unknownText || 'Unknown ticket: this code is not in the ticket list.', 'unknown', withDirection);
    }
    // A known code the database marks invalid (a cancelled ticket): refused with its own response.
    if (base.status !== 1) return verdict(ctx, 0, base.response || 'This ticket is not valid.', 'refused', withDirection);

    const repo = new ScanTicketsRepo(ctx.db, ctx.dialect);
    const dbValueId = base.dbValueId;
    const day = localParts(new Date(ctx.scannedAt), ctx.timeZone).date;
    // One statement on the common path: a ticket's first scan makes its row with the state after this scan.
    const locked = await repo.lockState(ctx.accountId, ctx.service.id, dbValueId, freshState(settings, day, direction));
    const state = locked.made ? NEW_TICKET : locked.state;
    const decision = decideTicket(settings, state, day, direction);
    // Moved only once the scan is stored (a scan that is not stored moves nothing).
    const save = (next: TicketState) => (locked.made ? undefined : async () => repo.saveState(ctx.accountId, ctx.service.id, dbValueId, next));
    switch (decision.kind) {
      case 'entry': {
        const n = decision.next.entries;
        const counts: Record<string, string> = { entry: decision.entry, entries: String(n) };
        if (settings.entryRule === 'per-day') counts.entries_today = String(decision.next.day_entries);
        const limit = settings.entryRule === 'total' ? ` (entry ${n} of ${settings.maxEntries})` : settings.entryRule === 'per-day' ? ` (entry ${decision.next.day_entries} of ${settings.maxEntries} today)` : '';
        const text = base.response || settings.validText || `Valid ticket${decision.entry === 'repeat' ? ': welcome back' : ''}.`;
        return verdict(ctx, 1, `${text}${limit}`, 'valid', { ...counts, ...withDirection }, save(decision.next));
      }
      case 'exit':
        return verdict(ctx, 1, 'Exit recorded.', 'exit', { entries: String(state.entries), direction: 'out' }, save(decision.next));
      case 'not-inside':
        return verdict(ctx, 0, 'This ticket has not entered: there is no entry to exit from.', 'refused', { entries: String(state.entries), direction: 'out' });
      case 'duplicate': {
        const place = await repo.place(ctx.accountId, ctx.service.id, dbValueId, decision.shown);
        const label = decision.shown === 'first' ? 'first scanned' : 'entered';
        const detail = place ? `: ${label} ${describePlace(place, ctx.timeZone)}` : '';
        const text = `${settings.duplicateText || decision.reason}${detail}.`;
        const props: Record<string, string> = { entries: String(state.entries), ...withDirection };
        if (settings.entryRule === 'per-day') props.entries_today = String(state.day === day ? state.day_entries : 0);
        if (place) {
          // `first_*` for the first entry; `entered_*` for the entry a re-entry ticket is still inside on.
          const key = decision.shown === 'first' ? 'first' : 'entered';
          props[`${key}_at`] = place.scanned_at;
          if (place.service_name) props[`${key}_service`] = place.service_name;
          if (place.device_name) props[`${key}_device`] = place.device_name;
          if (place.user_name) props[`${key}_user`] = place.user_name;
        }
        return verdict(ctx, 0, text, 'duplicate', props);
      }
    }
  },
});
