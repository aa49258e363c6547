/**
 * /commandcenter/integrations (Admin only; docs/product/webhooks.md): the endpoints, adding and
 * editing one, pause/resume, rotate the secret, delete; the signing secret shown once; one
 * endpoint's delivery log with Send test event and Replay.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type EndpointView, endpointDeleteQuestion, WEBHOOK_EVENT_LABELS } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { ApiFailure } from "../common/api";
import { ConfirmDeleteModal } from "../common/ConfirmDeleteModal";
import { ActionMessages } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import { useAction } from "../common/useAction";
import { DeliveryLog } from "./DeliveryLog";
import { EndpointForm } from "./EndpointForm";
import styles from "./integrations.module.css";
import { ENDPOINTS_KEY, integrationsApi, type SecretAnswer } from "./integrationsQueries";
import { SecretNotice } from "./SecretNotice";

export const INTEGRATIONS_ADMIN_ONLY = "Only admins can manage integrations.";

export function IntegrationsPage() {
  const { user } = useAuth();
  return user?.role === "admin" ? <IntegrationsManager /> : <AdminOnly />;
}

function AdminOnly() {
  return (
    <section className={shared.card} aria-labelledby="integrations-admin-only">
      <h2 id="integrations-admin-only" className={shared.cardTitle}>
        {INTEGRATIONS_ADMIN_ONLY}
      </h2>
    </section>
  );
}

function IntegrationsManager() {
  const client = useQueryClient();
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: integrationsApi.endpoints });
  const [secret, setSecret] = useState<string>();
  const [editing, setEditing] = useState<EndpointView>();
  const [selected, setSelected] = useState<string>();
  const [deleting, setDeleting] = useState<EndpointView>();
  const refresh = () => client.invalidateQueries({ queryKey: ENDPOINTS_KEY });
  const { busy, notice, error, act } = useAction(refresh);
  const saved = (answer: SecretAnswer) => {
    setEditing(undefined);
    if (answer.secret) setSecret(answer.secret);
    refresh();
  };
  const columns = endpointColumns({
    busy,
    edit: setEditing,
    select: setSelected,
    act,
    showSecret: setSecret,
    confirmDelete: setDeleting,
  });

  if (endpoints.error instanceof ApiFailure && endpoints.error.status === 403) return <AdminOnly />;
  return (
    <>
      <ActionMessages notice={notice} error={error} />
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(undefined)} />}
      {editing ? (
        <EndpointForm
          key={editing.id}
          editing={editing}
          onSaved={saved}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <EndpointForm onSaved={saved} />
      )}
      <section className={shared.card} aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className={shared.cardTitle}>
          Endpoints
        </h2>
        <Loaded query={endpoints} loading="Loading endpoints..." failure="Loading the endpoints failed.">
          {(data) => (
            <div className={shared.tableWrap}>
              <RecordTable columns={columns} rows={data.endpoints} emptyText="No endpoints yet" />
            </div>
          )}
        </Loaded>
      </section>
      {deleting && (
        <ConfirmDeleteModal
          title="Delete endpoint"
          question={endpointDeleteQuestion(nameOf(deleting))}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => {
            setDeleting(undefined);
            act(async () => {
              await integrationsApi.remove(deleting.id);
              return `${nameOf(deleting)} was deleted.`;
            });
          }}
        />
      )}
      {selected && endpoints.data?.endpoints.some((e) => e.id === selected) && (
        <DeliveryLog endpoint={endpoints.data.endpoints.find((e) => e.id === selected) as EndpointView} />
      )}
    </>
  );
}

const nameOf = (endpoint: EndpointView) => endpoint.description || endpoint.url;

interface RowHandlers {
  busy: boolean;
  confirmDelete: (endpoint: EndpointView) => void;
  edit: (endpoint: EndpointView) => void;
  select: (id: string) => void;
  act: (run: () => Promise<string>) => void;
  showSecret: (secret: string) => void;
}

function stateOf(endpoint: EndpointView): string {
  if (endpoint.active) return endpoint.failingSince ? "Active (failing)" : "Active";
  return endpoint.pausedReason === "failing" ? "Paused (failed for a day)" : "Paused";
}

function endpointColumns({
  busy,
  edit,
  select,
  act,
  showSecret,
  confirmDelete,
}: RowHandlers): Column<EndpointView>[] {
  const name = nameOf;
  return [
    { heading: "Endpoint", cell: (row) => `${row.description ? `${row.description} — ` : ""}${row.url}` },
    { heading: "Kind", cell: (row) => (row.kind === "slack" ? "Slack" : "Webhook") },
    { heading: "Events", cell: (row) => row.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(", ") },
    { heading: "State", cell: stateOf },
    {
      heading: "Actions",
      cell: (row) => (
        <span className={styles.rowActions}>
          <button type="button" className={shared.secondaryButton} onClick={() => select(row.id)}>
            Delivery log<span className="visually-hidden"> of {name(row)}</span>
          </button>
          <button type="button" className={shared.secondaryButton} onClick={() => edit(row)}>
            Edit
          </button>
          <button
            type="button"
            className={shared.secondaryButton}
            disabled={busy}
            onClick={() =>
              act(async () => {
                await integrationsApi.update(row.id, { active: !row.active });
                return row.active ? `${name(row)} is paused.` : `${name(row)} is active again.`;
              })
            }
          >
            {row.active ? "Pause" : "Resume"}
          </button>
          {row.kind === "webhook" && (
            <button
              type="button"
              className={shared.secondaryButton}
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const answer = await integrationsApi.rotate(row.id);
                  if (answer.secret) showSecret(answer.secret);
                  return "A new secret was made; the old one still signs for 24 hours.";
                })
              }
            >
              Rotate secret
            </button>
          )}
          <button
            type="button"
            className={shared.dangerButton}
            disabled={busy}
            onClick={() => confirmDelete(row)}
          >
            Delete<span className="visually-hidden"> {name(row)}</span>
          </button>
        </span>
      ),
    },
  ];
}
