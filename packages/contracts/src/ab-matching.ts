import { z } from 'zod';
import { id, okReply } from './common.js';
import { defineV2Route } from './route.js';

// A/B barcode matching (issue 14): scan A, then B; the pair matches by the instance's rule. An instance
// is a service with the type `ab-barcode-matching`: A is the scan's value, B travels as the scan property
// `ab_b` (and a reason as `ab_reason`), the verdict is stored as `ab_a`, `ab_b`, `ab_result`, `ab_reason`.
// The rule itself is the pure module `ab-match-engine.ts`, run by the server's judge and by the scanner
// (offline). See docs/SPECIALIZED-AB-MATCHING.md.

/**
 * How B is compared with A: `equal`; `database`: B equals A's response in the service's database;
 * `prefix` / `suffix` / `contains`: B starts with, ends with or contains A; `regex`: the same capture
 * group of A and of B are equal; `gs1`: the element of one GS1 application identifier (AI 01, the GTIN) is
 * equal in both.
 */
export const abRules = ['equal', 'database', 'prefix', 'suffix', 'contains', 'regex', 'gs1'] as const;
export const abRule = z.enum(abRules);
export type AbRule = z.infer<typeof abRule>;

/** What each rule is called in the admin and on the scanner. */
export const abRuleLabel: Record<AbRule, string> = {
  equal: 'B equals A',
  database: "B equals A's response in the database",
  prefix: 'B starts with A',
  suffix: 'B ends with A',
  contains: 'B contains A',
  regex: 'A pattern: the same group of A and B is equal',
  gs1: 'A GS1 element (for example the GTIN) is equal',
};

/** The longest pattern accepted (characters). */
export const AB_PATTERN_MAX = 200;

/** The type settings of an A/B matching instance (`specialized/create|update` `settings`), with defaults. */
export const abMatchingSettingsBase = z.object({
  rule: abRule.default('equal'),
  /** Upper and lower case count (off: "abc" matches "ABC"). */
  caseSensitive: z.boolean().default(true),
  /** A mismatch is only stored with a reason the person types. */
  reasonRequired: z.boolean().default(false),
  /** `regex`: the pattern run on A and on B. */
  pattern: z.string().max(AB_PATTERN_MAX, `At most ${AB_PATTERN_MAX} characters`).default(''),
  /** `regex`: the capture group compared (0: the whole match). */
  group: z.number().int().min(0).max(9).default(1),
  /** `gs1`: the application identifier compared (01: GTIN, 00: SSCC, 10: batch …). */
  ai: z.string().regex(/^\d{2,4}$/, 'Two to four digits, for example 01').default('01'),
});

/** The settings with the pattern checked (`regex` rule: a safe pattern with the group asked for). */
export const abMatchingSettings = abMatchingSettingsBase.superRefine((s, ctx) => {
  if (s.rule !== 'regex') return;
  const issue = patternIssue(s.pattern, s.group);
  if (issue) ctx.addIssue({ code: 'custom', path: ['pattern'], message: issue });
});
export type AbMatchingSettings = z.infer<typeof abMatchingSettings>;

/**
 * Why a pattern is refused, or null. Patterns run on the server and on phones, on values people scan, so
 * only patterns whose matching time stays small are taken (no `re2` in the browser):
 * - at most AB_PATTERN_MAX characters, and it compiles (Unicode mode);
 * - no backreferences and no lookbehind;
 * - no quantified group that holds a quantifier or an alternation (`(a+)+`, `(a|ab)*`): star height one,
 *   the shape behind exponential backtracking;
 * - at most three unbounded quantifiers (`*`, `+`, `{n,}`): the polynomial worst case stays below n³, and
 *   values longer than AB_SUBJECT_MAX are never matched (see `abMatch`).
 */
export function patternIssue(pattern: string, group: number): string | null {
  if (pattern.trim() === '') return 'Enter a pattern';
  if (pattern.length > AB_PATTERN_MAX) return `At most ${AB_PATTERN_MAX} characters`;
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, 'u');
  } catch (error) {
    return `Not a valid pattern: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : 'it does not compile'}`;
  }
  const shape = patternShape(pattern);
  if (shape.backreference) return 'Backreferences (\\1, \\k<name>) and lookbehind are not accepted: they can make matching slow';
  if (shape.nested) return 'A repeated group may not hold a repetition or an alternation, like (a+)+ or (a|b)*: such patterns can take minutes on one value. Repeat inside the group instead, like (a+)';
  if (shape.unbounded > 3) return 'At most three open-ended repetitions (*, + or {n,}) in one pattern';
  const groups = new RegExp(`${compiled.source}|`, 'u').exec('')!.length - 1;
  if (group > groups) return groups === 0 ? 'The pattern has no group: put the part to compare in parentheses, like ^(\\d{6})' : `The pattern has ${groups} group${groups === 1 ? '' : 's'}: pick group 0 to ${groups}`;
  return null;
}

type Shape = { backreference: boolean; nested: boolean; unbounded: number };

/** A one-pass look at a pattern's structure (escapes and character classes skipped). */
function patternShape(p: string): Shape {
  const shape: Shape = { backreference: false, nested: false, unbounded: 0 };
  // Per open group: whether it holds a quantifier or an alternation.
  const stack: boolean[] = [];
  let lastGroupRisky: boolean | null = null;
  const quantifierAt = (i: number): { len: number; unbounded: boolean } | null => {
    const c = p[i];
    if (c === '*' || c === '+') return { len: 1, unbounded: true };
    if (c === '?') return { len: 1, unbounded: false };
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
      if (m) return { len: m[0].length, unbounded: m[2] !== undefined && m[3] === '' };
    }
    return null;
  };
  const markQuantified = () => {
    if (stack.length > 0) stack[stack.length - 1] = true;
  };
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    let atom = true;
    if (c === '\\') {
      const next = p[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') shape.backreference = true;
      i++;
      lastGroupRisky = null;
    } else if (c === '[') {
      for (i++; i < p.length && p[i] !== ']'; i++) if (p[i] === '\\') i++;
      lastGroupRisky = null;
    } else if (c === '(') {
      if (p.startsWith('(?<=', i) || p.startsWith('(?<!', i)) shape.backreference = true;
      stack.push(false);
      atom = false;
    } else if (c === ')') {
      lastGroupRisky = stack.pop() ?? false;
      if (stack.length > 0 && lastGroupRisky) stack[stack.length - 1] = true;
    } else if (c === '|') {
      markQuantified();
      atom = false;
    } else {
      lastGroupRisky = null;
    }
    if (!atom) continue;
    const q = quantifierAt(i + 1);
    if (q) {
      if (q.unbounded) shape.unbounded++;
      if (lastGroupRisky === true && c === ')') shape.nested = true;
      markQuantified();
      i += q.len;
      if (p[i + 1] === '?') i++; // lazy
    }
    lastGroupRisky = null;
  }
  return shape;
}

/** Stats of an instance: matches and mismatches, in total and by app user. */
export const abStatsRow = z.object({ appUserId: id.nullable(), user: z.string().nullable(), matches: z.number().int(), mismatches: z.number().int() });
export const abStatsReply = z.object({ matches: z.number().int(), mismatches: z.number().int(), byUser: z.array(abStatsRow) });
export type AbStatsReply = z.infer<typeof abStatsReply>;

export const abMatchingStats = defineV2Route({ path: 'abmatching/stats', access: 'admin', summary: 'Matches and mismatches of an A/B matching instance, in total and by app user.', body: z.object({ id }), reply: abStatsReply });

/**
 * The reason for a mismatch the server found after the scan was sent (the `database` rule: the scanner
 * cannot judge it before), on the app user's own scan; stored as `ab_reason`.
 */
export const appAbMatchingReason = defineV2Route({
  path: 'app/abmatching/reason',
  access: 'app',
  summary: "Adds the reason to one of the app user's own A/B mismatches that has none.",
  body: z.object({ scanId: id, reason: z.string().trim().min(1, 'Give a reason').max(500) }),
  reply: okReply,
});
