import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  ENDPOINT_KINDS,
  type EndpointKind,
  type EndpointView,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "../../../../events";
import { failureMessage, fieldErrorsOf } from "../common/api";
import { ErrorNotice } from "../common/ErrorNotice";
import shared from "../common/shared.module.css";
import styles from "./integrations.module.css";
import { integrationsApi, type SecretAnswer } from "./integrationsQueries";

const KIND_LABELS: Record<EndpointKind, string> = { webhook: "Webhook (signed JSON)", slack: "Slack" };

/** Add an endpoint, or (with `editing`) change one's URL, events and description. */
export function EndpointForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing?: EndpointView;
  onSaved: (answer: SecretAnswer) => void;
  onCancel?: () => void;
}) {
  const [kind, setKind] = useState<EndpointKind>(editing?.kind ?? "webhook");
  const [url, setUrl] = useState(editing && editing.kind === "webhook" ? editing.url : "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(editing?.events ?? ["signup.created"]);
  const save = useMutation({
    mutationFn: () =>
      editing
        ? integrationsApi.update(editing.id, { ...(url ? { url } : {}), events, description })
        : integrationsApi.create({ kind, url, events, description }),
    onSuccess: (answer) => {
      setUrl("");
      setDescription("");
      onSaved(answer);
    },
  });
  const fieldErrors = fieldErrorsOf(save.error);
  const error =
    save.isError && !fieldErrors.url ? failureMessage(save.error, "Saving the endpoint failed.") : "";
  const toggle = (event: WebhookEventType) =>
    setEvents((current) =>
      current.includes(event) ? current.filter((e) => e !== event) : [...current, event],
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = editing ? "Edit endpoint" : "Add an endpoint";
  return (
    <section className={shared.card} aria-labelledby="endpoint-form-title">
      <h2 id="endpoint-form-title" className={shared.cardTitle}>
        {title}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {!editing && (
          <label className={shared.field}>
            <span>Kind</span>
            <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as EndpointKind)}>
              {ENDPOINT_KINDS.map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={shared.field}>
          <span>{editing?.kind === "slack" ? "New URL (leave empty to keep it)" : "URL"}</span>
          <input
            type="url"
            name="url"
            autoComplete="off"
            value={url}
            aria-invalid={fieldErrors.url ? true : undefined}
            aria-describedby={fieldErrors.url ? "endpoint-url-error" : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <label className={shared.field}>
          <span>Description</span>
          <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset className={styles.events}>
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <label key={event} className={styles.event}>
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} />
              {WEBHOOK_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <div className={styles.buttons}>
          <button type="submit" className={shared.primaryButton} disabled={save.isPending}>
            {save.isPending ? "Saving..." : editing ? "Save changes" : "Add endpoint"}
          </button>
          {onCancel && (
            <button type="button" className={shared.secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
      {fieldErrors.url && (
        <p id="endpoint-url-error" className={shared.inlineError} role="alert">
          {fieldErrors.url}
        </p>
      )}
      {error && <ErrorNotice message={error} />}
    </section>
  );
}
