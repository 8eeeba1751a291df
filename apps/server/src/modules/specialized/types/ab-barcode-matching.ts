import { abMatch, type AbVerdict } from '@scanbase/contracts/ab-match-engine';
import { abMatchingSettings, type AbMatchingSettings } from '@scanbase/contracts';
import { isActive } from '../../scans/validation-rules.js';
import { sharedStoredSettings } from '../../services/service-settings.js';
import { defineSpecializedType, type TypeJudgeContext, type TypeVerdict } from '../specialized-type.js';

/** The longest reason kept (characters). */
export const AB_REASON_MAX = 500;

function respond(verdict: AbVerdict, missingReason: boolean): string {
  const head = verdict.result === 'match' ? 'Match' : 'Mismatch';
  return `${head}: ${verdict.detail}.${missingReason ? ' A reason is required for a mismatch and none was given.' : ''}`;
}

/** The verdict of the A/B rule for a scan whose base verdict holds (see `abMatch`, shared with the scanner). */
function judgePair(ctx: TypeJudgeContext<AbMatchingSettings>, a: string, b: string): AbVerdict {
  const { settings, base } = ctx;
  if (settings.rule !== 'database') return abMatch(settings, a, b);
  if (ctx.service.database_id === null) return { result: 'mismatch', detail: 'this service has no database to look A up in' };
  if (base.dbValueId === null) return { result: 'mismatch', detail: 'A is not in the database' };
  if (base.status !== 1) return { result: 'mismatch', detail: `A is not valid in the database${base.response ? ` (${base.response})` : ''}` };
  return abMatch(settings, a, b, base.response);
}

/**
 * A/B barcode matching (issue 14): A is the scan's value, B the property `ab_b` the scanner sends. A
 * match is a valid scan, a mismatch an invalid one; both values, the result and the reason are stored
 * as the properties `ab_a`, `ab_b`, `ab_result`, `ab_reason`. Offline scans are judged again here.
 */
export const abBarcodeMatchingType = defineSpecializedType<AbMatchingSettings>({
  type: 'ab-barcode-matching',
  settings: abMatchingSettings,
  database: 'optional',
  serviceVariables: (_settings, databaseId): Record<string, string> =>
    databaseId === null ? { validation_method: 'record', duplicate_value: '1' } : { validation_method: 'database', database_id: String(databaseId), duplicate_value: '1' },
  scannerOptions: (s) => ({ ab: { rule: s.rule, caseSensitive: s.caseSensitive, reasonRequired: s.reasonRequired, pattern: s.pattern, group: s.group, ai: s.ai } }),
  async judge(ctx): Promise<TypeVerdict> {
    const a = ctx.value;
    const b = (ctx.properties.ab_b ?? '').trim().slice(0, 4_000);
    const reason = (ctx.properties.ab_reason ?? '').trim().slice(0, AB_REASON_MAX);
    const pair: Record<string, string> = { ab_a: a, ab_b: b };
    // Outside the active period (or over a limit of the service): refused as any scan, not counted as a mismatch.
    const active = isActive(sharedStoredSettings(ctx.service.settings), new Date(ctx.scannedAt), ctx.timeZone);
    if (!active || (ctx.settings.rule !== 'database' && ctx.base.status !== 1)) return { ...ctx.base, properties: pair };
    if (b === '') return { ...ctx.base, status: 0, response: 'Scan B: this service matches two labels, A then B, and the scan had no B.', properties: pair };
    const verdict = judgePair(ctx, a, b);
    const match = verdict.result === 'match';
    const properties: Record<string, string> = { ...pair, ab_result: match ? 'match' : 'mismatch' };
    if (!match && reason !== '') properties.ab_reason = reason;
    return { ...ctx.base, status: match ? 1 : 0, response: respond(verdict, !match && ctx.settings.reasonRequired && reason === ''), properties };
  },
});
