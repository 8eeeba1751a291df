import { isAllowed, normaliseAllowEntry } from '@scanbase/contracts/ip-allow-list';

/** The server keeps at most this many entries (`ipallowlist/update`). */
export const MAX_ENTRIES = 200;
/** Longest entry the contract accepts (`ipRange`). */
export const MAX_ENTRY_LENGTH = 64;

export type AllowListProblem = { line: number; message: string };
export type AllowListCheck = { entries: string[]; problems: AllowListProblem[] };

/** The editor's text as one entry a line (commas and spaces also separate); blank lines are skipped. */
export function splitEntries(text: string): { line: number; entry: string }[] {
  const out: { line: number; entry: string }[] = [];
  text.split(/\r?\n/).forEach((row, index) => {
    for (const entry of row.split(/[\s,;]+/)) if (entry !== '') out.push({ line: index + 1, entry });
  });
  return out;
}

/**
 * Checks the editor's text with the server's own rules (`normaliseAllowEntry` from the contracts, the same
 * function the server runs) and the contract's limits; answers the normalised, de-duplicated entries.
 */
export function checkAllowList(text: string): AllowListCheck {
  const problems: AllowListProblem[] = [];
  const entries: string[] = [];
  for (const { line, entry } of splitEntries(text)) {
    if (entry.length > MAX_ENTRY_LENGTH) {
      problems.push({ line, message: `Line ${line}: "${entry.slice(0, 20)}…" is longer than ${MAX_ENTRY_LENGTH} characters` });
      continue;
    }
    try {
      entries.push(normaliseAllowEntry(entry));
    } catch (error) {
      problems.push({ line, message: `Line ${line}: ${(error as Error).message}` });
    }
  }
  const unique = [...new Set(entries)];
  if (unique.length > MAX_ENTRIES) problems.push({ line: 0, message: `At most ${MAX_ENTRIES} entries; this list has ${unique.length}` });
  return { entries: unique, problems };
}

/** True when calls from `ip` would pass the list (an empty list lets every address in). */
export function allowsIp(entries: string[], ip: string): boolean {
  return isAllowed(ip, entries);
}

/** The stored entries as editor text, one a line. */
export function entriesToText(entries: string[]): string {
  return entries.join('\n');
}
