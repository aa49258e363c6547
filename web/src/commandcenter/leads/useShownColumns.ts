/**
 * Which of a lead list's optional columns are shown: the kind's defaults until the member chooses,
 * then their choice, kept in this browser (per kind) for the next visit.
 */
import { useState } from "react";

export interface OptionalColumn {
  readonly heading: string;
  /** Shown until the member chooses otherwise. */
  readonly shown?: boolean;
}

function storageKey(list: string): string {
  return `commandcenter.columns.${list}`;
}

function stored(list: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(list)) ?? "null");
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string")
      : undefined;
  } catch {
    // No storage (a private window, or it is full): the defaults.
    return undefined;
  }
}

export function useShownColumns(list: string, columns: readonly OptionalColumn[]) {
  const [shown, setShown] = useState<ReadonlySet<string>>(
    () => new Set(stored(list) ?? columns.filter((column) => column.shown).map((column) => column.heading)),
  );
  const toggle = (heading: string) => {
    const next = new Set(shown);
    if (!next.delete(heading)) next.add(heading);
    setShown(next);
    try {
      window.localStorage.setItem(storageKey(list), JSON.stringify([...next]));
    } catch {
      // Not kept: the choice holds for this visit.
    }
  };
  return { shown, toggle };
}
