/**
 * The lead desk in the Command Center (docs/decisions/0066-lead-desk-model.md): status, owner and
 * reply clock columns, the Status / Owner / Sort filters, the bulk bar, and the details panel with
 * the status and owner controls, the timeline and notes. Shared by the signups and contacts views.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import {
  LEAD_STATUS_LABELS,
  type LeadKindName,
  type LeadStatus,
  LIMITS_DESK,
  type ReplyTemplate,
  SETTABLE_STATUSES,
  type StaffUserView,
  type TimelineEntry,
} from "../../../../events";
import { useAuth } from "../shared/AuthProvider";
import { ApiFailure, api, failureMessage, type LeadPlural } from "../shared/api";
import { useLoaded } from "../shared/ErrorNotice";
import type { Column } from "../shared/RecordTable";
import styles from "../shared/shared.module.css";
import { formatDateTime, replyClockText } from "../shared/time";
import { hashOfLead } from "./useLinkedLead";

export interface DeskLead {
  readonly id: string;
  readonly status?: LeadStatus;
  readonly owner?: string;
  readonly lostReason?: string;
  readonly dueAt?: string;
  readonly respondedAt?: string;
  /** A returning prospect's submission: its open lead (docs/decisions/0075). */
  readonly linkedTo?: string;
  readonly linkedKind?: LeadKindName;
}

/** Filter bar selects of the desk: status, owner (Mine, Unassigned) and the order. */
export const DESK_FILTERS = [
  { param: "status", label: "Status", options: LEAD_STATUS_LABELS },
  { param: "owner", label: "Owner", options: { me: "Mine", none: "Unassigned" } },
  { param: "sort", label: "Sort", allLabel: "Newest first", options: { urgency: "Most urgent first" } },
] as const;

const loadOwners = () => api.deskOwners().then((answer) => answer.owners);

/** The staff members a lead can be given to (loaded once per screen); a failure says so, with Try again. */
export function useOwners(): { owners: readonly StaffUserView[]; failure: ReactNode } {
  const { value, failure } = useLoaded(loadOwners, "Loading the staff list failed.");
  return { owners: value ?? [], failure };
}

/** "due in 3 h" / "overdue by 2 h", refreshed every minute from the browser's clock. */
export function ReplyClock({ lead }: { lead: DeskLead }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const clock = replyClockText(lead, now);
  // A linked submission's reply is due on its lead (docs/decisions/0075).
  if (lead.status === "linked") return <span className={styles.muted}>On its lead</span>;
  if (!clock) return <span className={styles.muted}>{lead.respondedAt ? "Answered" : "—"}</span>;
  return <span className={clock.overdue ? styles.overdue : styles.dueSoon}>{clock.text}</span>;
}

export function statusText(lead: DeskLead): string {
  const label = LEAD_STATUS_LABELS[lead.status ?? "new"];
  return lead.status === "lost" && lead.lostReason ? `${label}: ${lead.lostReason}` : label;
}

export function deskColumns<R extends DeskLead>(): Column<R>[] {
  return [
    { heading: "Status", cell: (lead) => statusText(lead) },
    { heading: "Owner", cell: (lead) => lead.owner ?? <span className={styles.muted}>Unassigned</span> },
    { heading: "Reply", cell: (lead) => <ReplyClock lead={lead} /> },
  ];
}

/** The change a status / owner form asks for; undefined fields stay as they are. */
interface DeskChange {
  status?: (typeof SETTABLE_STATUSES)[number];
  lostReason?: string;
  owner?: string | null;
}

const NO_CHANGE = "";
const NOBODY = "__nobody__";

/** Status, lost reason and owner controls; used by the bulk bar and the details panel. */
function DeskControls({
  owners,
  busy,
  submitLabel,
  initial,
  onSubmit,
}: {
  owners: readonly StaffUserView[];
  busy: boolean;
  submitLabel: string;
  initial?: DeskLead;
  onSubmit: (change: DeskChange) => void;
}) {
  const [status, setStatus] = useState<string>(initial?.status ?? NO_CHANGE);
  const [reason, setReason] = useState(initial?.lostReason ?? "");
  const [owner, setOwner] = useState<string>(initial ? (initial.owner ?? NOBODY) : NO_CHANGE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: DeskChange = {};
    if (status && (status !== initial?.status || (status === "lost" && reason !== initial?.lostReason)))
      change.status = status as DeskChange["status"];
    if (change.status === "lost") change.lostReason = reason.trim();
    const currentOwner = initial ? (initial.owner ?? NOBODY) : NO_CHANGE;
    if (owner !== NO_CHANGE && owner !== currentOwner) change.owner = owner === NOBODY ? null : owner;
    onSubmit(change);
  };
  return (
    <form className={styles.deskControls} onSubmit={submit}>
      <label className={styles.inlineField}>
        <span>Status</span>
        <select value={status} onChange={(event) => setStatus(event.target.value)}>
          {!initial && <option value={NO_CHANGE}>Keep status</option>}
          {SETTABLE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {status === "lost" && (
        <label className={styles.inlineField}>
          <span>Reason</span>
          <input
            value={reason}
            required
            maxLength={LIMITS_DESK.lostReason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      <label className={styles.inlineField}>
        <span>Owner</span>
        <select value={owner} onChange={(event) => setOwner(event.target.value)}>
          {!initial && <option value={NO_CHANGE}>Keep owner</option>}
          <option value={NOBODY}>Unassigned</option>
          {owners.map((member) => (
            <option key={member.username} value={member.username}>
              {member.username}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </button>
    </form>
  );
}

function kindOf(plural: LeadPlural): "signup" | "contact" {
  return plural === "signups" ? "signup" : "contact";
}

/** Sends a change for some leads; the error text to show, or undefined on success. */
async function sendChange(plural: LeadPlural, ids: readonly string[], change: DeskChange) {
  if (change.status === undefined && change.owner === undefined) return undefined;
  try {
    await api.deskUpdate({ kind: kindOf(plural), ids: [...ids], ...change });
    return undefined;
  } catch (failure) {
    const fields = failure instanceof ApiFailure ? Object.values(failure.fieldErrors) : [];
    return fields[0] ?? failureMessage(failure, "Saving failed. Please try again.");
  }
}

/** Shown above the table while rows are selected: one change for all of them. */
export function BulkBar({
  plural,
  selected,
  owners,
  onDone,
}: {
  plural: LeadPlural;
  selected: readonly string[];
  owners: readonly StaffUserView[];
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (selected.length === 0) return null;
  return (
    <section className={styles.noticeBar} aria-label="Change selected leads">
      <strong>{selected.length} selected</strong>
      <DeskControls
        owners={owners}
        busy={busy}
        submitLabel="Apply to selected"
        onSubmit={async (change) => {
          setBusy(true);
          const problem = await sendChange(plural, selected, change);
          setBusy(false);
          setError(problem);
          if (!problem) onDone();
        }}
      />
      {error && (
        <p role="alert" className={styles.inlineError}>
          {error}
        </p>
      )}
    </section>
  );
}

const KIND_LABELS: Record<LeadKindName, string> = { signup: "Signup", contact: "Contact message" };
const PLURAL_OF: Record<LeadKindName, LeadPlural> = { signup: "signups", contact: "contacts" };

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
  linked: (entry) =>
    `Submitted again: ${KIND_LABELS[entry.otherKind ?? "signup"].toLowerCase()}${entry.country ? ` from ${entry.country}` : ""}`,
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
function LeadLink({ kind, id, children }: { kind: LeadKindName; id: string; children: ReactNode }) {
  return <Link to={{ pathname: `/commandcenter/${PLURAL_OF[kind]}`, hash: hashOfLead(id) }}>{children}</Link>;
}

/** A lead's timeline, loaded from the API; `load` reloads it; `failure` says why it could not. */
function useTimeline(plural: LeadPlural, id: string) {
  const read = useCallback(() => api.timeline(plural, id).then((answer) => answer.timeline), [plural, id]);
  const { value, failure, reload } = useLoaded(read, "Loading the timeline failed.");
  return { entries: value ?? [], load: reload, failure };
}

/** The entries, oldest first; `action` adds a control to an entry (Edit note). */
function TimelineList({
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
          <span className={styles.muted}>
            {formatDateTime(entry.at)} · {entry.actor}
          </span>{" "}
          <strong>{ENTRY_TEXT[entry.type](entry)}</strong>
          {entry.text !== undefined && <p className={styles.preWrap}>{entry.text}</p>}
          {entry.edited && <span className={styles.muted}> (edited)</span>}
          {action?.(entry)}
        </li>
      ))}
    </ol>
  );
}

/** On the lead: the submissions that came again from its address (its "linked" entries). */
function LinkedSubmissions({ entries }: { entries: readonly TimelineEntry[] }) {
  const linked = entries.filter((entry) => entry.type === "linked" && entry.otherId);
  if (linked.length === 0) return null;
  return (
    <>
      <h3 className={styles.cardTitle}>Linked submissions</h3>
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

/**
 * A returning prospect's submission (docs/decisions/0075): no clock and no desk of its own; it
 * shows the lead it is linked to and that lead's timeline, the one timeline of the prospect.
 */
function LinkedSubmissionPanel({ kind, id }: { kind: LeadKindName; id: string }) {
  const { entries, failure } = useTimeline(PLURAL_OF[kind], id);
  const arrived = entries.find((entry) => entry.type === "submitted")?.at;
  return (
    <section className={styles.desk} aria-label="Lead desk">
      <p role="note">
        <strong>
          Linked to{" "}
          <LeadLink kind={kind} id={id}>
            the {KIND_LABELS[kind].toLowerCase()} of {arrived ? formatDateTime(arrived) : "…"}
          </LeadLink>
        </strong>
        : the same address's open lead, whose reply clock covers this submission. Work it there.
      </p>
      <h3 className={styles.cardTitle}>Timeline of the lead</h3>
      {failure}
      <TimelineList entries={entries} />
    </section>
  );
}

/**
 * Reply to the prospect (docs/decisions/0068-replies.md): a template rendered for the lead, edited
 * here, sent once per key — the key stays the same for "Try again" and changes after a success.
 */
function ReplyComposer({
  plural,
  lead,
  onSent,
}: {
  plural: LeadPlural;
  lead: DeskLead;
  onSent: (entry: TimelineEntry) => void;
}) {
  const read = useCallback(() => api.replyTemplates(kindOf(plural), lead.id), [plural, lead.id]);
  const loaded = useLoaded(read, "Loading the reply templates failed.");
  const [template, setTemplate] = useState<ReplyTemplate["id"]>("first-reply");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [sending, setSending] = useState(false);
  // Blocks a second submit before the re-render disables the button (a double click); the key
  // makes the server send once even if one got through.
  const inFlight = useRef(false);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  const choose = useCallback((chosen: ReplyTemplate | undefined) => {
    if (!chosen) return;
    setTemplate(chosen.id);
    setSubject(chosen.subject);
    setBody(chosen.body);
  }, []);
  useEffect(() => choose(loaded.value?.templates[0]), [loaded.value, choose]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setSent(false);
    try {
      const answer = await api.sendReply({
        kind: kindOf(plural),
        id: lead.id,
        idempotencyKey: key,
        template,
        subject,
        body,
      });
      setError(undefined);
      setSent(true);
      setKey(crypto.randomUUID());
      onSent(answer.entry);
    } catch (failure) {
      setError(failureMessage(failure, "The reply could not be sent. Please try again."));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const address = loaded.value;
  if (!address) return loaded.failure;
  const { templates } = address;
  return (
    <form onSubmit={send} className={styles.noteForm} aria-label="Reply to the prospect">
      <h3 className={styles.cardTitle}>Reply</h3>
      {address.replyTo === null ? (
        <p role="alert" className={styles.inlineError}>
          Your account has no e-mail address. Add one to your account first: replies are answered to it.
        </p>
      ) : (
        <p className={styles.muted}>
          To {address.to} · replies come back to {address.replyTo}
        </p>
      )}
      <label className={styles.field}>
        <span>Template</span>
        <select
          value={template}
          onChange={(event) => choose(templates.find((option) => option.id === event.target.value))}
        >
          {templates.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Subject</span>
        <input
          value={subject}
          maxLength={LIMITS_DESK.replySubject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span>Message</span>
        <textarea
          rows={8}
          value={body}
          maxLength={LIMITS_DESK.replyBody}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className={styles.inlineError}>
          {error}
        </p>
      )}
      {sent && <p role="status">Reply sent.</p>}
      <button
        type="submit"
        className={styles.primaryButton}
        disabled={sending || address.replyTo === null || !subject.trim() || !body.trim()}
      >
        {sending ? "Sending…" : error ? "Try again" : "Send reply"}
      </button>
    </form>
  );
}

interface PanelProps {
  readonly plural: LeadPlural;
  readonly lead: DeskLead;
  readonly onChanged: () => void;
}

/** The details modal's desk: status and owner, the timeline and notes. */
export function LeadDeskPanel({ plural, lead, onChanged }: PanelProps) {
  if (lead.status === "linked" && lead.linkedTo && lead.linkedKind)
    return <LinkedSubmissionPanel kind={lead.linkedKind} id={lead.linkedTo} />;
  return <OpenLeadPanel plural={plural} lead={lead} onChanged={onChanged} />;
}

function OpenLeadPanel({ plural, lead, onChanged }: PanelProps) {
  const { owners, failure: ownersFailure } = useOwners();
  const { user } = useAuth();
  const { entries, load, failure: timelineFailure } = useTimeline(plural, lead.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState<string>();
  // Set by a reply sent from this panel: the clock shows it stopped without waiting for the list.
  const [respondedAt, setRespondedAt] = useState(lead.respondedAt);

  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    setBusy(true);
    try {
      await api.writeNote(plural, lead.id, note.trim(), editing);
      setNote("");
      setEditing(undefined);
      setError(undefined);
      load();
    } catch (failure) {
      setError(failureMessage(failure, "Saving the note failed. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const editable = (entry: TimelineEntry) =>
    entry.type === "note" &&
    entry.actor === user?.username &&
    Date.now() - Date.parse(entry.at) < LIMITS_DESK.noteEditMinutes * 60_000;

  return (
    <section className={styles.desk} aria-label="Lead desk">
      <p>
        Reply: <ReplyClock lead={{ ...lead, respondedAt: lead.respondedAt ?? respondedAt }} />
      </p>
      {ownersFailure}
      <DeskControls
        owners={owners}
        busy={busy}
        submitLabel="Save"
        initial={lead}
        onSubmit={async (change) => {
          setBusy(true);
          const problem = await sendChange(plural, [lead.id], change);
          setBusy(false);
          setError(problem);
          if (!problem) {
            load();
            onChanged();
          }
        }}
      />
      {error && (
        <p role="alert" className={styles.inlineError}>
          {error}
        </p>
      )}
      <LinkedSubmissions entries={entries} />
      <h3 className={styles.cardTitle}>Timeline</h3>
      {timelineFailure}
      <TimelineList
        entries={entries}
        action={(entry) =>
          editable(entry) && (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => {
                setEditing(entry.id);
                setNote(entry.text ?? "");
              }}
            >
              Edit note
            </button>
          )
        }
      />
      <ReplyComposer
        plural={plural}
        lead={lead}
        onSent={(entry) => {
          setRespondedAt((current) => current ?? entry.at);
          load();
          onChanged();
        }}
      />
      <form onSubmit={saveNote} className={styles.noteForm}>
        <label className={styles.field}>
          <span>{editing ? "Edit note" : "Add a note"}</span>
          <textarea
            rows={3}
            maxLength={LIMITS_DESK.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <button type="submit" className={styles.secondaryButton} disabled={busy || !note.trim()}>
          {editing ? "Save note" : "Add note"}
        </button>
      </form>
    </section>
  );
}
