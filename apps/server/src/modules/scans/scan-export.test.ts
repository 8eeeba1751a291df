import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine, safeCell } from '../../platform/csv/csv-file.js';
import { csvRow } from './scan-export.js';

describe('export CSV lines', () => {
  it('are the text csvLine writes, formula cells neutralised', () => {
    const rows: unknown[][] = [
      [1, 'plain', '', 'a,b', 'say "hi"', '=1+1', '+1', '-1', '@SUM', '\tx', -5, 'ünï ✓', null, undefined],
      ['', '', ''],
      ['"', ','],
    ];
    for (const row of rows) expect(csvRow(row)).toBe(csvLine(row));
  });

  it('quote cells with line breaks, so they read back as one cell', () => {
    const row = ['two\nlines', 'cr\r', 'both\r\n', '\rstart'];
    expect(parse(csvRow(row), { record_delimiter: '\r\n' })).toEqual([row.map(safeCell)]);
  });
});
