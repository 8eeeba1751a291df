/** A problem with one input, by dotted path (`name`, `inputs.range.end`, `outputs.notifyOnSuccess.2`). */
export type Issue = { path: string; message: string };

/** Messages of a form by field key, plus the ones no field could show. */
export type PlacedIssues = { fields: Record<string, string>; general: string[] };

/** Zod issues as dotted-path issues (the same shape as the server's VALIDATION_FAILED details). */
export function zodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = ''): Issue[] {
  return issues.map((issue) => ({ path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'), message: issue.message }));
}

/**
 * Puts each issue on the field whose key is the longest prefix of its path. A trailing list index
 * (`values.7`) becomes "<noun> 8: …" when `itemNoun` names the field's items; server messages
 * that already say which item is meant are kept as they are.
 */
export function placeIssues(issues: readonly Issue[], fieldKeys: readonly string[], itemNoun: Record<string, string> = {}): PlacedIssues {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const keys = [...fieldKeys].sort((a, b) => b.length - a.length);
  for (const issue of issues) {
    const key = keys.find((k) => issue.path === k || issue.path.startsWith(`${k}.`));
    if (!key) {
      general.push(issue.message);
      continue;
    }
    if (fields[key] !== undefined) continue;
    const rest = issue.path.slice(key.length + 1);
    const noun = itemNoun[key];
    fields[key] = noun && /^\d+$/.test(rest) && !/\d/.test(issue.message) ? `${noun} ${Number(rest) + 1}: ${issue.message}` : issue.message;
  }
  return { fields, general };
}
