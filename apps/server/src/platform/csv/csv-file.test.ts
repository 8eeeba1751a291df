import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFile, csvLine, safeCell } from './csv-file.js';

describe('CSV exports', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1+2', `'+1+2`],
    ['-5', `'-5`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['TICKET-1', 'TICKET-1'],
    [42, '42'],
    [null, ''],
  ])('writes %j as %j', (input, expected) => {
    expect(safeCell(input)).toBe(expected);
  });

  it('writes a UTF-8 BOM, a header and quoted cells that parse back', () => {
    const file = csvFile(['value', 'response'], [['A,1', 'Café "VIP"'], ['=cmd', 'ok']]);
    expect(file.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(parse(file.subarray(3).toString())).toEqual([
      ['value', 'response'],
      ['A,1', 'Café "VIP"'],
      ["'=cmd", 'ok'],
    ]);
  });

  it('quotes cells with a bare line feed or carriage return, so a multi-line response stays one row', () => {
    const text = csvLine(['Row 14\nSeat 3', 'a\rb', 'plain']) + csvLine(['next', '', '']);
    expect(parse(text)).toEqual([
      ['Row 14\nSeat 3', 'a\rb', 'plain'],
      ['next', '', ''],
    ]);
  });
});
