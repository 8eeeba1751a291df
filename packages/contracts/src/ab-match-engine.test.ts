import { describe, expect, it } from 'vitest';
import { AB_SUBJECT_MAX, abMatch, gs1Element } from './ab-match-engine.js';
import { abMatchingSettings, patternIssue, type AbMatchingSettings } from './ab-matching.js';

const rule = (s: Partial<AbMatchingSettings>): AbMatchingSettings => abMatchingSettings.parse(s);
const GS = String.fromCharCode(29);

describe('abMatch', () => {
  it('equal: case sensitive by default, optionally not; values are trimmed', () => {
    expect(abMatch(rule({}), 'PAL-001', ' PAL-001 ').result).toBe('match');
    expect(abMatch(rule({}), 'PAL-001', 'pal-001').result).toBe('mismatch');
    expect(abMatch(rule({ caseSensitive: false }), 'PAL-001', 'pal-001').result).toBe('match');
    expect(abMatch(rule({}), 'PAL-001', '').result).toBe('mismatch');
  });

  it("database: B equals A's response; unknown without the response (the server decides)", () => {
    expect(abMatch(rule({ rule: 'database' }), 'PAL-001', 'SHIP-9', 'SHIP-9').result).toBe('match');
    expect(abMatch(rule({ rule: 'database' }), 'PAL-001', 'SHIP-8', 'SHIP-9')).toEqual({ result: 'mismatch', detail: "B differs from A's response SHIP-9" });
    expect(abMatch(rule({ rule: 'database' }), 'PAL-001', 'SHIP-9', '').result).toBe('mismatch');
    expect(abMatch(rule({ rule: 'database' }), 'PAL-001', 'SHIP-9').result).toBe('unknown');
  });

  it('prefix, suffix and contains compare B with A', () => {
    expect(abMatch(rule({ rule: 'prefix' }), '4711', '4711-0003').result).toBe('match');
    expect(abMatch(rule({ rule: 'prefix' }), '4711', '0003-4711').result).toBe('mismatch');
    expect(abMatch(rule({ rule: 'suffix' }), '4711', '0003-4711').result).toBe('match');
    expect(abMatch(rule({ rule: 'suffix' }), '4711', '4711-0003').result).toBe('mismatch');
    expect(abMatch(rule({ rule: 'contains' }), '4711', 'X-4711-Y').result).toBe('match');
    expect(abMatch(rule({ rule: 'contains', caseSensitive: false }), 'ab', 'xABy').result).toBe('match');
    expect(abMatch(rule({ rule: 'contains' }), '4712', 'X-4711-Y').result).toBe('mismatch');
  });

  it('regex: the chosen group of A and of B are compared', () => {
    const r = rule({ rule: 'regex', pattern: '^(\\d{6})-(\\w+)$', group: 1 });
    expect(abMatch(r, '123456-PALLET', '123456-SHIP')).toEqual({ result: 'match', detail: 'Both have 123456' });
    expect(abMatch(r, '123456-PALLET', '654321-SHIP')).toEqual({ result: 'mismatch', detail: 'A has 123456, B has 654321' });
    expect(abMatch(r, 'nope', '123456-SHIP')).toEqual({ result: 'mismatch', detail: 'The pattern does not match A' });
    expect(abMatch({ ...r, group: 2 }, '1-X', '2-X').result).toBe('mismatch');
    expect(abMatch({ ...r, group: 2 }, '111111-X', '222222-X').result).toBe('match');
    expect(abMatch({ ...r, group: 0 }, '111111-X', '111111-X').result).toBe('match');
  });

  it('regex: values longer than the cap never match', () => {
    const r = rule({ rule: 'regex', pattern: '^(a+)$', group: 1 });
    const long = 'a'.repeat(AB_SUBJECT_MAX + 1);
    expect(abMatch(r, long, long).result).toBe('mismatch');
    expect(abMatch(r, 'a'.repeat(AB_SUBJECT_MAX), 'a'.repeat(AB_SUBJECT_MAX)).result).toBe('match');
  });

  it('gs1: the GTIN (AI 01) is equal whatever the order and form of the elements', () => {
    const r = rule({ rule: 'gs1' });
    // Pallet label (scanned form, FNC1 as GS) and shipping label (human readable form, other order, other batch).
    const a = `]C10104012345678901${'10'}LOT1${GS}17261230`;
    const b = '(17)270101(10)LOT2(01)04012345678901';
    expect(abMatch(r, a, b)).toEqual({ result: 'match', detail: 'Both have (01) 04012345678901' });
    expect(abMatch(r, a, '(01)04012345678918(10)LOT1').result).toBe('mismatch');
    expect(abMatch(r, a, 'not a gs1 code')).toEqual({ result: 'mismatch', detail: 'B has no GS1 element (01)' });
    expect(abMatch(rule({ rule: 'gs1', ai: '10' }), a, '(01)04012345678918(10)LOT1')).toEqual({ result: 'match', detail: 'Both have (10) LOT1' });
  });

  it('gs1Element reads the raw text of an element (a date as its digits)', () => {
    expect(gs1Element('(01)04012345678901(17)261230', '17')).toBe('261230');
    expect(gs1Element('(01)04012345678901', '10')).toBeNull();
    expect(gs1Element('', '01')).toBeNull();
  });
});

describe('patternIssue', () => {
  it('accepts ordinary patterns', () => {
    expect(patternIssue('^(\\d{6})', 1)).toBeNull();
    expect(patternIssue('^[A-Z]{2}(\\d+)-(?:X|Y)$', 1)).toBeNull();
    expect(patternIssue('(ab)+', 1)).toBeNull();
  });

  it('refuses bad and catastrophic patterns', () => {
    expect(patternIssue('', 1)).toBe('Enter a pattern');
    expect(patternIssue('(abc', 1)).toMatch(/^Not a valid pattern/);
    expect(patternIssue('(a+)+$', 1)).toMatch(/repeated group/);
    expect(patternIssue('^(a|aa)*$', 1)).toMatch(/repeated group/);
    expect(patternIssue('((a)*)*', 1)).toMatch(/repeated group/);
    expect(patternIssue('(\\w+)\\1', 1)).toMatch(/Backreferences/);
    expect(patternIssue('a*b*c*d*(e)', 1)).toMatch(/three open-ended/);
    expect(patternIssue('^\\d+$', 1)).toMatch(/no group/);
    expect(patternIssue('^(\\d)(\\d)$', 3)).toMatch(/2 groups/);
    expect(patternIssue('x'.repeat(201), 0)).toMatch(/At most 200/);
  });

  it('the settings schema refuses a bad pattern only for the regex rule', () => {
    expect(abMatchingSettings.safeParse({ rule: 'regex', pattern: '(a+)+' }).success).toBe(false);
    expect(abMatchingSettings.safeParse({ rule: 'equal', pattern: '(a+)+' }).success).toBe(true);
  });
});
