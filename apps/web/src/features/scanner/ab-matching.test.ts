import type { AppService, ScanResult } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { abOptions, abProperties, abResultView, localVerdict, needsReason } from './ab-matching';
import { resultView } from './result-view';

function service(type: string | null, options: Record<string, unknown> = {}): AppService {
  return {
    id: 9, name: 'Dock', validationMethod: 'record', description: '', databaseId: null, symbologies: [], enableGps: false, autoNextScan: 2, autoNextScanDelay: 1,
    blockCameraScan: false, blockManualScan: false, questions: [], specialized: type ? { type: type as 'ab-barcode-matching', options } : null,
  };
}

const result = (status: 0 | 1, outcome: Record<string, string>): ScanResult => ({ clientScanId: 'c', scanId: 5, status, text: 'Mismatch: B differs from A.', textKind: 'text', duplicate: false, followUpQuestionIds: [], replayed: false, outcome });

describe('A/B matching on the scanner', () => {
  it('reads the options of an A/B instance only', () => {
    expect(abOptions(service(null))).toBeNull();
    expect(abOptions(service('check-in-out', { direction: 'fast' }))).toBeNull();
    expect(abOptions(service('ab-barcode-matching', { ab: { rule: 'suffix', reasonRequired: true } }))).toMatchObject({ rule: 'suffix', reasonRequired: true, caseSensitive: true });
    // Unreadable options fall back to the defaults (equal, no reason).
    expect(abOptions(service('ab-barcode-matching', { ab: { rule: 'sideways' } }))).toMatchObject({ rule: 'equal', reasonRequired: false });
  });

  it('judges on the device with the shared rule; the database rule is left to the server', () => {
    const opts = abOptions(service('ab-barcode-matching', { ab: { rule: 'equal', reasonRequired: true } }))!;
    expect(needsReason(opts, localVerdict(opts, 'A1', 'A1'))).toBe(false);
    expect(needsReason(opts, localVerdict(opts, 'A1', 'A2'))).toBe(true);
    const db = abOptions(service('ab-barcode-matching', { ab: { rule: 'database', reasonRequired: true } }))!;
    expect(localVerdict(db, 'A1', 'B1').result).toBe('unknown');
    expect(needsReason(db, localVerdict(db, 'A1', 'B1'))).toBe(false);
  });

  it('sends B and a given reason as properties', () => {
    expect(abProperties(' B-1 ', null)).toEqual({ ab_b: 'B-1' });
    expect(abProperties('B-1', '  torn label ')).toEqual({ ab_b: 'B-1', ab_reason: 'torn label' });
    expect(abProperties('B-1', ' ')).toEqual({ ab_b: 'B-1' });
  });

  it('shows MATCH or MISMATCH with both values, from the server or, offline, from the device', () => {
    const outcome = { kind: 'result' as const, result: result(0, { ab_a: 'A1', ab_b: 'A2', ab_result: 'mismatch' }) };
    expect(abResultView(resultView('A1', outcome), outcome, 'A1', 'A2', { result: 'mismatch', detail: 'B differs from A' })).toMatchObject({ tone: 'invalid', title: 'MISMATCH', pair: { a: 'A1', b: 'A2' } });
    const queued = { kind: 'queued' as const, reason: 'offline' as const };
    const offline = abResultView(resultView('A1', queued), queued, 'A1', 'A1', { result: 'match', detail: 'B equals A' });
    expect(offline).toMatchObject({ tone: 'valid', title: 'MATCH', pair: { a: 'A1', b: 'A1' } });
    expect(offline.text).toMatch(/^B equals A\. Judged on this device; no connection/);
    // The database rule offline: saved, judged on sync.
    expect(abResultView(resultView('A1', queued), queued, 'A1', 'B', { result: 'unknown', detail: '' })).toMatchObject({ tone: 'neutral', title: 'Saved, will sync' });
  });
});
