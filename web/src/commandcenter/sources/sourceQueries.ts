/**
 * The Sources report's reads (docs/product/command-center.md, "Sources"): the rows of a period, and
 * the same as a CSV file (GET /api/admin/sources and its export.csv; events/source-report.ts).
 */
import { queryOptions } from "@tanstack/react-query";
import type { SourceReportResponse } from "../../../../events/source-report";
import { ApiFailure, request } from "../common/api";

export interface Period {
  readonly from: string;
  readonly to: string;
}

const search = (period: Period) => new URLSearchParams({ from: period.from, to: period.to }).toString();

export function sourcesQuery(period: Period) {
  return queryOptions({
    queryKey: ["sources", period.from, period.to],
    queryFn: () => request<SourceReportResponse>("GET", `/api/admin/sources?${search(period)}`),
  });
}

/** Downloads the period's report as CSV (one answer: the rows are few, whatever the leads). */
export async function downloadSourcesCsv(period: Period): Promise<void> {
  const response = await fetch(`/api/admin/sources/export.csv?${search(period)}`, {
    credentials: "same-origin",
  });
  if (!response.ok) throw new ApiFailure(response.status, "Export failed. Please try again.");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `sources-${period.from}-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
