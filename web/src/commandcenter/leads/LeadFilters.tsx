/** The lead list's filter bar parts: a select per filter, and the CSV export. */
import { useMutation } from "@tanstack/react-query";
import type { LeadPlural } from "../../../../events";
import { Icon } from "../../components/ui/Icon";
import { downloadCsv, failureMessage, type ListParams } from "../common/api";
import { ErrorNotice } from "../common/ErrorNotice";
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";

export type FilterParam = keyof Omit<ListParams, "q" | "cursor" | "limit">;
export type FilterValues = Partial<Record<FilterParam, string>>;

/** A select in the filter bar; 'All' (value 'all') comes first, then the options. */
export interface SelectFilter {
  readonly param: FilterParam;
  readonly label: string;
  readonly options: Readonly<Record<string, string>>;
  /** The first option's label (value 'all'); default 'All'. */
  readonly allLabel?: string;
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

/** Downloads what the filters and search select; a failure says so, with Try again. */
function ExportButton({ exportName, params }: { exportName: LeadPlural; params: ListParams }) {
  const download = useMutation({ mutationFn: () => downloadCsv(exportName, params) });
  const onExport = () => download.mutate();
  return (
    <>
      <button
        type="button"
        className={shared.secondaryButton}
        onClick={onExport}
        disabled={download.isPending}
      >
        <Icon name="download" /> {download.isPending ? "Exporting..." : "Export CSV"}
      </button>
      {download.isError && (
        <ErrorNotice
          message={failureMessage(download.error, "Export failed. Please try again.")}
          onRetry={onExport}
        />
      )}
    </>
  );
}

/** Search, a select per filter, and Export CSV of what they select. */
export function FilterBar({
  filters,
  values,
  onChange,
  search,
  onSearch,
  exportName,
  exportParams,
}: {
  filters: readonly SelectFilter[];
  values: FilterValues;
  onChange: (param: FilterParam, value: string) => void;
  search: string;
  onSearch: (search: string) => void;
  exportName: LeadPlural;
  exportParams: ListParams;
}) {
  return (
    <div className={styles.filters}>
      <input
        type="search"
        className={styles.search}
        placeholder="Search by name or email..."
        aria-label="Search by name or email"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      {filters.map((filter) => (
        <FilterSelect
          key={filter.param}
          filter={filter}
          value={values[filter.param] ?? "all"}
          onChange={(value) => onChange(filter.param, value)}
        />
      ))}
      <ExportButton exportName={exportName} params={exportParams} />
    </div>
  );
}
