import { describe, expect, it } from 'vitest';
import { formatMs, gapsOf, isScannerBurst, readingOf, type Stroke } from './wedge-test';

/** The keys of `text` starting at `start` ms, `gap` ms apart, then the suffix `gap` ms later (unless null). */
function strokes(text: string, gap: number, suffix: 'Enter' | 'Tab' | null = 'Enter', start = 1000): Stroke[] {
  const keys = [...text].map((key, index) => ({ key, at: start + index * gap }));
  return suffix ? [...keys, { key: suffix, at: start + text.length * gap }] : keys;
}

describe('readingOf', () => {
  it('a fast burst ending in Enter is a scanner with an Enter suffix', () => {
    const reading = readingOf(1, 'TICKET-0042', strokes('TICKET-0042', 4), 'Enter');
    expect(reading).toMatchObject({ kind: 'scanner', verdict: 'Scanner, with Enter suffix', length: 11, suffix: 'Enter', totalMs: 44, averageGapMs: 4, longestGapMs: 4 });
  });

  it('a Tab suffix is taken too, with the caveat of the "Type a code" box', () => {
    const reading = readingOf(1, 'ABC123', strokes('ABC123', 3, 'Tab'), 'Tab');
    expect(reading.kind).toBe('scanner');
    expect(reading.verdict).toBe('Scanner, with Tab suffix');
    expect(reading.advice).toContain('Type a code');
  });

  it('Shift before capitals neither adds to nor breaks the burst', () => {
    const keys: Stroke[] = [
      { key: 'Shift', at: 0 },
      { key: 'A', at: 2 },
      { key: 'Shift', at: 4 },
      { key: 'B', at: 6 },
      { key: '1', at: 8 },
      { key: 'Enter', at: 10 },
    ];
    expect(readingOf(1, 'AB1', keys, 'Enter').kind).toBe('scanner');
  });

  it('slow keys ending in Enter are typed by hand', () => {
    const reading = readingOf(2, 'HELLO', strokes('HELLO', 180), 'Enter');
    expect(reading).toMatchObject({ kind: 'typed', verdict: 'Typed by hand', totalMs: 900, longestGapMs: 180 });
  });

  it('a fast burst with one long pause is a scanner that is too slow between characters', () => {
    const keys = strokes('CODE128', 5);
    keys[4] = { ...keys[4]!, at: keys[4]!.at + 120 };
    for (let i = 5; i < keys.length; i += 1) keys[i] = { ...keys[i]!, at: keys[i]!.at + 120 };
    const reading = readingOf(3, 'CODE128', keys, 'Enter');
    expect(reading.kind).toBe('gaps');
    expect(reading.longestGapMs).toBe(125);
    expect(reading.advice).toContain('125 ms');
    expect(reading.advice).toContain('would take only "128"');
  });

  it('an Enter that comes late after a fast burst is also too slow', () => {
    const keys = strokes('CODE128', 5, null);
    keys.push({ key: 'Enter', at: keys[keys.length - 1]!.at + 200 });
    expect(readingOf(3, 'CODE128', keys, 'Enter').kind).toBe('gaps');
  });

  it('a fast code under three characters is too short', () => {
    expect(readingOf(4, 'AB', strokes('AB', 5), 'Enter').kind).toBe('too-short');
  });

  it('a burst that stopped without a suffix asks for Enter to be configured', () => {
    const reading = readingOf(5, 'TICKET-0042', strokes('TICKET-0042', 4, null), null);
    expect(reading).toMatchObject({ kind: 'no-suffix', suffix: null, totalMs: 40 });
    expect(reading.verdict).toBe('Scanner, but no Enter suffix: configure it');
  });

  it('keys a phone keyboard does not name (Unidentified) read as typed', () => {
    const keys: Stroke[] = [...'ABC'].map((_, index) => ({ key: 'Unidentified', at: index * 240 }));
    keys.push({ key: 'Enter', at: 900 });
    expect(readingOf(6, 'ABC', keys, 'Enter').kind).toBe('typed');
  });

  it('a single key has no gaps', () => {
    const reading = readingOf(7, 'X', [{ key: 'Enter', at: 5 }], 'Enter');
    expect(reading).toMatchObject({ averageGapMs: null, longestGapMs: null, totalMs: 0, kind: 'typed' });
  });
});

describe('isScannerBurst', () => {
  it('is true for a fast run of three or more characters', () => {
    expect(isScannerBurst(strokes('ABC', 5, null))).toBe(true);
  });

  it('is false when too short, too slow, or when slow typing came first', () => {
    expect(isScannerBurst(strokes('AB', 5, null))).toBe(false);
    expect(isScannerBurst(strokes('ABCD', 120, null))).toBe(false);
    expect(isScannerBurst([{ key: 'x', at: 0 }, ...strokes('ABCD', 5, null, 500)])).toBe(false);
  });
});

describe('gapsOf and formatMs', () => {
  it('gives the pauses between keys and words for them', () => {
    expect(gapsOf([{ key: 'a', at: 1 }, { key: 'b', at: 4 }, { key: 'c', at: 10 }])).toEqual([3, 6]);
    expect(formatMs(4.4)).toBe('4 ms');
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(2300)).toBe('2.3 s');
  });
});
