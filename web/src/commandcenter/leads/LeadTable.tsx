/**
 * The lead list's table: Name (with the e-mail address under it), the kind's chosen columns, the
 * desk's Status, Owner and Reply, and Actions (select, view, delete). On a phone each row shows as
 * a card (leads.module.css).
 */
import { Icon } from "../../components/ui/Icon";
import type { IconName } from "../../content/icons";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import type { DeskLead } from "./deskModel";
import { NameCell } from "./LeadCells";
import styles from "./leads.module.css";
import { deskColumns } from "./ReplyClock";

/** What every listed lead has: its desk fields, a name and an address. */
export interface ListedLead extends DeskLead {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

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
  /** The kind's own columns that are shown, between Name and the desk's. */
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
    { heading: "Name", cell: (row) => <NameCell record={row} /> },
    ...columns,
    ...deskColumns<R>(),
    {
      heading: "Actions",
      className: `${shared.actions} ${styles.rowActions}`,
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
      <RecordTable columns={all} rows={rows} emptyText={emptyText} className={styles.cards} />
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
