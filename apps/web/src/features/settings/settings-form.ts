import type { AccountSettings } from '@scanbase/contracts/settings';
import type { SettingsChanges } from './hooks/useUpdateSettings';

/** The three ways times are shown (`timezoneBehavior`; 2 is the default), in words. */
export const timezoneBehaviors: readonly { value: number; label: string; hint: string }[] = [
  { value: 1, label: 'The account’s time zone', hint: 'Every time is shown in the time zone chosen above, wherever the scan was made.' },
  { value: 2, label: 'Each scan’s own time zone (default)', hint: 'A scan’s time is shown as the clock read where it was made, as the scanner reported its zone.' },
  { value: 3, label: 'The viewer’s time zone', hint: 'Times are shown in the time zone of the browser of whoever is looking.' },
];

export type SettingsForm = { timezoneBehavior: number; adminEmail: string; timezone: string };

/** The form's starting values from the stored settings. */
export function formFromSettings(settings: AccountSettings): SettingsForm {
  return { timezoneBehavior: settings.timezoneBehavior, adminEmail: settings.adminEmail, timezone: settings.timezone };
}

/** Problems the form can see before sending, by field. */
export function settingsProblems(form: SettingsForm): Partial<Record<keyof SettingsForm, string>> {
  const problems: Partial<Record<keyof SettingsForm, string>> = {};
  const email = form.adminEmail.trim();
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) problems.adminEmail = 'Enter a valid email address, like name@example.com, or leave it empty.';
  if (!form.timezone) problems.timezone = 'Choose a time zone.';
  if (![1, 2, 3].includes(form.timezoneBehavior)) problems.timezoneBehavior = 'Choose how times are shown.';
  return problems;
}

/** Only what changed, as the `settings/update` body. */
export function settingsChanges(form: SettingsForm, stored: AccountSettings): SettingsChanges {
  const changes: SettingsChanges = {};
  if (form.timezoneBehavior !== stored.timezoneBehavior) changes.timezoneBehavior = form.timezoneBehavior;
  if (form.adminEmail.trim() !== stored.adminEmail) changes.adminEmail = form.adminEmail.trim();
  if (form.timezone !== stored.timezone) changes.timezone = form.timezone;
  return changes;
}
