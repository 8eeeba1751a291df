import gs1 from 'gs1-barcode-parser-mod';
import type { AbMatchingSettings } from './ab-matching.js';

// The A/B rule (issue 14) as one pure function: the server's judge and the browser scanner (offline) run
// this same code, so the phone and the server give the same verdict. See docs/SPECIALIZED-AB-MATCHING.md.

/** Values longer than this never match a pattern (bounds the time a pattern may take). */
export const AB_SUBJECT_MAX = 256;

export type AbVerdict =
  | { result: 'match' | 'mismatch'; detail: string }
  /** The `database` rule without A's response (the scanner has no copy of the database): the server decides. */
  | { result: 'unknown'; detail: string };

type Rule = Pick<AbMatchingSettings, 'rule' | 'caseSensitive' | 'pattern' | 'group' | 'ai'>;

const GS = String.fromCharCode(29);

/**
 * The element of one GS1 application identifier in a scanned code, or null when the code is not a GS1
 * element string or has no such element. Takes the scanned form (`]C1`/`]d2`… symbology identifier,
 * FNC1 as the group separator) and the human readable form `(01)04012345678901(10)ABC`; the element's
 * raw text is answered (a date as its six digits, not a Date).
 */
export function gs1Element(code: string, ai: string): string | null {
  const text = code.trim().replace(/<GS>|\\x1d|␝/gi, GS);
  if (text === '') return null;
  try {
    const parsed = gs1.parseBarcode(text);
    return parsed.parsedCodeItems.find((item) => item.ai === ai)?.raw ?? null;
  } catch {
    return null;
  }
}

/** The chosen capture group of a pattern in a value, or null when the pattern does not match it. */
export function patternGroup(value: string, pattern: string, group: number, caseSensitive: boolean): string | null {
  if (value.length > AB_SUBJECT_MAX) return null;
  let re: RegExp;
  try {
    re = new RegExp(pattern, caseSensitive ? 'u' : 'iu');
  } catch {
    return null;
  }
  const m = re.exec(value);
  return m ? (m[group] ?? null) : null;
}

/**
 * Whether B matches A by the rule. `aResponse` is A's response in the service's database (the `database`
 * rule; null when not known). Values are compared trimmed; without case sensitivity, in lower case.
 */
export function abMatch(settings: Rule, aRaw: string, bRaw: string, aResponse: string | null = null): AbVerdict {
  const a = aRaw.trim();
  const b = bRaw.trim();
  const fold = (s: string) => (settings.caseSensitive ? s : s.toLowerCase());
  const verdict = (ok: boolean, detail: string): AbVerdict => ({ result: ok ? 'match' : 'mismatch', detail });
  if (b === '') return verdict(false, 'B is empty');
  switch (settings.rule) {
    case 'equal':
      return verdict(fold(a) === fold(b), fold(a) === fold(b) ? 'B equals A' : 'B differs from A');
    case 'database': {
      if (aResponse === null) return { result: 'unknown', detail: "A's database response is checked by the server" };
      const expected = aResponse.trim();
      if (expected === '') return verdict(false, 'A has no response in the database');
      return verdict(fold(expected) === fold(b), fold(expected) === fold(b) ? "B equals A's response" : `B differs from A's response ${expected}`);
    }
    case 'prefix':
      return verdict(fold(b).startsWith(fold(a)), fold(b).startsWith(fold(a)) ? 'B starts with A' : 'B does not start with A');
    case 'suffix':
      return verdict(fold(b).endsWith(fold(a)), fold(b).endsWith(fold(a)) ? 'B ends with A' : 'B does not end with A');
    case 'contains':
      return verdict(fold(b).includes(fold(a)), fold(b).includes(fold(a)) ? 'B contains A' : 'B does not contain A');
    case 'regex': {
      const ga = patternGroup(a, settings.pattern, settings.group, settings.caseSensitive);
      const gb = patternGroup(b, settings.pattern, settings.group, settings.caseSensitive);
      if (ga === null) return verdict(false, 'The pattern does not match A');
      if (gb === null) return verdict(false, 'The pattern does not match B');
      const same = fold(ga) === fold(gb);
      return verdict(same, same ? `Both have ${ga}` : `A has ${ga}, B has ${gb}`);
    }
    case 'gs1': {
      const ea = gs1Element(a, settings.ai);
      const eb = gs1Element(b, settings.ai);
      if (ea === null) return verdict(false, `A has no GS1 element (${settings.ai})`);
      if (eb === null) return verdict(false, `B has no GS1 element (${settings.ai})`);
      const same = fold(ea) === fold(eb);
      return verdict(same, same ? `Both have (${settings.ai}) ${ea}` : `A has (${settings.ai}) ${ea}, B has (${settings.ai}) ${eb}`);
    }
  }
}
