import { describe, expect, it } from 'vitest';
import { checkColumns, columnChoices, columnKey, columnSource, moveColumn } from './sheet-columns';

describe('sheet columns', () => {
  it('offers the fields, GPS, the questions and the properties (gps_location as the two GPS columns)', () => {
    const choices = columnChoices([{ questionId: 7, text: 'Pallets' }], ['dock', 'gps_location']);
    expect(choices.map((c) => c.label)).toEqual([
      'Barcode value', 'Scan time (account time zone)', 'User', 'Device', 'Status', 'Response', 'GPS latitude', 'GPS longitude', 'Answer: Pallets', 'Property: dock',
    ]);
    expect(choices.map((c) => c.column.header)).toContain('Pallets');
    expect(new Set(choices.map((c) => c.key)).size).toBe(choices.length);
  });

  it('moves a column up and down, staying in the list', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('names a removed question, and keys columns by their source', () => {
    expect(columnSource({ kind: 'question', questionId: 9, header: 'X' }, new Map())).toBe('Answer: question 9 (removed)');
    expect(columnKey({ kind: 'property', name: 'dock', header: 'Dock' })).toBe('property:dock');
  });

  it('checks the columns with the server schema: an empty header or no column is refused', () => {
    expect(checkColumns([{ kind: 'field', field: 'value', header: 'Code' }], 'yyyy-MM-dd').settings).toEqual({ columns: [{ kind: 'field', field: 'value', header: 'Code' }], dateFormat: 'yyyy-MM-dd' });
    expect(checkColumns([{ kind: 'field', field: 'value', header: ' ' }], 'yyyy-MM-dd').issues).toEqual({ 'columns.0.header': 'Give the column a header' });
    expect(checkColumns([], 'yyyy-MM-dd').issues).toEqual({ columns: 'Choose at least one column' });
  });
});
