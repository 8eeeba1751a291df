import type { ScanResult } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { V2Error } from '../../api/v2-client';
import { resultView } from '../scanner/result-view';
import type { SubmitOutcome } from '../scanner/scan-submit';
import { helpSections, sectionOfHash } from './help-sections';
import { installPlatform, scannerAddress } from './install-platform';
import { resultLegend } from './result-legend';

describe('sectionOfHash', () => {
  it('names a section by its fragment, with or without #, in any case', () => {
    expect(sectionOfHash('#camera')).toBe('camera');
    expect(sectionOfHash('camera')).toBe('camera');
    expect(sectionOfHash('#Hardware-Scanners')).toBe('hardware-scanners');
    expect(sectionOfHash('#%72esults')).toBe('results');
  });

  it('is null for an empty, unknown or broken fragment', () => {
    expect(sectionOfHash('')).toBeNull();
    expect(sectionOfHash('#nothing')).toBeNull();
    expect(sectionOfHash('#%E0%A4%A')).toBeNull();
  });

  it('every section has a distinct id', () => {
    expect(new Set(helpSections.map((section) => section.id)).size).toBe(helpSections.length);
  });
});

describe('resultLegend', () => {
  const base: ScanResult = { clientScanId: 'c', scanId: 1, status: 1, text: '', textKind: 'text', duplicate: false, followUpQuestionIds: [], replayed: false };
  const outcomes: Record<string, SubmitOutcome> = {
    Valid: { kind: 'result', result: { ...base, status: 1 } },
    Invalid: { kind: 'result', result: { ...base, status: 0 } },
    'Invalid: duplicate': { kind: 'result', result: { ...base, status: 0, duplicate: true } },
    Recorded: { kind: 'result', result: { ...base, status: -1 } },
    'Saved, will sync': { kind: 'queued', reason: 'offline' },
    'Sign in again': { kind: 'signed-out' },
    'Not sent': { kind: 'refused', error: new V2Error('FORBIDDEN', 'You may not use this service.', 403) },
  };

  it('explains every result the scanner shows, with its headline and tone', () => {
    expect(resultLegend.map((entry) => entry.title).sort()).toEqual(Object.keys(outcomes).sort());
    for (const entry of resultLegend) {
      const view = resultView('X', outcomes[entry.title]!);
      expect({ title: view.title, tone: view.tone }).toEqual({ title: entry.title, tone: entry.tone });
    }
  });

  it('the on-device queue shows the same headline', () => {
    expect(resultView('X', { kind: 'queued', reason: 'on-device' }).title).toBe('Saved, will sync');
  });
});

describe('installPlatform', () => {
  it('tells iPhone, iPad (also as Macintosh with touch), Android and the rest apart', () => {
    expect(installPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios');
    expect(installPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 5)).toBe('ios');
    expect(installPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 0)).toBe('desktop');
    expect(installPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile')).toBe('android');
    expect(installPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe('desktop');
  });

  it('gives the scanner address of this server', () => {
    expect(scannerAddress('https://scan.example.com')).toBe('https://scan.example.com/scanner');
    expect(scannerAddress('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/scanner');
  });
});
