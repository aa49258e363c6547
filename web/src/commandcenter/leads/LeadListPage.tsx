/**
 * One page for every kind of lead (signups, contact messages): a filter bar (search, the kind's and
 * the desk's selects, Export CSV), the results line with the column chooser, the bulk bar, the table
 * (its columns from leadColumns.tsx) with view, delete and select per row, Load more, a details dialog (named in the URL's hash, see
 * useLinkedLead) and a confirm-delete dialog. Each kind supplies its texts, filters,
 * columns and details (see SignupsPage and ContactsPage). A list that could not be read shows why,
 * with Try again, and nothing else: no count, no "none found".
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { LeadPlural } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { failureMessage, type ListParams } from "../common/api";
import { ConfirmDeleteModal } from "../common/ConfirmDeleteModal";
import { ErrorNotice } from "../common/ErrorNotice";
import { QueryFailure } from "../common/Loaded";
import shared from "../common/shared.module.css";
import { BulkBar } from "./BulkBar";
import { ColumnChooser } from "./ColumnChooser";
import { DESK_FILTERS } from "./deskModel";
import { LeadDeskPanel } from "./LeadDeskPanel";
import { type Detail, DetailsModal } from "./LeadDialogs";
import { FilterBar, type SelectFilter } from "./LeadFilters";
import { LeadTable } from "./LeadTable";
import type { ListColumn, ListedLead } from "./leadColumns";
import { leadKeys, ownersQuery } from "./leadQueries";
import styles from "./leads.module.css";
import { filterValuesOf, ReportRowNotice, ROW_PARAMS, reportRowOf } from "./reportRow";
import { MORE_MAY_MATCH, resultsLine } from "./resultsLine";
import { type LeadPage, useLeadList } from "./useLeadList";
import { useLinkedLead } from "./useLinkedLead";
import { useShownColumns } from "./useShownColumns";

export interface LeadKind<R extends ListedLead> {
  /** The API's plural; also the file name of the CSV export. */
  readonly exportName: LeadPlural;
  readonly texts: {
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
  /** The list's columns before Actions (leadColumns.tsx): all shown until a person hides some. */
  readonly columns: readonly ListColumn<R>[];
  /** Who or what a row is, for its buttons' names: 'View {it}', 'Delete {it}'. */
  readonly rowName: (row: R) => string;
  readonly details: (row: R) => readonly Detail[];
  readonly fetchPage: (params: ListParams) => Promise<LeadPage<R>>;
  /** One lead by id (a link to a lead that is not on the loaded page). */
  readonly fetchOne: (id: string) => Promise<R>;
  readonly remove: (id: string) => Promise<void>;
}

export function LeadListPage<R extends ListedLead>({ kind }: { kind: LeadKind<R> }) {
  const { texts, exportName: plural } = kind;
  const client = useQueryClient();
  const filters: readonly SelectFilter[] = [...kind.filters, ...DESK_FILTERS];
  const [search, setSearch] = useState("");
  const [address, setAddress] = useSearchParams();
  // A link may choose the selects (a Sources report row its channel) and the report's row and period.
  const [filterValues, setFilterValues] = useState(() => filterValuesOf(filters, address));
  const reportRow = reportRowOf(address, filterValues.channel);
  /** Drops the row's parts from the address: all of them, or (a new channel) its source and campaign. */
  const dropRow = (names: readonly string[]) =>
    setAddress(
      (before) => {
        const next = new URLSearchParams(before);
        for (const name of names) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<R | null>(null);
  const list = useLeadList(plural, kind.fetchPage, { ...filterValues, ...reportRow }, search);
  const viewing = useLinkedLead(plural, list.items, kind.fetchOne, texts.notFound);
  const owners = useQuery(ownersQuery("list"));
  const chooser = useShownColumns(
    useAuth().user?.username ?? "",
    plural,
    new Set(kind.columns.filter((column) => column.offByDefault).map((column) => column.heading)),
  );
  const remove = useMutation({
    mutationFn: (row: R) => kind.remove(row.id),
    onSuccess: (_, row) => {
      list.removed(row.id);
      client.removeQueries({ queryKey: leadKeys.lead(plural, row.id) });
      setDeleting(null);
    },
  });
  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      {list.loading ? (
        <p role="status">{texts.loading}</p>
      ) : (
        <>
          <FilterBar
            filters={filters}
            values={filterValues}
            onChange={(param, value) => {
              setFilterValues((before) => ({ ...before, [param]: value }));
              // A source and campaign belong to their channel.
              if (param === "channel") dropRow(["channel", "source", "campaign"]);
            }}
            search={search}
            onSearch={setSearch}
            exportName={plural}
            exportParams={{ ...filterValues, ...reportRow, q: list.query.trim() || undefined }}
          />
          <ReportRowNotice
            channel={filterValues.channel}
            row={reportRow}
            onClear={() => dropRow(ROW_PARAMS)}
          />
          {list.error && <ErrorNotice message={list.error} onRetry={list.retry} />}
          <QueryFailure query={owners} failure="Loading the staff list failed." />
          {!list.error && (
            <>
              <div className={styles.resultsBar}>
                <p className={styles.results} aria-live="polite">
                  {resultsLine(list.matched, list.total, list.matchedAtLeast, texts.noun)}
                </p>
                <ColumnChooser
                  headings={kind.columns.filter((column) => column.hideable).map((column) => column.heading)}
                  isShown={chooser.isShown}
                  onToggle={chooser.toggle}
                />
              </div>
              <BulkBar
                plural={plural}
                selected={[...selected]}
                owners={owners.data ?? []}
                onDone={() => setSelected(new Set())}
              />
              <LeadTable
                columns={kind.columns.filter((column) => !column.hideable || chooser.isShown(column.heading))}
                rows={list.items}
                emptyText={list.hasMore ? MORE_MAY_MATCH : texts.empty}
                rowName={kind.rowName}
                selected={selected}
                onToggle={toggle}
                onView={viewing.open}
                onDelete={setDeleting}
              />
              {list.moreError && <ErrorNotice message={list.moreError} onRetry={list.retryMore} />}
              {list.hasMore && !list.moreError && (
                <button
                  type="button"
                  className={shared.secondaryButton}
                  onClick={list.loadMore}
                  disabled={list.loadingMore}
                >
                  {list.loadingMore ? "Loading..." : "Load more"}
                </button>
              )}
            </>
          )}
        </>
      )}
      {viewing.id && (
        <DetailsModal
          key={viewing.id}
          title={texts.detailsTitle}
          details={viewing.lead ? kind.details(viewing.lead) : []}
          onClose={viewing.close}
        >
          {viewing.lead ? (
            <LeadDeskPanel plural={plural} lead={viewing.lead} />
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
          error={remove.isError ? failureMessage(remove.error, "Deleting failed. Please try again.") : ""}
          onCancel={() => {
            setDeleting(null);
            remove.reset();
          }}
          onConfirm={() => remove.mutate(deleting)}
        />
      )}
    </>
  );
}
