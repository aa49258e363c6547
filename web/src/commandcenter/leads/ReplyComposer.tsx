/**
 * Reply to the prospect (docs/decisions/0068-replies.md): a template rendered for the lead, edited
 * here, sent once per key — the key stays the same for "Try again" and changes after a success.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import {
  kindOfPlural,
  type LeadPlural,
  LIMITS_DESK,
  type ReplyTemplate,
  type ReplyTemplatesResponse,
  type TimelineEntry,
} from "../../../../events";
import { api, failureMessage } from "../common/api";
import { Loaded } from "../common/Loaded";
import shared from "../common/shared.module.css";
import type { DeskLead } from "./deskModel";
import { templatesQuery } from "./leadQueries";
import styles from "./leads.module.css";

interface ComposerProps {
  readonly plural: LeadPlural;
  readonly lead: DeskLead;
  readonly onSent: (entry: TimelineEntry) => void;
}

export function ReplyComposer({ plural, lead, onSent }: ComposerProps) {
  const templates = useQuery(templatesQuery(plural, lead.id));
  return (
    <Loaded query={templates} loading={null} failure="Loading the reply templates failed.">
      {(address) => <ReplyForm plural={plural} lead={lead} onSent={onSent} address={address} />}
    </Loaded>
  );
}

function ReplyForm({ plural, lead, onSent, address }: ComposerProps & { address: ReplyTemplatesResponse }) {
  const { templates } = address;
  // The first template fills the form; reading the templates again never replaces a reply being written.
  const first = templates[0];
  const [template, setTemplate] = useState<ReplyTemplate["id"]>(first?.id ?? "first-reply");
  const [subject, setSubject] = useState(first?.subject ?? "");
  const [body, setBody] = useState(first?.body ?? "");
  const [key, setKey] = useState(() => crypto.randomUUID());
  // Blocks a second submit before the re-render disables the button (a double click); the key
  // makes the server send once even if one got through.
  const inFlight = useRef(false);
  const send = useMutation({
    mutationFn: () =>
      api.sendReply({
        kind: kindOfPlural(plural),
        id: lead.id,
        idempotencyKey: key,
        template,
        subject,
        body,
      }),
    onSuccess: (answer) => {
      setKey(crypto.randomUUID());
      onSent(answer.entry);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const choose = (chosen: ReplyTemplate | undefined) => {
    if (!chosen) return;
    setTemplate(chosen.id);
    setSubject(chosen.subject);
    setBody(chosen.body);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    send.mutate();
  };
  const error = send.isError
    ? failureMessage(send.error, "The reply could not be sent. Please try again.")
    : "";

  return (
    <form
      onSubmit={submit}
      className={`${shared.stack} ${styles.panelForm}`}
      aria-label="Reply to the prospect"
    >
      <h3 className={shared.cardTitle}>Reply</h3>
      {address.replyTo === null ? (
        <p role="alert" className={shared.inlineError}>
          Your account has no e-mail address. Add one to your account first: replies are answered to it.
        </p>
      ) : (
        <p className={shared.muted}>
          To {address.to} · replies come back to {address.replyTo}
        </p>
      )}
      <label className={shared.field}>
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
      <label className={shared.field}>
        <span>Subject</span>
        <input
          value={subject}
          maxLength={LIMITS_DESK.replySubject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <label className={shared.field}>
        <span>Message</span>
        <textarea
          rows={8}
          value={body}
          maxLength={LIMITS_DESK.replyBody}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className={shared.inlineError}>
          {error}
        </p>
      )}
      {send.isSuccess && <p role="status">Reply sent.</p>}
      <button
        type="submit"
        className={shared.primaryButton}
        disabled={send.isPending || address.replyTo === null || !subject.trim() || !body.trim()}
      >
        {send.isPending ? "Sending…" : error ? "Try again" : "Send reply"}
      </button>
    </form>
  );
}
