import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { PRODUCT_LINES_LABELS, type Signup, TEAM_SIZE_LABELS } from "../../../events";
import { api, downloadCsv, type ListParams } from "./api";
import styles from "./commandcenter.module.css";
import { CcIcon } from "./icons";
import { Modal } from "./Modal";
import { StaffHeader } from "./StaffHeader";
import { formatDate, formatDateTime } from "./time";
import { useLeadList } from "./useLeadList";

const SHORT_TEAM: Record<Signup["teamSize"], string> = { solo: "Solo", team: "Team" };

export function fullName(record: { firstName: string; lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
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

function countryText(signup: Signup): string {
  if (!signup.country) return signup.countryCode ?? "Unknown";
  return signup.countryCode && signup.countryCode !== signup.country
    ? `${signup.country} (${signup.countryCode})`
    : signup.country;
}

/** SPEC.md /commandcenter/signups. */
export function SignupsPage() {
  const [search, setSearch] = useState("");
  const [teamSize, setTeamSize] = useState("all");
  const [productLines, setProductLines] = useState("all");
  const [viewing, setViewing] = useState<Signup | null>(null);
  const [deleting, setDeleting] = useState<Signup | null>(null);
  const [exporting, setExporting] = useState(false);
  const filters = useMemo(() => ({ teamSize, productLines }), [teamSize, productLines]);
  const fetchPage = useCallback(
    (params: ListParams) => api.signups(params).then(({ signups, ...rest }) => ({ items: signups, ...rest })),
    [],
  );
  const list = useLeadList(fetchPage, filters, search);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await api.deleteSignup(deleting.id);
      list.removed(deleting.id);
      setDeleting(null);
    } catch (error) {
      console.error("Deleting the signup failed", error);
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCsv("signups", { ...filters, q: list.query.trim() || undefined });
    } catch (error) {
      console.error("Export failed", error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.page}>
      <StaffHeader>
        <Link to="/commandcenter" className={styles.iconButton} aria-label="Back to dashboard">
          <CcIcon name="arrowLeft" />
        </Link>
        <h1 className={styles.pageTitle}>Signups</h1>
      </StaffHeader>
      <main className={styles.content}>
        {list.loading ? (
          <p role="status">Loading signups...</p>
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
              <label className={styles.filter}>
                <span>Team Size</span>
                <select value={teamSize} onChange={(event) => setTeamSize(event.target.value)}>
                  <option value="all">All</option>
                  <option value="solo">Solo</option>
                  <option value="team">Team</option>
                </select>
              </label>
              <label className={styles.filter}>
                <span>Product Lines</span>
                <select value={productLines} onChange={(event) => setProductLines(event.target.value)}>
                  <option value="all">All</option>
                  <option value="single">Single Line</option>
                  <option value="multiple">Multiple Lines</option>
                </select>
              </label>
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={onExport}
                disabled={exporting}
              >
                <CcIcon name="download" /> {exporting ? "Exporting..." : "Export CSV"}
              </button>
            </div>
            <p className={styles.results} aria-live="polite">
              {resultsLine(list.matched, list.total, list.matchedAtLeast, "signups")}
            </p>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    {[
                      "Name",
                      "Email",
                      "Team Size",
                      "Product Lines",
                      "Notes",
                      "Country",
                      "Date",
                      "Actions",
                    ].map((heading) => (
                      <th key={heading} scope="col">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.items.length === 0 ? (
                    <tr>
                      <td colSpan={8} className={styles.empty}>
                        No signups found
                      </td>
                    </tr>
                  ) : (
                    list.items.map((signup) => (
                      <tr key={signup.id}>
                        <td>{fullName(signup)}</td>
                        <td>{signup.email}</td>
                        <td>{SHORT_TEAM[signup.teamSize]}</td>
                        <td>{PRODUCT_LINES_LABELS[signup.productLines]}</td>
                        <td>
                          {signup.notes ? (
                            <span className={styles.notes} title={signup.notes}>
                              {signup.notes}
                            </span>
                          ) : (
                            <span className={styles.muted}>No notes</span>
                          )}
                        </td>
                        <td>{signup.country ?? "Unknown"}</td>
                        <td>{formatDate(signup.createdAt)}</td>
                        <td className={styles.actions}>
                          <button
                            type="button"
                            className={styles.iconButton}
                            aria-label={`View ${fullName(signup)}`}
                            title="View details"
                            onClick={() => setViewing(signup)}
                          >
                            <CcIcon name="eye" />
                          </button>
                          <button
                            type="button"
                            className={styles.iconButtonDanger}
                            aria-label={`Delete ${fullName(signup)}`}
                            title="Delete"
                            onClick={() => setDeleting(signup)}
                          >
                            <CcIcon name="trash" />
                          </button>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
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
      {viewing && (
        <Modal
          title="Signup Details"
          onClose={() => setViewing(null)}
          footer={
            <button type="button" className={styles.secondaryButton} onClick={() => setViewing(null)}>
              Close
            </button>
          }
        >
          <dl className={styles.details}>
            <dt>Name</dt>
            <dd>{fullName(viewing)}</dd>
            <dt>Email</dt>
            <dd>{viewing.email}</dd>
            <dt>Team Size</dt>
            <dd>{TEAM_SIZE_LABELS[viewing.teamSize]}</dd>
            <dt>Product Lines</dt>
            <dd>{PRODUCT_LINES_LABELS[viewing.productLines]}</dd>
            <dt>Submitted</dt>
            <dd>{formatDateTime(viewing.createdAt)}</dd>
            <dt>IP Address</dt>
            <dd>{viewing.ipAddress ?? "N/A"}</dd>
            <dt>Country</dt>
            <dd>{countryText(viewing)}</dd>
            {viewing.notes && (
              <>
                <dt>Notes</dt>
                <dd className={styles.preWrap}>{viewing.notes}</dd>
              </>
            )}
          </dl>
        </Modal>
      )}
      {deleting && (
        <Modal
          title="Confirm Delete"
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button type="button" className={styles.secondaryButton} onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className={styles.dangerButton} onClick={confirmDelete}>
                Delete
              </button>
            </>
          }
        >
          <p>Are you sure you want to delete this signup? This action cannot be undone.</p>
        </Modal>
      )}
    </div>
  );
}
