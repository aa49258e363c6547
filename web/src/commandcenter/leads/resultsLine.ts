/**
 * The lead list's results line and what it shows in place of the empty-state sentence while the
 * server has not read to the end (docs/decisions/0088-owner-index.md).
 */

/**
 * 'N of M signups'; 'At least N of M signups' when N is a lower bound (the server stopped reading
 * before the end, docs/decisions/0088-owner-index.md), and never '0' for 'not found yet'.
 */
export function resultsLine(
  matched: number,
  total: number,
  atLeast: boolean | undefined,
  noun: string,
): string {
  if (atLeast && matched === 0) return `More may match among ${total.toLocaleString()} ${noun}`;
  return `${atLeast ? "At least " : ""}${matched.toLocaleString()} of ${total.toLocaleString()} ${noun}`;
}

/** Instead of the empty-state sentence while the server has not read to the end. */
export const MORE_MAY_MATCH = "None found so far, but more may match — Load more";
