import type { ReactNode } from "react";
import styles from "./SampleTable.module.css";

export interface SampleColumn {
  readonly label: string;
  /** Figures: right-aligned, never wrapped. */
  readonly numeric?: boolean;
  /** Keep the column's cells on one line (order numbers, amounts with a sign). */
  readonly nowrap?: boolean;
  /** An extra class for every cell of the column. */
  readonly className?: string;
}

export interface SampleRow {
  readonly key: string;
  /** One cell per column; the first is the row's header cell. */
  readonly cells: readonly ReactNode[];
}

export interface SampleTableProps {
  readonly caption: string;
  readonly columns: readonly SampleColumn[];
  readonly rows: readonly SampleRow[];
  /** A totals row: its first cell is its header and spans `footerSpan` columns. */
  readonly footer?: readonly ReactNode[];
  readonly footerSpan?: number;
  readonly className?: string;
}

function cellClass(column: SampleColumn | undefined): string | undefined {
  if (!column) return undefined;
  const classes = [
    column.numeric ? styles.number : "",
    column.nowrap ? styles.nowrap : "",
    column.className ?? "",
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(" ") : undefined;
}

function Cells({
  cells,
  columns,
  span = 1,
}: {
  readonly cells: readonly ReactNode[];
  readonly columns: readonly SampleColumn[];
  readonly span?: number;
}) {
  const [header, ...rest] = cells;
  return (
    <>
      <th scope="row" colSpan={span > 1 ? span : undefined}>
        {header}
      </th>
      {rest.map((cell, index) => {
        const column = columns[span + index];
        return (
          <td key={column?.label ?? index} className={cellClass(column)}>
            {cell}
          </td>
        );
      })}
    </>
  );
}

/**
 * A small table inside a mock-up (commissions, reconciliation, aging): a caption, column headers,
 * one header cell per row and an optional totals row. It fits a 360 px screen without scrolling.
 */
export function SampleTable({ caption, columns, rows, footer, footerSpan, className }: SampleTableProps) {
  return (
    <table className={[styles.table, className].filter(Boolean).join(" ")}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={cellClass(column)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <Cells cells={row.cells} columns={columns} />
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            <Cells cells={footer} columns={columns} span={footerSpan} />
          </tr>
        </tfoot>
      )}
    </table>
  );
}
