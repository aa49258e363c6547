import type { ReactNode } from "react";
import styles from "./shared.module.css";

export interface Column<R> {
  readonly heading: string;
  readonly cell: (row: R) => ReactNode;
  readonly className?: string;
}

/** A table of records, one column per definition; with no rows, one cell spanning every column. */
export function RecordTable<R extends { id: string }>({
  columns,
  rows,
  emptyText,
}: {
  columns: readonly Column<R>[];
  rows: readonly R[];
  emptyText: string;
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map(({ heading }) => (
            <th key={heading} scope="col">
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
              {columns.map(({ heading, cell, className }) => (
                <td key={heading} className={className}>
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

/** Long text cut to the cell's width, the whole of it on hover; the fallback when there is none. */
export function TruncatedText({ text, fallback }: { text: string | undefined; fallback?: string }) {
  if (!text) return fallback ? <span className={styles.muted}>{fallback}</span> : null;
  return (
    <span className={styles.notes} title={text}>
      {text}
    </span>
  );
}

export function fullName(record: { firstName: string; lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}
