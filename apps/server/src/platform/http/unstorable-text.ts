/**
 * Text neither database can keep: PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate
 * ("\ud800" in JSON) is not a character at all (it cannot be written as UTF-8). Both APIs refuse
 * such input at the door with a clear error naming the field, instead of failing deep inside a
 * query with a 500 (or storing it on SQLite and breaking every later export).
 */

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where the first unstorable text in a parsed body is (`values.2.value`), or undefined when there is none. */
export function findUnstorableText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = findUnstorableText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The message shown for unstorable text at `path`. */
export function unstorableTextMessage(path: string): string {
  // The path itself may hold the bad character (a key); it is shown with it replaced.
  // eslint-disable-next-line no-control-regex
  const shown = path.replace(/[\u0000-\u001F\uD800-\uDFFF]/g, '?');
  return `${shown || 'The request'} contains a NUL character or a broken UTF-16 surrogate, which cannot be stored. Remove it and try again.`;
}
