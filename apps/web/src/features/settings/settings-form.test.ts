import { describe, expect, it } from 'vitest';
import { formFromSettings, settingsChanges, settingsProblems, timezoneBehaviors } from './settings-form';

const stored = {
  companyName: 'Quay Stores',
  companyAddress: '',
  companyPhone: '',
  dateFormat: 'd MMM yyyy' as const,
  timeFormat: '24h' as const,
  scanRetentionDays: null,
  retention: null,
  timezoneBehavior: 2,
  adminEmail: '',
  databaseCount: 3,
  timezone: 'UTC',
  requireTwoFactor: false,
};

describe('settings form', () => {
  it('sends only what changed', () => {
    const form = formFromSettings(stored);
    expect(settingsChanges(form, stored)).toEqual({});
    expect(settingsChanges({ ...form, timezoneBehavior: 3, adminEmail: ' ops@example.com ' }, stored)).toEqual({ timezoneBehavior: 3, adminEmail: 'ops@example.com' });
    expect(settingsChanges({ ...form, timezone: 'Europe/Paris' }, stored)).toEqual({ timezone: 'Europe/Paris' });
  });

  it('puts problems on their fields; an empty admin email is fine', () => {
    expect(settingsProblems(formFromSettings(stored))).toEqual({});
    const problems = settingsProblems({ ...formFromSettings(stored), adminEmail: 'nope', timezone: '' });
    expect(problems.adminEmail).toMatch(/valid email/);
    expect(problems.timezone).toBe('Choose a time zone.');
    expect(problems.timezoneBehavior).toBeUndefined();
  });

  it('explains every timezoneBehavior the contract allows, with 2 as the default', () => {
    expect(timezoneBehaviors.map((choice) => choice.value)).toEqual([1, 2, 3]);
    expect(timezoneBehaviors.find((choice) => choice.value === 2)?.label).toMatch(/default/);
  });

  it('sends company details, formats and the retention; a retention must be 1 to 3650 days or for ever', () => {
    const form = formFromSettings(stored);
    expect(form).toMatchObject({ keepForever: true, retention: '' });
    expect(settingsChanges({ ...form, companyName: ' Quay Two ', dateFormat: 'yyyy-MM-dd', timeFormat: '12h' }, stored)).toEqual({ companyName: 'Quay Two', dateFormat: 'yyyy-MM-dd', timeFormat: '12h' });
    expect(settingsChanges({ ...form, keepForever: false, retention: '90' }, stored)).toEqual({ scanRetentionDays: 90 });
    expect(settingsChanges({ ...formFromSettings({ ...stored, scanRetentionDays: 90 }), keepForever: true }, { ...stored, scanRetentionDays: 90 })).toEqual({ scanRetentionDays: null });
    expect(settingsProblems({ ...form, keepForever: false, retention: '0' }).retention).toMatch(/from 1 to 3650/);
    expect(settingsProblems({ ...form, keepForever: false, retention: 'ten' }).retention).toMatch(/from 1 to 3650/);
    expect(settingsProblems({ ...form, companyName: ' ' }).companyName).toBe('Enter the company name.');
  });
});
