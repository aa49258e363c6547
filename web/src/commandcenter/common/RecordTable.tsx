import type { ReactNode } from "react";
import styles from "./shared.module.css";

export interface Column<R> {
  readonly heading: string;
  readonly cell: (row: R) => ReactNode;
  readonly className?: string;
  /** The heading cell's class: a width for a table laid out from its headings (table-layout: fixed). */
  readonly headClassName?: string;
}

/**
 * A table of records, one column per definition; with no rows, one cell spanning every column.
 * Each cell carries its column's heading (data-label) for layouts that show rows as cards.
 */
export function RecordTable<R extends { id: string }>({
  columns,
  rows,
  emptyText,
  className,
}: {
  columns: readonly Column<R>[];
  rows: readonly R[];
  emptyText: string;
  className?: string;
}) {
  return (
    <table className={className ? `${styles.table} ${className}` : styles.table}>
      <thead>
        <tr>
          {columns.map(({ heading, headClassName }) => (
            <th key={heading} scope="col" className={headClassName}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className={styles.empty}>
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              {columns.map(({ heading, cell, className: cellClass }) => (
                <td key={heading} className={cellClass} data-label={heading}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
