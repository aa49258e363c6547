/**
 * A lead's timeline (docs/decisions/0066): every entry oldest first, notes with their latest edit,
 * and the submissions that came again from the lead's address, each a link to its details.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { LEAD_PLURALS, LEAD_STATUS_LABELS, type LeadKindName, type TimelineEntry } from "../../../../events";
import { CHANNEL_LABELS } from "../../../../events/lead-source";
import shared from "../common/shared.module.css";
import { formatDateTime } from "../common/time";
import { KIND_LABELS } from "./deskModel";
import styles from "./leads.module.css";
import { hashOfLead } from "./useLinkedLead";

/** The system's e-mails as the timeline names them (the notify worker's keys). */
const EMAIL_LABELS: Record<string, string> = {
  acknowledgement: "acknowledgement",
  "staff-alert": "staff alert",
  "desk-reminder": "reminder",
};

const ENTRY_TEXT: Record<TimelineEntry["type"], (entry: TimelineEntry) => string> = {
  submitted: (entry) => `Submitted${entry.country ? ` from ${entry.country}` : ""}`,
  email: (entry) =>
    `E-mail sent: ${EMAIL_LABELS[entry.email ?? ""] ?? "e-mail"} to ${entry.to ?? "?"}${entry.subject ? ` (${entry.subject})` : ""}`,
  status: (entry) =>
    `Status: ${LEAD_STATUS_LABELS[entry.status ?? "new"]}${entry.lostReason ? ` (${entry.lostReason})` : ""}`,
  owner: (entry) => (entry.owner ? `Owner: ${entry.owner}` : "Owner: nobody"),
  note: () => "Note",
  "note-edit": () => "Note edited",
  reply: (entry) => `Reply sent to ${entry.to ?? "?"}${entry.subject ? `: ${entry.subject}` : ""}`,
  // The later submission's own channel (docs/decisions/0141-lead-source-capture.md): the lead keeps its first.
  linked: (entry) =>
    `Submitted again: ${KIND_LABELS[entry.otherKind ?? "signup"].toLowerCase()}${entry.country ? ` from ${entry.country}` : ""}${entry.source ? ` via ${CHANNEL_LABELS[entry.source.channel]}` : ""}`,
  deletion: () => "Deleted",
};

/** Notes with their latest edit applied; edits are shown on the note, not as entries of their own. */
function withEdits(entries: readonly TimelineEntry[]): (TimelineEntry & { edited?: boolean })[] {
  const latest = new Map<string, string>();
  for (const entry of entries)
    if (entry.type === "note-edit" && entry.noteId) latest.set(entry.noteId, entry.text ?? "");
  return entries
    .filter((entry) => entry.type !== "note-edit")
    .map((entry) =>
      entry.type === "note" && latest.has(entry.id)
        ? { ...entry, text: latest.get(entry.id), edited: true }
        : entry,
    );
}

/** Opens another lead's details (its list page with `#lead=<id>`, as the desk e-mails' links do). */
export function LeadLink({ kind, id, children }: { kind: LeadKindName; id: string; children: ReactNode }) {
  return (
    <Link to={{ pathname: `/commandcenter/${LEAD_PLURALS[kind]}`, hash: hashOfLead(id) }}>{children}</Link>
  );
}

/** The entries, oldest first; `action` adds a control to an entry (Edit note). */
export function TimelineList({
  entries,
  action,
}: {
  entries: readonly TimelineEntry[];
  action?: (entry: TimelineEntry) => ReactNode;
}) {
  return (
    <ol className={styles.timeline} aria-label="Timeline">
      {withEdits(entries).map((entry) => (
        <li key={entry.id}>
          <span className={shared.muted}>
            {formatDateTime(entry.at)} · {entry.actor}
          </span>{" "}
          <strong>{ENTRY_TEXT[entry.type](entry)}</strong>
          {entry.text !== undefined && <p className={shared.preWrap}>{entry.text}</p>}
          {entry.edited && <span className={shared.muted}> (edited)</span>}
          {action?.(entry)}
        </li>
      ))}
    </ol>
  );
}

/** On the lead: the submissions that came again from its address (its "linked" entries). */
export function LinkedSubmissions({ entries }: { entries: readonly TimelineEntry[] }) {
  const linked = entries.filter((entry) => entry.type === "linked" && entry.otherId);
  if (linked.length === 0) return null;
  return (
    <>
      <h3 className={shared.cardTitle}>Linked submissions</h3>
      <ul aria-label="Linked submissions">
        {linked.map((entry) => (
          <li key={entry.id}>
            <LeadLink kind={entry.otherKind ?? "signup"} id={entry.otherId ?? ""}>
              {KIND_LABELS[entry.otherKind ?? "signup"]} of {formatDateTime(entry.at)}
            </LeadLink>
          </li>
        ))}
      </ul>
    </>
  );
}
