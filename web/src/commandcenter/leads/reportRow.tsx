/**
 * A lead list opened from a Sources report row (docs/decisions/0146-sources-report-page.md): the
 * address names the row — `channel`, `source`, `campaign` — and the period — `from`, `to` — and the
 * list shows exactly the leads the report counts there. The channel is the list's Channel select; the
 * rest shows as one line above the list with a button that drops it.
 */
import { CHANNEL_LABELS, type Channel } from "../../../../events/lead-source";
import { SOURCE_REPORT_TEXT as TEXT } from "../../../../events/source-report";
import shared from "../common/shared.module.css";
import type { FilterValues, SelectFilter } from "./LeadFilters";
import styles from "./leads.module.css";

/** What of a report row the address holds besides its channel. */
export interface ReportRow {
  readonly source?: string;
  readonly campaign?: string;
  readonly from?: string;
  readonly to?: string;
}

/** The address's parameters that are the row and period (besides `channel`). */
export const ROW_PARAMS = ["source", "campaign", "from", "to"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The row and period in the address; a source needs a channel, a campaign a source (as the API). */
export function reportRowOf(search: URLSearchParams, channel: string | undefined): ReportRow {
  const text = (name: string) => {
    const value = search.get(name);
    return value === null || value === "" ? undefined : value;
  };
  const day = (name: string) => {
    const value = text(name);
    return value !== undefined && DAY.test(value) ? value : undefined;
  };
  const source = channel && channel !== "all" ? text("source") : undefined;
  const campaign = source !== undefined ? text("campaign") : undefined;
  const row = { source, campaign, from: day("from"), to: day("to") };
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

/** The selects' values the address names (a value a select offers), the others "all". */
export function filterValuesOf(filters: readonly SelectFilter[], search: URLSearchParams): FilterValues {
  return Object.fromEntries(
    filters.map(({ param, options }) => {
      const value = search.get(param);
      return [param, value !== null && Object.hasOwn(options, value) ? value : "all"];
    }),
  );
}

/** "Paid Search / google / spring-sale, arrived 2026-09-01 to 2026-11-29": what the list is limited to. */
export function reportRowText(channel: string | undefined, row: ReportRow): string {
  const path = [
    channel && Object.hasOwn(CHANNEL_LABELS, channel) ? CHANNEL_LABELS[channel as Channel] : undefined,
    row.source,
    row.campaign,
  ].filter((part) => part !== undefined);
  const period =
    row.from !== undefined && row.to !== undefined
      ? TEXT.listRow.between(row.from, row.to)
      : row.from !== undefined
        ? TEXT.listRow.since(row.from)
        : row.to !== undefined
          ? TEXT.listRow.until(row.to)
          : undefined;
  return [path.join(" / "), period].filter((part) => part !== undefined && part !== "").join(", ");
}

/** The line above the list naming the report's row and period, with a button that drops them. */
export function ReportRowNotice({
  channel,
  row,
  onClear,
}: {
  channel: string | undefined;
  row: ReportRow;
  onClear: () => void;
}) {
  if (Object.keys(row).length === 0) return null;
  return (
    <p className={styles.reportRow}>
      <span>
        {TEXT.listRow.intro} <strong>{reportRowText(channel, row)}</strong> {TEXT.listRow.teamDays}
      </span>
      <button type="button" className={shared.secondaryButton} onClick={onClear}>
        {TEXT.listRow.clear}
      </button>
    </p>
  );
}
