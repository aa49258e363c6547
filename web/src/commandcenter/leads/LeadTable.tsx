/**
 * The lead list's table: the kind's columns that are shown (leadColumns.tsx), then Actions (select,
 * view, delete). Laid out from its headings (table-layout: fixed): the narrow columns have a width
 * of their own, the others share the rest, and every value is cut to its column (LeadCells.tsx), so
 * the table fits its box from 1280 px up. On a phone each row shows as a card (leads.module.css).
 */
import { Icon } from "../../components/ui/Icon";
import type { IconName } from "../../content/icons";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import { ACTIONS_HEADING, type ListedLead } from "./leadColumns";
import styles from "./leads.module.css";

export function LeadTable<R extends ListedLead>({
  columns,
  rows,
  emptyText,
  rowName,
  selected,
  onToggle,
  onView,
  onDelete,
}: {
  /** The shown columns, in order, before Actions. */
  columns: readonly Column<R>[];
  rows: readonly R[];
  emptyText: string;
  rowName: (row: R) => string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onView: (row: R) => void;
  onDelete: (row: R) => void;
}) {
  const all: readonly Column<R>[] = [
    ...columns,
    {
      heading: ACTIONS_HEADING,
      className: `${shared.actions} ${styles.rowActions}`,
      headClassName: styles.colActions,
      cell: (row) => (
        <>
          <input
            type="checkbox"
            aria-label={`Select ${rowName(row)}`}
            title="Select for a change of several leads"
            checked={selected.has(row.id)}
            onChange={() => onToggle(row.id)}
          />
          <IconButton
            icon="eye"
            label={`View ${rowName(row)}`}
            title="View details"
            onClick={() => onView(row)}
          />
          <IconButton
            icon="trash"
            label={`Delete ${rowName(row)}`}
            title="Delete"
            onClick={() => onDelete(row)}
            danger
          />
        </>
      ),
    },
  ];
  return (
    <div className={shared.tableWrap}>
      <RecordTable
        columns={all}
        rows={rows}
        emptyText={emptyText}
        className={`${styles.cards} ${styles.leadTable}`}
      />
    </div>
  );
}

/** A button showing only an icon: its accessible name is the label, the title its tooltip. */
function IconButton({
  icon,
  label,
  title,
  onClick,
  danger = false,
}: {
  icon: IconName;
  label: string;
  title: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? shared.iconButtonDanger : shared.iconButton}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
