import { describe, expect, it } from 'vitest';
import { rangeLabel, totalText } from './page-range';

describe('page range', () => {
  it('writes the rows of a page with the total', () => {
    expect(rangeLabel(1, 50, 1_234_567)).toBe('1–50 of 1,234,567');
    expect(rangeLabel(3, 50, 120)).toBe('101–120 of 120');
    expect(rangeLabel(1, 50, 0)).toBe('0 of 0');
    expect(totalText(10_000)).toBe('10,000');
  });

  it('marks a total the server stopped counting at, and a page past it', () => {
    expect(rangeLabel(1, 50, 10_000, false)).toBe('1–50 of 10,000+');
    expect(rangeLabel(200, 50, 10_000, false)).toBe('9,951–10,000 of 10,000+');
    expect(rangeLabel(201, 50, 10_000, false)).toBe('10,001–10,050 of more');
    expect(totalText(10_000, false)).toBe('10,000+');
  });
});
