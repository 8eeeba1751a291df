import { describe, expect, it } from 'vitest';
import { columnLabel, columnLetter, guessMapping, importBody, looksLikeHeader, mappingIssues, readPreviewRow, standardMapping, type MappingForm } from './import-mapping';

const csv = (rows: string[][]) => ({ format: 'csv' as const, rows, columns: Math.max(...rows.map((row) => row.length)) });

describe('import mapping defaults', () => {
  it('assumes value, response, validity without a header, validity only for a 0/1 column', () => {
    expect(guessMapping(csv([['T-1', 'Welcome', '1'], ['T-2', 'Hi', '0']]))).toEqual({ value: 0, response: 1, validity: 2, hasHeader: false, trim: true, onError: 'skip' });
    expect(guessMapping(csv([['T-1', 'Welcome', 'Row 3'], ['T-2', 'Hi', 'Row 4']])).validity).toBe('none');
    expect(guessMapping(csv([['T-1'], ['T-2']]))).toMatchObject({ value: 0, response: 'none', validity: 'none' });
  });

  it('finds the columns of a header row by their names, in any order', () => {
    expect(guessMapping(csv([['Status', 'Guest name', 'Ticket code'], ['1', 'Ann', 'A-1']]))).toMatchObject({ hasHeader: true, value: 2, response: 1, validity: 0 });
    const named = guessMapping(csv([['Valid', 'Name', 'Barcode'], ['1', 'Ann', 'A-1']]));
    expect(named).toMatchObject({ hasHeader: true, value: 2, response: 1, validity: 0 });
    expect(guessMapping(csv([['value', 'response'], ['A-1', 'x']]))).toMatchObject({ hasHeader: true, value: 0, response: 1, validity: 'none' });
  });

  it('recognises header rows by usual column names only', () => {
    expect(looksLikeHeader([['Barcode', 'Info']])).toBe(true);
    expect(looksLikeHeader([['ABC-123', 'Info for ABC']])).toBe(false);
    expect(looksLikeHeader([])).toBe(false);
  });

  it('the standard record upload reads value, response, validity and skips its own header', () => {
    expect(standardMapping([['value', 'response', 'validity'], ['A', '', '1']])).toMatchObject({ value: 0, response: 1, validity: 2, hasHeader: true });
    expect(standardMapping([['A', '', '1']]).hasHeader).toBe(false);
  });
});

describe('mapping checks and body', () => {
  const form: MappingForm = { value: 1, response: 0, validity: 'none', hasHeader: true, trim: true, onError: 'abort' };

  it('refuses one column for two things', () => {
    expect(mappingIssues({ ...form, response: 1 })).toEqual({ response: 'This column already holds the value' });
    expect(mappingIssues({ ...form, validity: 0 }).validity).toMatch(/already holds/);
    expect(mappingIssues(form)).toEqual({});
  });

  it('builds the import-start parameters with nulls for columns that are not in the file', () => {
    expect(importBody(7, form)).toEqual({ id: 7, columns: { value: 1, response: 0, validity: null }, hasHeader: true, trim: true, onError: 'abort' });
  });

  it('shows how a row will be read: only 0 is invalid, an empty value is rejected', () => {
    const withValidity: MappingForm = { ...form, validity: 2 };
    expect(readPreviewRow(['Hello', ' A-1 ', '0'], withValidity)).toEqual({ value: 'A-1', response: 'Hello', valid: false, problem: null });
    expect(readPreviewRow(['Hello', 'A-1', 'yes'], withValidity).valid).toBe(true);
    expect(readPreviewRow(['Hello', '  '], form).problem).toMatch(/Empty value/);
    expect(readPreviewRow(['Hello', '  '], { ...form, trim: false }).problem).toBeNull();
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(columnLabel(1, ['Code', ' Name '])).toBe('Column B · Name');
    expect(columnLabel(3, ['Code'])).toBe('Column D');
    expect(columnLabel(0, null)).toBe('Column A');
  });
});
