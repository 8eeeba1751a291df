/** A count for people: thousands separated ("12,500"). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The number of search matches: the server stops counting at 10,000, so a capped total reads "10,000+". */
export function formatMatchCount(total: number, capped: boolean): string {
  return capped ? `${formatCount(total)}+` : formatCount(total);
}

/** "1 value" / "2 values". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
