/**
 * The details modal's desk (docs/decisions/0066-lead-desk-model.md): the reply clock, the status and
 * owner controls, the timeline with its notes, the reply composer — or, for a returning prospect's
 * submission, the lead it is linked to.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type LeadPlural, LIMITS_DESK, type TimelineEntry } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { api, failureMessage } from "../common/api";
import { QueryFailure } from "../common/Loaded";
import shared from "../common/shared.module.css";
import { DeskControls } from "./DeskControls";
import type { DeskLead } from "./deskModel";
import { previewDesk } from "./deskPreview";
import { LinkedSubmissionPanel } from "./LinkedSubmissionPanel";
import { leadKeys, ownersQuery, timelineQuery } from "./leadQueries";
import styles from "./leads.module.css";
import { ReplyClock } from "./ReplyClock";
import { ReplyComposer } from "./ReplyComposer";
import { LinkedSubmissions, TimelineList } from "./Timeline";
import { useDeskChange } from "./useDeskChange";

interface PanelProps {
  readonly plural: LeadPlural;
  readonly lead: DeskLead;
}

export function LeadDeskPanel({ plural, lead }: PanelProps) {
  if (lead.status === "linked" && lead.linkedTo && lead.linkedKind)
    return <LinkedSubmissionPanel kind={lead.linkedKind} id={lead.linkedTo} />;
  return <OpenLeadPanel plural={plural} lead={lead} />;
}

function OpenLeadPanel({ plural, lead }: PanelProps) {
  const client = useQueryClient();
  const { user } = useAuth();
  const owners = useQuery(ownersQuery("panel"));
  const timeline = useQuery(timelineQuery(plural, lead.id));
  const entries = timeline.isError ? [] : (timeline.data ?? []);
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState<string>();
  const changed = () => client.invalidateQueries({ queryKey: leadKeys.kind(plural) });
  const desk = useDeskChange(plural, () => undefined);
  const saveNote = useMutation({
    mutationFn: () => api.writeNote(plural, lead.id, note.trim(), editing),
    onSuccess: () => {
      setNote("");
      setEditing(undefined);
      void client.invalidateQueries({ queryKey: leadKeys.timeline(plural, lead.id) });
    },
  });
  // One line for the last save that failed, the desk change's or the note's.
  const error =
    desk.error ||
    (saveNote.isError ? failureMessage(saveNote.error, "Saving the note failed. Please try again.") : "");

  const onNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    desk.reset();
    saveNote.mutate();
  };

  const editable = (entry: TimelineEntry) =>
    entry.type === "note" &&
    entry.actor === user?.username &&
    Date.now() - Date.parse(entry.at) < LIMITS_DESK.noteEditMinutes * 60_000;

  return (
    <section className={styles.desk} aria-label="Lead desk">
      <p>
        Reply: <ReplyClock lead={lead} />
      </p>
      <QueryFailure query={owners} failure="Loading the staff list failed." />
      <DeskControls
        owners={owners.data ?? []}
        busy={desk.busy || saveNote.isPending}
        submitLabel="Save"
        initial={lead}
        onSubmit={(change) => {
          saveNote.reset();
          desk.send([lead.id], change, lead);
        }}
      />
      {error && (
        <p role="alert" className={shared.inlineError}>
          {error}
        </p>
      )}
      <LinkedSubmissions entries={entries} />
      <h3 className={shared.cardTitle}>Timeline</h3>
      <QueryFailure query={timeline} failure="Loading the timeline failed." />
      <TimelineList
        entries={entries}
        action={(entry) =>
          editable(entry) && (
            <button
              type="button"
              className={shared.secondaryButton}
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
          // The clock shows it stopped (and New shows Contacted) without waiting for the list.
          const reply = { to: entry.to ?? "", subject: entry.subject ?? "", text: entry.text ?? "" };
          previewDesk(client, plural, [lead.id], { reply }, entry.at);
          void changed();
        }}
      />
      <form onSubmit={onNote} className={`${shared.stack} ${styles.panelForm}`}>
        <label className={shared.field}>
          <span>{editing ? "Edit note" : "Add a note"}</span>
          <textarea
            rows={3}
            maxLength={LIMITS_DESK.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className={shared.secondaryButton}
          disabled={desk.busy || saveNote.isPending || !note.trim()}
        >
          {editing ? "Save note" : "Add note"}
        </button>
      </form>
    </section>
  );
}
