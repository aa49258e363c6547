import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "./Mock";
import styles from "./SampleTable.module.css";

/** Sample labels the mock-ups show (docs/product/site.md, sample labels). */
export type CommissionStatus = "Paid" | "Pending" | "Processing";
export type ReconciliationStatus = "Matched" | "Variance";
export type RepStatus = "Top Performer" | "Steady" | "Opportunity" | "On Track" | "Needs Support";
export type SampleStatus = CommissionStatus | ReconciliationStatus | RepStatus;

const STATUS_TONES: Record<SampleStatus, BadgeTone> = {
  Paid: "success",
  Pending: "warn",
  Processing: "info",
  Matched: "success",
  Variance: "danger",
  "Top Performer": "success",
  Steady: "info",
  Opportunity: "accent",
  "On Track": "neutral",
  "Needs Support": "warn",
};

export function StatusBadge({ status }: { readonly status: SampleStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
}

export interface SampleColumn {
  readonly header: string;
  /** Right-aligned, tabular figures. */
  readonly numeric?: boolean;
  /** The row's status label: placed beside the name when the rows become cards. */
  readonly status?: boolean;
  /** An extra class for the column's body and footer cells (e.g. a fixed width). */
  readonly className?: string;
}

export interface SampleRow {
  readonly key: string;
  /** One cell per column; the first is the row's header (a name). */
  readonly cells: readonly ReactNode[];
}

export interface SampleTableProps {
  /** Says what the table lists; shown above it and read as the table's name. */
  readonly caption: string;
  readonly columns: readonly SampleColumn[];
  readonly rows: readonly SampleRow[];
  /** A totals row, one cell per column. */
  readonly totals?: readonly ReactNode[];
}

/**
 * A small table of sample figures for a mock-up. Where the mock-up is narrow (a phone, or half of
 * a wide screen) each row turns into a card whose cells carry their column names, so nothing
 * scrolls sideways.
 */
export function SampleTable({ caption, columns, rows, totals }: SampleTableProps) {
  const cellsOf = (cells: readonly ReactNode[], rowHeader: boolean) =>
    columns.map((column, index) => {
      const className =
        [column.numeric ? styles.numeric : "", column.status ? styles.status : "", column.className ?? ""]
          .filter(Boolean)
          .join(" ") || undefined;
      return index === 0 && rowHeader ? (
        <th key={column.header} scope="row" className={className}>
          {cells[index]}
        </th>
      ) : (
        <td key={column.header} data-label={column.header} className={className}>
          {cells[index]}
        </td>
      );
    });
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? styles.numeric : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>{cellsOf(row.cells, true)}</tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>{cellsOf(totals, true)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A name with a short detail line under it (a rep and territory, a principal and rate). */
export function NameCell({ name, detail }: { readonly name: string; readonly detail: string }) {
  return (
    <span className={styles.nameCell}>
      <span className={styles.name}>{name}</span>
      <span className={styles.detail}>{detail}</span>
    </span>
  );
}
