import { describe, expect, it } from 'vitest';
import { checkLabelForm, defaultLabelForm, firstLabelValue, labelCount, labelFormFromInputs, rangeEnds } from './label-form';

describe('label form', () => {
  it('builds a values body with the contract schema, ignoring blank lines', () => {
    const checked = checkLabelForm({ ...defaultLabelForm, values: ' A-1 \n\nA-2\n', copies: '2' });
    expect(checked.body).toMatchObject({ values: ['A-1', 'A-2'], copies: 2, layout: 'avery-l7160', symbology: 'qrcode', showValue: true, skip: 0 });
    expect(labelCount({ ...defaultLabelForm, values: 'A\nB', copies: '3' })).toBe(6);
  });

  it('reports problems by the paths the server uses', () => {
    const empty = checkLabelForm(defaultLabelForm);
    expect(empty.issues.map((issue) => issue.path)).toContain('values');
    const range = checkLabelForm({ ...defaultLabelForm, source: 'range', start: '10', end: '2', copies: '0' });
    const paths = range.issues.map((issue) => issue.path);
    expect(paths).toContain('range.end');
    expect(paths).toContain('copies');
    expect(checkLabelForm({ ...defaultLabelForm, source: 'range', start: '1', end: '' }).issues.map((issue) => issue.path)).toContain('range.end');
    expect(checkLabelForm({ ...defaultLabelForm, source: 'range', start: '1', end: '20000' }).issues[0]?.message).toMatch(/At most 10,000 labels/);
  });

  it('shows the first and last value of a range and round-trips stored inputs', () => {
    const form = { ...defaultLabelForm, source: 'range' as const, prefix: 'B-', start: '7', end: '12', padding: '4' };
    expect(firstLabelValue(form)).toBe('B-0007');
    expect(rangeEnds(form)).toEqual({ first: 'B-0007', last: 'B-0012' });
    const body = checkLabelForm(form).body;
    expect(body).not.toBeNull();
    expect(labelFormFromInputs(body ?? {})).toMatchObject({ source: 'range', prefix: 'B-', start: '7', end: '12', padding: '4' });
  });
});
