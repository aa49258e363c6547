/**
 * The report's rows as the page shows them: channels, each channel's sources, each source's
 * campaigns, sorted within their group by the chosen column; a group's children only while it is
 * open. Plain functions (./sourceRows.test.ts).
 */
import type { SourceReportRow } from "../../../../events/source-report";

export const SORT_COLUMNS = [
  "leads",
  "withinPromiseShare",
  "medianFirstReplyMs",
  "qualified",
  "trial",
  "won",
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number] | "name";
export interface Sort {
  readonly column: SortColumn;
  readonly descending: boolean;
}

export interface ShownRow {
  readonly row: SourceReportRow;
  /** "channel", "channel\tsource", "channel\tsource\tcampaign". */
  readonly key: string;
  readonly hasChildren: boolean;
}

export const rowKey = (row: SourceReportRow): string =>
  [row.channel, row.source, row.campaign].filter((part) => part !== undefined).join("\t");

const nameOf = (row: SourceReportRow) => row.campaign ?? row.source ?? row.channel;

function compare(sort: Sort) {
  return (a: SourceReportRow, b: SourceReportRow): number => {
    let order: number;
    if (sort.column === "name") order = nameOf(a).localeCompare(nameOf(b));
    else {
      // Rows without a figure (null) sort last whichever the direction.
      const x = a[sort.column];
      const y = b[sort.column];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      order = x - y;
    }
    return (sort.descending ? -order : order) || nameOf(a).localeCompare(nameOf(b));
  };
}

/** The rows to show, in order: open groups' children under them. */
export function shownRows(
  rows: readonly SourceReportRow[],
  sort: Sort,
  open: ReadonlySet<string>,
): ShownRow[] {
  const byParent = new Map<string, SourceReportRow[]>();
  for (const row of rows) {
    const parent =
      row.level === "channel" ? "" : row.level === "source" ? row.channel : `${row.channel}\t${row.source}`;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const walk = (parent: string): ShownRow[] =>
    [...(byParent.get(parent) ?? [])].sort(compare(sort)).flatMap((row) => {
      const key = rowKey(row);
      const hasChildren = byParent.has(key);
      return [{ row, key, hasChildren }, ...(hasChildren && open.has(key) ? walk(key) : [])];
    });
  return walk("");
}

const DAY_MS = 86_400_000;

/** The day `days` before a date ("YYYY-MM-DD"). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}
