/**
 * Escapes a bare percent sign at the end of a query string or before an ampersand (spec section 5);
 * such a query cannot be decoded. Returns the fixed query string, or null when nothing needed fixing.
 */
export function rewritePercentQuery(search: string): string | null {
  const fixed = search.replace(/%(?=&|$)/g, '%25');
  return fixed === search ? null : fixed;
}
