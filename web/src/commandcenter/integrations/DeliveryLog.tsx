import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeliveryView, EndpointView } from "../../../../events";
import { formatViewerTime } from "../../../../events";
import { ActionMessages } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import { useAction } from "../common/useAction";
import styles from "./integrations.module.css";
import { deliveriesKey, integrationsApi } from "./integrationsQueries";

const DAY_MS = 24 * 60 * 60_000;

/** One endpoint's recent deliveries; Send test event, Replay one, Replay the last day's failures. */
export function DeliveryLog({ endpoint }: { endpoint: EndpointView }) {
  const client = useQueryClient();
  const key = deliveriesKey(endpoint.id);
  const log = useQuery({ queryKey: key, queryFn: () => integrationsApi.deliveries(endpoint.id) });
  const { busy, notice, error, act } = useAction(() => client.invalidateQueries({ queryKey: key }));
  const replayOne = (id: string) =>
    act(async () => {
      const { replayed } = await integrationsApi.replayOne(id);
      return replayed ? "The delivery was queued again." : "That delivery is still being sent.";
    });
  const columns: Column<DeliveryView>[] = [
    { heading: "Event", cell: (row) => row.eventType },
    { heading: "Created", cell: (row) => formatViewerTime(row.createdAt) },
    { heading: "State", cell: (row) => row.state },
    { heading: "Attempts", cell: (row) => row.attempts },
    { heading: "Status", cell: (row) => row.responseStatus ?? row.error ?? "" },
    { heading: "Latency", cell: (row) => (row.latencyMs === undefined ? "" : `${row.latencyMs} ms`) },
    { heading: "Response", cell: (row) => <span className={styles.body}>{row.responseBody ?? ""}</span> },
    {
      heading: "Actions",
      cell: (row) =>
        row.state === "pending" ? (
          ""
        ) : (
          <button
            type="button"
            className={shared.secondaryButton}
            disabled={busy}
            onClick={() => replayOne(row.id)}
          >
            Replay
          </button>
        ),
    },
  ];
  return (
    <section className={shared.card} aria-labelledby="delivery-log-title">
      <h2 id="delivery-log-title" className={shared.cardTitle}>
        Delivery log: {endpoint.description || endpoint.url}
      </h2>
      <div className={styles.buttons}>
        <button
          type="button"
          className={shared.secondaryButton}
          disabled={busy}
          onClick={() =>
            act(async () => {
              await integrationsApi.test(endpoint.id);
              return "A test event was queued.";
            })
          }
        >
          Send test event
        </button>
        <button
          type="button"
          className={shared.secondaryButton}
          disabled={busy}
          onClick={() =>
            act(async () => {
              const now = Date.now();
              const to = new Date(now).toISOString();
              const { replayed } = await integrationsApi.replayRange(
                endpoint.id,
                new Date(now - DAY_MS).toISOString(),
                to,
              );
              return `${replayed} failed deliveries of the last 24 hours were queued again.`;
            })
          }
        >
          Replay failed (last 24 hours)
        </button>
        <button
          type="button"
          className={shared.secondaryButton}
          onClick={() => client.invalidateQueries({ queryKey: key })}
        >
          Refresh
        </button>
      </div>
      <ActionMessages notice={notice} error={error} />
      <Loaded query={log} loading="Loading deliveries..." failure="Loading the delivery log failed.">
        {({ deliveries }) => (
          <div className={shared.tableWrap}>
            <RecordTable columns={columns} rows={deliveries} emptyText="No deliveries yet" />
          </div>
        )}
      </Loaded>
    </section>
  );
}
