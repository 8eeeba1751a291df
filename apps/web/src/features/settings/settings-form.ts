import { MAX_RETENTION_DAYS, type AccountSettings, type DateFormat, type TimeFormat } from '@scanbase/contracts/settings';
import type { SettingsChanges } from './hooks/useUpdateSettings';

/** The three ways times are shown (`timezoneBehavior`; 2 is the default), in words. */
export const timezoneBehaviors: readonly { value: number; label: string; hint: string }[] = [
  { value: 1, label: 'The account’s time zone', hint: 'Every time is shown in the time zone chosen above, wherever the scan was made.' },
  { value: 2, label: 'Each scan’s own time zone (default)', hint: 'A scan’s time is shown as the clock read where it was made, as the scanner reported its zone.' },
  { value: 3, label: 'The viewer’s time zone', hint: 'Times are shown in the time zone of the browser of whoever is looking.' },
];

/** The date formats offered, each with an example (3 March 2026). */
export const dateFormatChoices: readonly { value: DateFormat; label: string }[] = [
  { value: 'd MMM yyyy', label: '3 Mar 2026' },
  { value: 'dd/MM/yyyy', label: '03/03/2026 (day first)' },
  { value: 'MM/dd/yyyy', label: '03/03/2026 (month first)' },
  { value: 'yyyy-MM-dd', label: '2026-03-03' },
];

export const timeFormatChoices: readonly { value: TimeFormat; label: string }[] = [
  { value: '24h', label: '24-hour (14:05)' },
  { value: '12h', label: '12-hour (2:05 PM)' },
];

/** `retention` is the number of days as typed, or '' to keep scans for ever. */
export type SettingsForm = {
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  keepForever: boolean;
  retention: string;
  timezoneBehavior: number;
  adminEmail: string;
  timezone: string;
};

/** The form's starting values from the stored settings. */
export function formFromSettings(settings: AccountSettings): SettingsForm {
  return {
    companyName: settings.companyName,
    companyAddress: settings.companyAddress,
    companyPhone: settings.companyPhone,
    dateFormat: settings.dateFormat,
    timeFormat: settings.timeFormat,
    keepForever: settings.scanRetentionDays === null,
    retention: settings.scanRetentionDays === null ? '' : String(settings.scanRetentionDays),
    timezoneBehavior: settings.timezoneBehavior,
    adminEmail: settings.adminEmail,
    timezone: settings.timezone,
  };
}

/** The retention the form asks for: null for ever, a whole number of days, or NaN when the field is not one. */
function retentionOf(form: SettingsForm): number | null {
  if (form.keepForever) return null;
  return /^\d+$/.test(form.retention.trim()) ? Number(form.retention.trim()) : Number.NaN;
}

/** Problems the form can see before sending, by field. */
export function settingsProblems(form: SettingsForm): Partial<Record<keyof SettingsForm, string>> {
  const problems: Partial<Record<keyof SettingsForm, string>> = {};
  const email = form.adminEmail.trim();
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) problems.adminEmail = 'Enter a valid email address, like name@example.com, or leave it empty.';
  if (!form.timezone) problems.timezone = 'Choose a time zone.';
  if (![1, 2, 3].includes(form.timezoneBehavior)) problems.timezoneBehavior = 'Choose how times are shown.';
  if (!form.companyName.trim()) problems.companyName = 'Enter the company name.';
  const days = retentionOf(form);
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS)) problems.retention = `Enter a number of days from 1 to ${MAX_RETENTION_DAYS}, or keep scans for ever.`;
  return problems;
}

/** Only what changed, as the `settings/update` body. */
export function settingsChanges(form: SettingsForm, stored: AccountSettings): SettingsChanges {
  const changes: SettingsChanges = {};
  if (form.timezoneBehavior !== stored.timezoneBehavior) changes.timezoneBehavior = form.timezoneBehavior;
  if (form.adminEmail.trim() !== stored.adminEmail) changes.adminEmail = form.adminEmail.trim();
  if (form.timezone !== stored.timezone) changes.timezone = form.timezone;
  if (form.companyName.trim() !== stored.companyName) changes.companyName = form.companyName.trim();
  if (form.companyAddress.trim() !== stored.companyAddress) changes.companyAddress = form.companyAddress.trim();
  if (form.companyPhone.trim() !== stored.companyPhone) changes.companyPhone = form.companyPhone.trim();
  if (form.dateFormat !== stored.dateFormat) changes.dateFormat = form.dateFormat;
  if (form.timeFormat !== stored.timeFormat) changes.timeFormat = form.timeFormat;
  const days = retentionOf(form);
  if (days !== stored.scanRetentionDays && !Number.isNaN(days)) changes.scanRetentionDays = days;
  return changes;
}
