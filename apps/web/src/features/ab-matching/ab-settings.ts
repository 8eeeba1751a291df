import { abMatchingSettingsBase, abRuleLabel, abRules, patternIssue, type AbMatchingSettings, type AbRule } from '@scanbase/contracts/ab-matching';

/** The type settings of an instance, with the defaults for anything left out. */
export function readSettings(raw: Record<string, unknown>): AbMatchingSettings {
  const parsed = abMatchingSettingsBase.safeParse(raw);
  return parsed.success ? parsed.data : abMatchingSettingsBase.parse({});
}

const ruleHint: Record<AbRule, string> = {
  equal: 'The same code on both labels.',
  database: "A's row in the database holds B as its response (for example pallet label → shipping label).",
  prefix: 'B begins with the whole of A.',
  suffix: 'B ends with the whole of A.',
  contains: 'A appears anywhere in B.',
  regex: 'A pattern with groups runs on both; the chosen group must be equal (group 1 of ^(\\d{6}) is the first six digits).',
  gs1: 'Both are GS1 codes (GS1-128, DataMatrix or the (01)… form); the element of the application identifier must be equal, whatever the order of the elements.',
};

/** The rules with their labels and a hint, in the order the forms show them. */
export const ruleOptions: { value: AbRule; label: string; hint: string }[] = abRules.map((value) => ({ value, label: abRuleLabel[value], hint: ruleHint[value] }));

/** The problems of a rule's fields, by field (empty when it can be saved). */
export function ruleIssues(s: AbMatchingSettings, hasDatabase: boolean): { pattern?: string; ai?: string; database?: string } {
  const issues: { pattern?: string; ai?: string; database?: string } = {};
  if (s.rule === 'regex') {
    const issue = patternIssue(s.pattern, s.group);
    if (issue) issues.pattern = issue;
  }
  if (s.rule === 'gs1' && !/^\d{2,4}$/.test(s.ai)) issues.ai = 'Two to four digits, for example 01';
  if (s.rule === 'database' && !hasDatabase) issues.database = "Pick the database that holds each A with B as its response";
  return issues;
}
