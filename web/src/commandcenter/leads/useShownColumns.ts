/**
 * Which of a lead list's columns a staff member has hidden under "Columns": none until they choose,
 * then their choice, kept in this browser for them alone — per staff member and per list, so it
 * outlives a reload and signing out and in, and someone else signing in on the same browser has
 * their own (docs/decisions/0127-lead-list-columns.md). What is kept is the columns a person switched
 * away from their default (hidden, or for a column off by default, shown), so a column added to the
 * lists later takes its default for everyone until they choose.
 */
import { useState } from "react";

/** The kept choice's key: the member's username and the list ("signups", "contacts"). */
export function columnsKey(username: string, list: string): string {
  return `commandcenter.hiddenColumns.${encodeURIComponent(username)}.${list}`;
}

function stored(key: string): ReadonlySet<string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return new Set(Array.isArray(value) ? value.filter((item) => typeof item === "string") : []);
  } catch {
    // No storage (a private window, or it is full), or not ours: every column.
    return new Set();
  }
}

export function useShownColumns(
  username: string,
  list: string,
  offByDefault: ReadonlySet<string> = new Set(),
) {
  const key = columnsKey(username, list);
  const [choice, setChoice] = useState(() => ({ key, hidden: stored(key) }));
  // Another member signed in on this page: their own choice.
  const hidden = choice.key === key ? choice.hidden : stored(key);
  const toggle = (heading: string) => {
    const next = new Set(hidden);
    if (!next.delete(heading)) next.add(heading);
    setChoice({ key, hidden: next });
    try {
      window.localStorage.setItem(key, JSON.stringify([...next]));
    } catch {
      // Not kept: the choice holds for this visit.
    }
  };
  return { isShown: (heading: string) => hidden.has(heading) === offByDefault.has(heading), toggle };
}
