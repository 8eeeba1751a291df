import { describe, expect, it } from 'vitest';
import { formFromSettings, settingsChanges, settingsProblems, timezoneBehaviors } from './settings-form';

const stored = { timezoneBehavior: 2, adminEmail: '', databaseCount: 3, timezone: 'UTC', requireTwoFactor: false };

describe('settings form', () => {
  it('sends only what changed', () => {
    const form = formFromSettings(stored);
    expect(settingsChanges(form, stored)).toEqual({});
    expect(settingsChanges({ ...form, timezoneBehavior: 3, adminEmail: ' ops@example.com ' }, stored)).toEqual({ timezoneBehavior: 3, adminEmail: 'ops@example.com' });
    expect(settingsChanges({ ...form, timezone: 'Europe/Paris' }, stored)).toEqual({ timezone: 'Europe/Paris' });
  });

  it('puts problems on their fields; an empty admin email is fine', () => {
    expect(settingsProblems(formFromSettings(stored))).toEqual({});
    const problems = settingsProblems({ timezoneBehavior: 2, adminEmail: 'nope', timezone: '' });
    expect(problems.adminEmail).toMatch(/valid email/);
    expect(problems.timezone).toBe('Choose a time zone.');
    expect(problems.timezoneBehavior).toBeUndefined();
  });

  it('explains every timezoneBehavior the contract allows, with 2 as the default', () => {
    expect(timezoneBehaviors.map((choice) => choice.value)).toEqual([1, 2, 3]);
    expect(timezoneBehaviors.find((choice) => choice.value === 2)?.label).toMatch(/default/);
  });
});
