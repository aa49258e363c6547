/**
 * Whole numbers as the site writes them, "1,234". By hand rather than with `toLocaleString`: the
 * first call of that builds an ICU number formatter, about 60 ms of main-thread time on a phone,
 * and it runs while the pricing cards hydrate (a long task, docs/PERFORMANCE.md "Long tasks after
 * the first paint"). The grouping is the same as "en-US"'s for every safe integer; anything else
 * (never a price or a sample figure) still goes to the formatter.
 */
function grouped(whole: number): string {
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString("en-US");
  const digits = String(Math.abs(whole));
  // ICU writes Math.round(-0.4), which is -0, as "-0"; so does this.
  const sign = whole < 0 || Object.is(whole, -0) ? "-" : "";
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "$1,234" — whole US dollars, as every price and sample figure on the site is written. */
export function formatUsd(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}$${grouped(Math.round(Math.abs(amount)))}`;
}

/** "1,646%" — a whole-number percentage with thousands separators. */
export function formatPercent(percent: number): string {
  return `${grouped(Math.round(percent))}%`;
}
