/**
 * The Sources report as CSV (./csv.ts: RFC 4180, a byte-order mark, formula-injection-safe cells —
 * a campaign named "=HYPERLINK(…)" reads as text): one line per campaign, with its channel and
 * source, then one per source and per channel with the cells below them empty, and the total.
 */
import { CHANNEL_LABELS } from "../../events/lead-source";
import {
  SOURCE_CSV_COLUMNS,
  type SourceReportResponse,
  type SourceReportRow,
} from "../../events/source-report";
import { csvHeader, csvRows } from "./csv";

const HOUR_MS = 3_600_000;

type Figures = Omit<SourceReportRow, "level" | "channel" | "source" | "campaign">;
type Line = Figures & { readonly names: readonly [string, string, string] };

const figureCells = (row: Figures): unknown[] => [
  row.leads,
  row.signups,
  row.contacts,
  row.withinPromiseShare === null ? "" : (row.withinPromiseShare * 100).toFixed(1),
  row.medianFirstReplyMs === null ? "" : (row.medianFirstReplyMs / HOUR_MS).toFixed(1),
  row.qualified,
  row.trial,
  row.won,
];

export function sourceReportCsv(report: SourceReportResponse): string {
  const columns = SOURCE_CSV_COLUMNS.map((header, index) => ({
    header,
    value: (line: Line) => (index < 3 ? line.names[index] : figureCells(line)[index - 3]),
  }));
  const lines: Line[] = report.rows.map((row) => ({
    ...row,
    names: [CHANNEL_LABELS[row.channel], row.source ?? "", row.campaign ?? ""],
  }));
  lines.push({ ...report.total, names: ["All leads", "", ""] });
  return csvHeader(columns) + csvRows(columns, lines);
}
