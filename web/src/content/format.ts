/** "$1,234" — whole US dollars, as every price and sample figure on the site is written. */
export function formatUsd(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}$${Math.round(Math.abs(amount)).toLocaleString("en-US")}`;
}

/** "1,646%" — a whole-number percentage with thousands separators. */
export function formatPercent(percent: number): string {
  return `${Math.round(percent).toLocaleString("en-US")}%`;
}
