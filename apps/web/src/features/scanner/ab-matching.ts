import { abMatch, type AbVerdict } from '@scanbase/contracts/ab-match-engine';
import { abMatchingSettingsBase, type AbMatchingSettings } from '@scanbase/contracts/ab-matching';
import type { AppService } from '@scanbase/contracts/scanner';
import type { ResultView } from './result-view';
import type { SubmitOutcome } from './scan-submit';

// The scanner side of A/B barcode matching (docs/SPECIALIZED-AB-MATCHING.md): after A it asks for B,
// judges the pair on the device with the shared rule (`ab-match-engine`), asks a reason for a mismatch
// when the instance requires one, and sends B and the reason as the scan properties `ab_b`, `ab_reason`.

export type AbOptions = AbMatchingSettings;

/** The A/B options of a service, or null when it is not an A/B matching instance. */
export function abOptions(service: AppService): AbOptions | null {
  if (service.specialized?.type !== 'ab-barcode-matching') return null;
  const raw = (service.specialized.options as { ab?: unknown }).ab;
  const parsed = abMatchingSettingsBase.safeParse(raw ?? {});
  return parsed.success ? parsed.data : abMatchingSettingsBase.parse({});
}

/** The device's verdict (the `database` rule is `unknown` here: the scanner has no copy of the database, the server decides). */
export function localVerdict(opts: AbOptions, a: string, b: string): AbVerdict {
  return abMatch(opts, a, b);
}

/** Whether the person must give a reason before the scan is sent. */
export function needsReason(opts: AbOptions, verdict: AbVerdict): boolean {
  return opts.reasonRequired && verdict.result === 'mismatch';
}

/** The properties a scan carries for B and the reason. */
export function abProperties(b: string, reason: string | null): Record<string, string> {
  const properties: Record<string, string> = { ab_b: b.trim().slice(0, 1_000) };
  if (reason !== null && reason.trim() !== '') properties.ab_reason = reason.trim().slice(0, 500);
  return properties;
}

/**
 * The result screen of a pair: MATCH (green) or MISMATCH (red) with both values, from the server's
 * verdict; for a scan kept on the device, from the device's own verdict (when it has one).
 */
export function abResultView(view: ResultView, outcome: SubmitOutcome, a: string, b: string, local: AbVerdict): ResultView {
  if (outcome.kind === 'result') {
    const r = outcome.result.outcome?.ab_result;
    if (r !== 'match' && r !== 'mismatch') return { ...view, pair: { a, b } };
    return { ...view, tone: r === 'match' ? 'valid' : 'invalid', title: r === 'match' ? 'MATCH' : 'MISMATCH', pair: { a: outcome.result.outcome?.ab_a ?? a, b: outcome.result.outcome?.ab_b ?? b } };
  }
  if (outcome.kind === 'queued' && local.result !== 'unknown') {
    const match = local.result === 'match';
    return { ...view, tone: match ? 'valid' : 'invalid', title: match ? 'MATCH' : 'MISMATCH', text: `${local.detail}. Judged on this device; ${view.text.charAt(0).toLowerCase()}${view.text.slice(1)}`, pair: { a, b } };
  }
  return { ...view, pair: { a, b } };
}
