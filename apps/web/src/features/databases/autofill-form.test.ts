import { describe, expect, it } from 'vitest';
import { autofillBody, autofillExamples, defaultAutofillForm, randomCapacity } from './autofill-form';
import { formatMatchCount, plural } from './value-count';

describe('autofill form', () => {
  it('builds the autofill body with the contract schema', () => {
    expect(autofillBody(3, { ...defaultAutofillForm, count: '10', prefix: 'TK-', length: '4', start: '5' }).body).toEqual({
      id: 3, count: 10, mode: 'sequential', prefix: 'TK-', length: 4, start: 5, response: '', validity: 1,
    });
    expect(autofillBody(3, { ...defaultAutofillForm, mode: 'random', start: 'x', valid: false }).body).toMatchObject({ mode: 'random', start: 1, validity: 0 });
  });

  it('names the field of each problem', () => {
    expect(autofillBody(1, { ...defaultAutofillForm, count: '', length: 'a' }).issues.map((issue) => issue.path)).toEqual(['count', 'length']);
    expect(autofillBody(1, { ...defaultAutofillForm, count: '0' }).issues[0]?.path).toBe('count');
    expect(autofillBody(1, { ...defaultAutofillForm, count: '200000' }).issues[0]?.path).toBe('count');
    expect(autofillBody(1, { ...defaultAutofillForm, length: '65' }).issues[0]?.path).toBe('length');
  });

  it('refuses random values too short to be different', () => {
    expect(randomCapacity(2)).toBe(1024);
    expect(autofillBody(1, { ...defaultAutofillForm, mode: 'random', count: '600', length: '2' }).issues[0]).toMatchObject({ path: 'length' });
    expect(autofillBody(1, { ...defaultAutofillForm, mode: 'random', count: '500', length: '2' }).body).not.toBeNull();
  });

  it('shows examples of the values', () => {
    expect(autofillExamples({ ...defaultAutofillForm, count: '10', prefix: 'A-', length: '3', start: '1' })).toEqual(['A-001', 'A-002', '…', 'A-010']);
    expect(autofillExamples({ ...defaultAutofillForm, count: '1', length: '2', start: '7' })).toEqual(['07']);
    expect(autofillExamples({ ...defaultAutofillForm, mode: 'random', prefix: 'R', length: '5' })[0]).toMatch(/^R[A-Z2-9]{5}$/);
    expect(autofillExamples({ ...defaultAutofillForm, start: '' })).toEqual([]);
  });
});

describe('counts', () => {
  it('marks a capped match count', () => {
    expect(formatMatchCount(10000, true)).toBe('10,000+');
    expect(formatMatchCount(42, false)).toBe('42');
    expect(plural(1, 'value')).toBe('1 value');
    expect(plural(12000, 'value')).toBe('12,000 values');
  });
});
