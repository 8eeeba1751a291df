import { scanTicketsSettings, type ScanTicketsSettings, type TicketEntryRule, type TicketOutcome } from '@scanbase/contracts/scan-tickets';
import { zodIssues, type Issue } from '../../ui/form-issues';

/** The entry-rule and response fields as the forms keep them (text while typing). */
export type RuleForm = { entryRule: TicketEntryRule; maxEntries: string; validText: string; duplicateText: string; unknownText: string };

/** What each rule is called and what it means, in the order the forms show them. */
export const ruleChoices: { value: TicketEntryRule; label: string; help: string }[] = [
  { value: 'single', label: 'Single entry', help: 'Each ticket gets in once; a second scan shows red with when and where it was first used.' },
  { value: 'total', label: 'A number of entries in total', help: 'Each ticket gets in up to the number you set (for example a 3-day pass).' },
  { value: 'per-day', label: 'A number of entries per day', help: "Each ticket gets in up to the number you set each day, in your account's time zone." },
  { value: 'reentry', label: 'Re-entry after exit', help: 'Gate staff choose In or Out once per session; a ticket inside must be scanned out before it gets in again.' },
];

/** Whether a rule uses the number of entries. */
export const usesLimit = (rule: TicketEntryRule) => rule === 'total' || rule === 'per-day';

/** The form of stored settings. */
export function ruleFormOf(settings: Record<string, unknown>): RuleForm {
  const s = scanTicketsSettings.safeParse(settings);
  const v = s.success ? s.data : scanTicketsSettings.parse({});
  return { entryRule: v.entryRule, maxEntries: String(v.maxEntries), validText: v.validText, duplicateText: v.duplicateText, unknownText: v.unknownText };
}

/** The settings of a form, or the issues (paths under `settings`, as the server names them). */
export function settingsOfForm(form: RuleForm): { settings: ScanTicketsSettings; issues: [] } | { settings: null; issues: Issue[] } {
  const max = form.maxEntries.trim();
  if (usesLimit(form.entryRule) && !/^\d+$/.test(max)) return { settings: null, issues: [{ path: 'settings.maxEntries', message: 'Enter a whole number of entries' }] };
  const parsed = scanTicketsSettings.safeParse({ ...form, maxEntries: usesLimit(form.entryRule) ? Number(max) : undefined });
  if (!parsed.success) return { settings: null, issues: zodIssues(parsed.error.issues, 'settings') };
  return { settings: parsed.data, issues: [] };
}

/** One sentence for the rule of an instance (the details tab, the wizard's summary). */
export function describeRule(settings: Pick<ScanTicketsSettings, 'entryRule' | 'maxEntries'>): string {
  const n = settings.maxEntries;
  const entries = `${n} ${n === 1 ? 'entry' : 'entries'}`;
  switch (settings.entryRule) {
    case 'single':
      return 'Single entry: each ticket gets in once.';
    case 'total':
      return `At most ${entries} per ticket in total.`;
    case 'per-day':
      return `At most ${entries} per ticket per day.`;
    case 'reentry':
      return 'Re-entry after exit: a ticket inside must be scanned out before it gets in again.';
  }
}

/** How the history shows each outcome: a label and a chip colour with white text at 4.5:1 or more. */
export const outcomeInfo: Record<TicketOutcome, { label: string; colour: string }> = {
  valid: { label: 'Valid', colour: '#1b5e20' },
  exit: { label: 'Exit', colour: '#0d47a1' },
  duplicate: { label: 'Duplicate', colour: '#b71c1c' },
  unknown: { label: 'Unknown code', colour: '#8a4500' },
  refused: { label: 'Refused', colour: '#5d4037' },
};

/** The outcome of a stored scan, or null for a scan made before the service was a ticket gate. */
export function outcomeOf(properties: Record<string, string>): TicketOutcome | null {
  const t = properties.ticket;
  return t !== undefined && t in outcomeInfo ? (t as TicketOutcome) : null;
}

/** The auto-fill fields (how many random codes, how long, a prefix) and their checks. */
export type AutofillForm = { count: string; length: string; prefix: string };

/** The `databases/autofill` body for random unguessable codes, or the problems by field. */
export function autofillBody(databaseId: number, form: AutofillForm): { body: { id: number; count: number; mode: 'random'; length: number; prefix: string }; issues: Record<string, string> } | { body: null; issues: Record<string, string> } {
  const issues: Record<string, string> = {};
  const count = Number(form.count.trim());
  const length = Number(form.length.trim());
  if (!/^\d+$/.test(form.count.trim()) || count < 1 || count > 100_000) issues.count = 'Enter a number from 1 to 100,000';
  if (!/^\d+$/.test(form.length.trim()) || length < 8 || length > 64) issues.length = 'Use 8 to 64 characters: shorter codes can be guessed';
  if (form.prefix.length > 100) issues.prefix = 'At most 100 characters';
  if (Object.keys(issues).length > 0) return { body: null, issues };
  return { body: { id: databaseId, count, mode: 'random', length, prefix: form.prefix.trim() }, issues };
}
