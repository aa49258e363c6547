/**
 * One page for every kind of lead (signups, contact messages): a back arrow and Logout, a filter
 * bar (search, the kind's select filters, Export CSV), the results line, the results table with
 * view and delete buttons per row, Load more, a details modal (named in the URL's hash, see
 * useLinkedLead) and a confirm-delete modal. Each kind supplies its texts, filters, columns and
 * details (see SignupsPage and ContactsPage).
 */
import { Fragment, type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import { Icon, type IconName } from "../../components/ui/Icon";
import { downloadCsv, failureMessage, type ListParams } from "../shared/api";
import { ErrorNotice } from "../shared/ErrorNotice";
import { Modal } from "../shared/Modal";
import { type Column, RecordTable } from "../shared/RecordTable";
import { StaffHeader } from "../shared/StaffHeader";
import styles from "../shared/shared.module.css";
import { BulkBar, DESK_FILTERS, type DeskLead, deskColumns, LeadDeskPanel, useOwners } from "./LeadDeskPanel";
import { type LeadPage, useLeadList } from "./useLeadList";
import { useLinkedLead } from "./useLinkedLead";

type FilterParam = keyof Omit<ListParams, "q" | "cursor" | "limit">;
type FilterValues = Partial<Record<FilterParam, string>>;
type ExportName = Parameters<typeof downloadCsv>[0];

/** A select in the filter bar; 'All' (value 'all') comes first, then the options. */
export interface SelectFilter {
  readonly param: FilterParam;
  readonly label: string;
  readonly options: Readonly<Record<string, string>>;
  /** The first option's label (value 'all'); default 'All'. */
  readonly allLabel?: string;
}

/** One line of the details modal; a long one keeps its line breaks. */
export interface Detail {
  readonly term: string;
  readonly value: ReactNode;
  readonly long?: boolean;
}

export interface LeadKind<R extends { id: string }> {
  /** Also the file name of the CSV export. */
  readonly exportName: ExportName;
  readonly texts: {
    readonly title: string;
    readonly loading: string;
    /** Counted in the results line: 'N of M {noun}'. */
    readonly noun: string;
    readonly empty: string;
    readonly detailsTitle: string;
    /** Shown when a link names a lead that does not exist (deleted, or a wrong link). */
    readonly notFound: string;
    readonly confirmDelete: string;
  };
  readonly filters: readonly SelectFilter[];
  readonly columns: readonly Column<R>[];
  /** Who or what a row is, for its buttons' names: 'View {it}', 'Delete {it}'. */
  readonly rowName: (row: R) => string;
  readonly details: (row: R) => readonly Detail[];
  /** Stable (defined once per kind): the list reloads when it changes. */
  readonly fetchPage: (params: ListParams) => Promise<LeadPage<R>>;
  /** One lead by id (a link to a lead that is not on the loaded page); stable like fetchPage. */
  readonly fetchOne: (id: string) => Promise<R>;
  readonly remove: (id: string) => Promise<void>;
}

/** 'N of M signups' (N is a lower bound, shown with a '+', for very broad searches). */
export function resultsLine(
  matched: number,
  total: number,
  atLeast: boolean | undefined,
  noun: string,
): string {
  return `${matched.toLocaleString()}${atLeast ? "+" : ""} of ${total.toLocaleString()} ${noun}`;
}

function allOf(filters: readonly SelectFilter[]): FilterValues {
  return Object.fromEntries(filters.map(({ param }) => [param, "all"]));
}

export function LeadListPage<R extends DeskLead>({ kind }: { kind: LeadKind<R> }) {
  const { texts } = kind;
  const filters: readonly SelectFilter[] = [...kind.filters, ...DESK_FILTERS];
  const [search, setSearch] = useState("");
  const [filterValues, setFilterValues] = useState(() => allOf(filters));
  const [deleting, setDeleting] = useState<R | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useLeadList(kind.fetchPage, filterValues, search);
  const viewing = useLinkedLead(list.items, kind.fetchOne, texts.notFound);
  const { owners, failure: ownersFailure } = useOwners();
  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const [deleteError, setDeleteError] = useState("");

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError("");
    try {
      await kind.remove(deleting.id);
      list.removed(deleting.id);
      setDeleting(null);
    } catch (failure) {
      // Shown in the confirm dialog; pressing Delete again retries.
      setDeleteError(failureMessage(failure, "Deleting failed. Please try again."));
    }
  };

  const columns: readonly Column<R>[] = [
    ...kind.columns,
    ...deskColumns<R>(),
    {
      heading: "Actions",
      className: styles.actions,
      cell: (row) => (
        <>
          <input
            type="checkbox"
            aria-label={`Select ${kind.rowName(row)}`}
            title="Select for a change of several leads"
            checked={selected.has(row.id)}
            onChange={() => toggle(row.id)}
          />
          <RowActions
            name={kind.rowName(row)}
            onView={() => viewing.open(row)}
            onDelete={() => setDeleting(row)}
          />
        </>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <StaffHeader>
        <Link to="/commandcenter" className={styles.iconButton} aria-label="Back to dashboard">
          <Icon name="arrowLeft" />
        </Link>
        <h1 className={styles.pageTitle}>{texts.title}</h1>
      </StaffHeader>
      <main className={`${styles.content} ${styles.wideContent}`}>
        {list.loading ? (
          <p role="status">{texts.loading}</p>
        ) : (
          <>
            <div className={styles.filters}>
              <input
                type="search"
                className={styles.search}
                placeholder="Search by name or email..."
                aria-label="Search by name or email"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              {filters.map((filter) => (
                <FilterSelect
                  key={filter.param}
                  filter={filter}
                  value={filterValues[filter.param] ?? "all"}
                  onChange={(value) => setFilterValues((before) => ({ ...before, [filter.param]: value }))}
                />
              ))}
              <ExportButton
                exportName={kind.exportName}
                params={{ ...filterValues, q: list.query.trim() || undefined }}
              />
            </div>
            {list.error && <ErrorNotice message={list.error} onRetry={list.retry} />}
            {ownersFailure}
            <p className={styles.results} aria-live="polite">
              {resultsLine(list.matched, list.total, list.matchedAtLeast, texts.noun)}
            </p>
            <BulkBar
              plural={kind.exportName}
              selected={[...selected]}
              owners={owners}
              onDone={() => {
                setSelected(new Set());
                list.reload();
              }}
            />
            <div className={styles.tableWrap}>
              <RecordTable columns={columns} rows={list.items} emptyText={texts.empty} />
            </div>
            {list.nextCursor && (
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={list.loadMore}
                disabled={list.loadingMore}
              >
                {list.loadingMore ? "Loading..." : "Load more"}
              </button>
            )}
          </>
        )}
      </main>
      {viewing.id && (
        <DetailsModal
          key={viewing.id}
          title={texts.detailsTitle}
          details={viewing.lead ? kind.details(viewing.lead) : []}
          onClose={viewing.close}
        >
          {viewing.lead ? (
            <LeadDeskPanel
              plural={kind.exportName}
              lead={viewing.lead}
              onChanged={() => {
                list.reload();
                viewing.reload();
              }}
            />
          ) : viewing.error ? (
            <ErrorNotice message={viewing.error} onRetry={viewing.retry} />
          ) : (
            <p role="status">Loading...</p>
          )}
        </DetailsModal>
      )}
      {deleting && (
        <ConfirmDeleteModal
          question={texts.confirmDelete}
          error={deleteError}
          onCancel={() => {
            setDeleting(null);
            setDeleteError("");
          }}
          onConfirm={confirmDelete}
        />
      )}
    </div>
  );
}

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: SelectFilter;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.filter}>
      <span>{filter.label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="all">{filter.allLabel ?? "All"}</option>
        {Object.entries(filter.options).map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

function ExportButton({ exportName, params }: { exportName: ExportName; params: ListParams }) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState("");
  const onExport = async () => {
    setExporting(true);
    setError("");
    try {
      await downloadCsv(exportName, params);
    } catch (failure) {
      setError(failureMessage(failure, "Export failed. Please try again."));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <button type="button" className={styles.secondaryButton} onClick={onExport} disabled={exporting}>
        <Icon name="download" /> {exporting ? "Exporting..." : "Export CSV"}
      </button>
      {error && <ErrorNotice message={error} onRetry={onExport} />}
    </>
  );
}

function RowActions({ name, onView, onDelete }: { name: string; onView: () => void; onDelete: () => void }) {
  return (
    <>
      <IconButton icon="eye" label={`View ${name}`} title="View details" onClick={onView} />
      <IconButton icon="trash" label={`Delete ${name}`} title="Delete" onClick={onDelete} danger />
    </>
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
      className={danger ? styles.iconButtonDanger : styles.iconButton}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

function DetailsModal({
  title,
  details,
  onClose,
  children,
}: {
  title: string;
  details: readonly Detail[];
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className={styles.secondaryButton} onClick={onClose}>
          Close
        </button>
      }
    >
      <dl className={styles.details}>
        {details.map(({ term, value, long }) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd className={long ? styles.preWrap : undefined}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {children}
    </Modal>
  );
}

function ConfirmDeleteModal({
  question,
  error,
  onCancel,
  onConfirm,
}: {
  question: string;
  error: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title="Confirm Delete"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className={styles.secondaryButton} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={styles.dangerButton} onClick={onConfirm}>
            Delete
          </button>
        </>
      }
    >
      <p>{question}</p>
      {error && <ErrorNotice message={error} />}
    </Modal>
  );
}
