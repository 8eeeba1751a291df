import { checkInOutSettings, type CheckDirection, type CheckInOutSettings, type CheckWhen } from '@scanbase/contracts';
import { localParts } from '../../scans/validation-rules.js';
import { CheckInOutRepo, type StateRow } from '../check-in-out/check-in-out.repo.js';
import { defineSpecializedType, type TypeVerdict } from '../specialized-type.js';

/** The live topic published when a value moves (id: the instance id). */
export const CHECKINOUT_TOPIC = 'checkinout';

/** The key a value's state is kept under: lower-cased when the instance's database ignores case. */
export function stateKey(value: string, caseSensitive: number | null): string {
  return caseSensitive === 0 ? value.toLowerCase() : value;
}

/** Whether a checklist or question set for `when` applies to a movement in `direction`. */
export function applies(when: CheckWhen, direction: CheckDirection): boolean {
  return when === 'both' || when === direction;
}

/** "09:12" today, "2026-11-25 09:12" another day, in the account's time zone. */
export function shortTime(at: string, now: Date, timeZone: string): string {
  const then = localParts(new Date(at), timeZone);
  const today = localParts(now, timeZone);
  return then.date === today.date ? then.time.slice(0, 5) : `${then.date} ${then.time.slice(0, 5)}`;
}

/** The items of a `checklist` property (a JSON array of strings; a single plain item is taken as one). */
export function checklistItems(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed.filter((x): x is string => typeof x === 'string').map((x) => x.trim());
  } catch {
    // not JSON: one item
  }
  return [raw.trim()];
}

const word = (d: CheckDirection) => (d === 'in' ? 'in' : 'out');

function lastText(row: StateRow, now: Date, timeZone: string): string {
  return `${row.state === 'in' ? 'In' : 'Out'} since ${shortTime(row.since, now, timeZone)}${row.by ? ` by ${row.by}` : ''}`;
}

/**
 * Check in/out: a value is in or out. Fast and Confirm read the scanner's `direction`; Toggle flips the
 * value's state. Moving a value to the state it is in is refused ("Already in since 09:12 by gate-1");
 * the state row is locked in the scan's transaction so two gates at once give one movement and one refusal.
 */
export const checkInOutType = defineSpecializedType<CheckInOutSettings>({
  type: 'check-in-out',
  settings: checkInOutSettings,
  database: 'optional',
  serviceVariables: (_settings, databaseId): Record<string, string> =>
    databaseId === null ? { validation_method: 'record', duplicate_value: '1' } : { validation_method: 'database', database_id: String(databaseId), duplicate_value: '1' },
  scannerOptions: (s) => ({
    direction: s.mode === 'toggle' ? undefined : s.mode,
    checklist: { when: s.checklist.when, items: s.checklist.items },
    questionsAt: s.questionsAt,
  }),
  async judge(ctx): Promise<TypeVerdict> {
    const { settings, properties } = ctx;
    const sent = (properties.direction ?? '').trim().toLowerCase();
    const requested: CheckDirection | null = sent === 'in' || sent === 'out' ? sent : null;
    if (ctx.base.status !== 1) return requested ? { ...ctx.base, properties: { direction: requested } } : ctx.base;
    if (requested === null && settings.mode !== 'toggle') {
      const how = settings.mode === 'fast' ? 'pick In or Out for this session' : 'answer In or Out';
      return { ...ctx.base, status: 0, response: `Choose a direction: this service checks values in and out, so ${how} before scanning (the scan had no direction).` };
    }
    const repo = new CheckInOutRepo(ctx.db, ctx.dialect);
    const key = stateKey(ctx.value, ctx.service.case_sensitive);
    const now = new Date();
    const row = await repo.lock(ctx.accountId, ctx.service.id, key, ctx.value, settings.defaultState, ctx.scannedAt);
    const current: CheckDirection = row.moves > 0 ? row.state : settings.defaultState;
    const direction: CheckDirection = requested ?? (current === 'in' ? 'out' : 'in');
    // Who moved it last is only named in a refusal or with "show the last user and time".
    if (row.moves > 0 && row.byAppUserId !== null && (direction === current || settings.showLast)) row.by = await repo.username(ctx.accountId, row.byAppUserId);
    const named = ctx.base.response ? `${ctx.base.response}: ` : '';
    if (direction === current) {
      const when = row.moves > 0 ? lastText(row, now, ctx.timeZone).replace(/^(In|Out)/, (s) => s.toLowerCase()) : `${word(current)} (never scanned)`;
      return { ...ctx.base, status: 0, response: `${named}Already ${when}.`, properties: { direction } };
    }
    const list = settings.checklist;
    const confirmed = checklistItems(properties.checklist);
    const stored: Record<string, string> = { direction };
    if (list.items.length > 0 && applies(list.when, direction)) {
      const missing = list.items.filter((item) => !confirmed.includes(item));
      if (missing.length > 0) {
        return { ...ctx.base, status: 0, response: `${named}Check ${word(direction)} refused: confirm the checklist first (missing ${missing.map((m) => `"${m}"`).join(', ')}).`, properties: { direction } };
      }
      stored.checklist = JSON.stringify(list.items);
    }
    const last = settings.showLast && row.moves > 0 ? ` Was ${lastText(row, now, ctx.timeZone).replace(/^(In|Out)/, (s) => s.toLowerCase())}.` : '';
    return {
      ...ctx.base,
      status: 1,
      response: `${named}Checked ${word(direction)}.${last}`,
      properties: stored,
      topics: [CHECKINOUT_TOPIC],
      afterInsert: async (scanId) => {
        await repo.move(ctx.accountId, ctx.service.id, key, { value: ctx.value, state: direction, since: ctx.scannedAt, appUserId: ctx.caller.appUserId, scanId });
      },
    };
  },
});
