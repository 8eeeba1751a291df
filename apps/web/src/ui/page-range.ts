/** 1,234,567 */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * "1–50 of 1,234,567" (the rows a page shows out of the total); "0 of 0" when nothing matches. A total that
 * is not exact (`totalExact` false: the server stopped counting at it) reads "of 10,000+", and a page past
 * it shows its own rows ("10,001–10,050 of 10,000+" would be odd, so "10,001–10,050 of more").
 */
export function rangeLabel(page: number, limit: number, total: number, exact = true): string {
  if (total <= 0) return '0 of 0';
  if (!exact) {
    const from = (page - 1) * limit + 1;
    return from > total ? `${count(from)}–${count(page * limit)} of more` : `${count(from)}–${count(Math.min(page * limit, total))} of ${totalText(total, false)}`;
  }
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return `${count(from)}–${count(to)} of ${count(total)}`;
}

/** A total: "1,234", or "10,000+" when the server stopped counting there (`totalExact` false). */
export function totalText(total: number, exact = true): string {
  return exact ? count(total) : `${count(total)}+`;
}
