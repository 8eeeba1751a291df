import { describe, expect, it } from 'vitest';
import { autofillBody, describeRule, outcomeOf, ruleFormOf, settingsOfForm } from './ticket-form';

describe('scan tickets forms', () => {
  it('turns stored settings into a form and back, with defaults', () => {
    const form = ruleFormOf({ entryRule: 'per-day', maxEntries: 3 });
    expect(form).toEqual({ entryRule: 'per-day', maxEntries: '3', validText: '', duplicateText: '', unknownText: '' });
    expect(settingsOfForm({ ...form, validText: ' Welcome ' }).settings).toEqual({ entryRule: 'per-day', maxEntries: 3, validText: 'Welcome', duplicateText: '', unknownText: '' });
    expect(ruleFormOf({ entryRule: 'nonsense' }).entryRule).toBe('single');
  });

  it('names the field of a bad number, and ignores the number for rules without one', () => {
    expect(settingsOfForm({ ...ruleFormOf({}), entryRule: 'total', maxEntries: 'two' }).issues).toEqual([{ path: 'settings.maxEntries', message: 'Enter a whole number of entries' }]);
    expect(settingsOfForm({ ...ruleFormOf({}), entryRule: 'total', maxEntries: '0' }).issues[0]?.path).toBe('settings.maxEntries');
    expect(settingsOfForm({ ...ruleFormOf({}), entryRule: 'single', maxEntries: 'x' }).settings?.entryRule).toBe('single');
  });

  it('describes rules and reads outcomes', () => {
    expect(describeRule({ entryRule: 'total', maxEntries: 1 })).toBe('At most 1 entry per ticket in total.');
    expect(describeRule({ entryRule: 'per-day', maxEntries: 2 })).toBe('At most 2 entries per ticket per day.');
    expect(outcomeOf({ ticket: 'duplicate' })).toBe('duplicate');
    expect(outcomeOf({ ticket: 'other' })).toBeNull();
  });

  it('checks auto-fill: count and a length that cannot be guessed', () => {
    expect(autofillBody(4, { count: '100', length: '12', prefix: ' TK-' }).body).toEqual({ id: 4, count: 100, mode: 'random', length: 12, prefix: 'TK-' });
    expect(autofillBody(4, { count: '0', length: '4', prefix: '' }).issues).toEqual({ count: 'Enter a number from 1 to 100,000', length: 'Use 8 to 64 characters: shorter codes can be guessed' });
  });
});
