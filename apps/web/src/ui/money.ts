/** Money in dollars: a dollar sign and the amount with exactly two decimals (spec section 9), e.g. $12.50. */
export function formatMoney(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  return amount < 0 && Number(fixed) !== 0 ? `-$${fixed}` : `$${fixed}`;
}
