import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { CONTACT_SUBJECT_LABELS, type ContactMessage } from "../../../events";
import { api, downloadCsv, type ListParams } from "./api";
import styles from "./commandcenter.module.css";
import { CcIcon } from "./icons";
import { Modal } from "./Modal";
import { fullName, resultsLine } from "./SignupsPage";
import { StaffHeader } from "./StaffHeader";
import { formatDate, formatDateTime } from "./time";
import { useLeadList } from "./useLeadList";

const NO_FILTERS = {};

function subjectText(message: ContactMessage): string {
  return message.subject === "general" ? "General" : CONTACT_SUBJECT_LABELS[message.subject];
}

/** Contact Messages (beyond SPEC.md): list, search, details, delete, export. */
export function ContactsPage() {
  const [search, setSearch] = useState("");
  const [viewing, setViewing] = useState<ContactMessage | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const fetchPage = useCallback(
    (params: ListParams) =>
      api.contacts(params).then(({ contacts, ...rest }) => ({ items: contacts, ...rest })),
    [],
  );
  const list = useLeadList(fetchPage, NO_FILTERS, search);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await api.deleteContact(deleting.id);
      list.removed(deleting.id);
      setDeleting(null);
    } catch (error) {
      console.error("Deleting the message failed", error);
    }
  };

  return (
    <div className={styles.page}>
      <StaffHeader>
        <Link to="/commandcenter" className={styles.iconButton} aria-label="Back to dashboard">
          <CcIcon name="arrowLeft" />
        </Link>
        <h1 className={styles.pageTitle}>Contact Messages</h1>
      </StaffHeader>
      <main className={styles.content}>
        {list.loading ? (
          <p role="status">Loading messages...</p>
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
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={() =>
                  downloadCsv("contacts", { q: list.query.trim() || undefined }).catch((error) =>
                    console.error("Export failed", error),
                  )
                }
              >
                <CcIcon name="download" /> Export CSV
              </button>
            </div>
            <p className={styles.results} aria-live="polite">
              {resultsLine(list.matched, list.total, list.matchedAtLeast, "messages")}
            </p>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    {["Name", "Email", "Company", "Subject", "Message", "Date", "Actions"].map((heading) => (
                      <th key={heading} scope="col">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.items.length === 0 ? (
                    <tr>
                      <td colSpan={7} className={styles.empty}>
                        No messages found
                      </td>
                    </tr>
                  ) : (
                    list.items.map((message) => (
                      <tr key={message.id}>
                        <td>{fullName(message)}</td>
                        <td>{message.email}</td>
                        <td>{message.company ?? ""}</td>
                        <td>{subjectText(message)}</td>
                        <td>
                          <span className={styles.notes} title={message.message}>
                            {message.message}
                          </span>
                        </td>
                        <td>{formatDate(message.createdAt)}</td>
                        <td className={styles.actions}>
                          <button
                            type="button"
                            className={styles.iconButton}
                            aria-label={`View message from ${fullName(message)}`}
                            onClick={() => setViewing(message)}
                          >
                            <CcIcon name="eye" />
                          </button>
                          <button
                            type="button"
                            className={styles.iconButtonDanger}
                            aria-label={`Delete message from ${fullName(message)}`}
                            onClick={() => setDeleting(message)}
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
          title="Message Details"
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
            <dt>Phone</dt>
            <dd>{viewing.phone ?? "N/A"}</dd>
            <dt>Company</dt>
            <dd>{viewing.company ?? "N/A"}</dd>
            <dt>Subject</dt>
            <dd>{subjectText(viewing)}</dd>
            <dt>Newsletter</dt>
            <dd>{viewing.newsletter ? "Yes" : "No"}</dd>
            <dt>Submitted</dt>
            <dd>{formatDateTime(viewing.createdAt)}</dd>
            <dt>IP Address</dt>
            <dd>{viewing.ipAddress ?? "N/A"}</dd>
            <dt>Message</dt>
            <dd className={styles.preWrap}>{viewing.message}</dd>
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
          <p>Are you sure you want to delete this message? This action cannot be undone.</p>
        </Modal>
      )}
    </div>
  );
}
