import { useState } from "react";
import { Link } from "react-router-dom";
import { CHANNEL_LABELS } from "../../../../events/lead-source";
import { type SourceReportRow, SOURCE_REPORT_TEXT as TEXT } from "../../../../events/source-report";
import shared from "../common/shared.module.css";
import type { Period } from "./sourceQueries";
import { type ShownRow, type Sort, type SortColumn, shownRows } from "./sourceRows";
import styles from "./sources.module.css";

const HOUR_MS = 3_600_000;
const COLUMNS: readonly [SortColumn, string][] = [
  ["name", TEXT.columns.name],
  ["leads", TEXT.columns.leads],
  ["withinPromiseShare", TEXT.columns.withinPromise],
  ["medianFirstReplyMs", TEXT.columns.median],
  ["qualified", TEXT.columns.qualified],
  ["trial", TEXT.columns.trial],
  ["won", TEXT.columns.won],
];

const LEVEL_CLASS = { channel: styles.channel, source: styles.source, campaign: styles.campaign };
const share = (value: number | null) => (value === null ? TEXT.none : `${Math.round(value * 100)}%`);
const hours = (value: number | null) => (value === null ? TEXT.none : `${(value / HOUR_MS).toFixed(1)} h`);
const nameOf = (row: SourceReportRow) =>
  row.level === "channel"
    ? CHANNEL_LABELS[row.channel]
    : ((row.level === "source" ? row.source : row.campaign) ?? "");
const pathOf = (row: SourceReportRow) =>
  [CHANNEL_LABELS[row.channel], row.source, row.campaign].filter((part) => part !== undefined).join(" / ");

/**
 * The lead list of a row: the leads the row counts — its channel, source and campaign, arrived in the
 * period (the lists' filters, docs/product/command-center.md).
 */
function drillLink(row: SourceReportRow, period: Period, plural: "signups" | "contacts"): string {
  const search = new URLSearchParams({ channel: row.channel });
  if (row.source !== undefined) search.set("source", row.source);
  if (row.campaign !== undefined) search.set("campaign", row.campaign);
  search.set("from", period.from);
  search.set("to", period.to);
  return `/commandcenter/${plural}?${search.toString()}`;
}

/** The report's rows: sortable columns, channels that open onto their sources and campaigns. */
export function SourcesTable({ rows, period }: { rows: readonly SourceReportRow[]; period: Period }) {
  const [sort, setSort] = useState<Sort>({ column: "leads", descending: true });
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const sortBy = (column: SortColumn) =>
    setSort((was) => ({ column, descending: was.column === column ? !was.descending : column !== "name" }));
  return (
    <div className={shared.tableWrap}>
      <table className={`${shared.table} ${styles.report}`}>
        <thead>
          <tr>
            {COLUMNS.map(([column, heading]) => (
              <th
                key={column}
                scope="col"
                aria-sort={
                  sort.column === column ? (sort.descending ? "descending" : "ascending") : undefined
                }
              >
                <button type="button" className={styles.sortButton} onClick={() => sortBy(column)}>
                  {heading}
                  <span aria-hidden="true">
                    {sort.column === column ? (sort.descending ? " ▼" : " ▲") : ""}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">Leads list</th>
          </tr>
        </thead>
        <tbody>
          {shownRows(rows, sort, open).map((shown) => (
            <ReportRow
              key={shown.key}
              shown={shown}
              open={open.has(shown.key)}
              onToggle={toggle}
              period={period}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportRow({
  shown,
  open,
  onToggle,
  period,
}: {
  shown: ShownRow;
  open: boolean;
  onToggle: (key: string) => void;
  period: Period;
}) {
  const { row } = shown;
  const name = nameOf(row);
  return (
    <tr className={LEVEL_CLASS[row.level]}>
      <th scope="row" className={styles.name}>
        {shown.hasChildren ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-label={open ? TEXT.collapse(pathOf(row)) : TEXT.expand(pathOf(row))}
            onClick={() => onToggle(shown.key)}
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          </button>
        ) : (
          <span className={styles.toggleSpace} />
        )}
        {name}
      </th>
      <td>{row.leads}</td>
      <td>{share(row.withinPromiseShare)}</td>
      <td>{hours(row.medianFirstReplyMs)}</td>
      <td>{row.qualified}</td>
      <td>{row.trial}</td>
      <td>{row.won}</td>
      <td className={styles.drill}>
        {row.signups > 0 && (
          <Link
            to={drillLink(row, period, "signups")}
            aria-label={`${row.signups} signups from ${pathOf(row)}`}
          >
            {TEXT.drill.signups} ({row.signups})
          </Link>
        )}
        {row.contacts > 0 && (
          <Link
            to={drillLink(row, period, "contacts")}
            aria-label={`${row.contacts} contact messages from ${pathOf(row)}`}
          >
            {TEXT.drill.contacts} ({row.contacts})
          </Link>
        )}
      </td>
    </tr>
  );
}
