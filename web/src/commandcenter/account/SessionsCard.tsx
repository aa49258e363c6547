/** The Account page's sessions: where the member is signed in, and ending one or all the others. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionView } from "../../../../events";
import { api } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { type Column, RecordTable } from "../common/RecordTable";
import styles from "../common/shared.module.css";
import { formatOwnTime } from "../common/time";
import { useAction } from "../common/useAction";
import { AccountCard } from "./AccountCard";
import { sessionsQuery } from "./accountQueries";

function endedText(endedSessions: number): string {
  return endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`;
}

export function SessionsCard() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const { busy, notice, error, act } = useAction(() =>
    client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  );

  const columns: Column<SessionView>[] = [
    {
      heading: "Device",
      cell: (session) => (
        <>
          {session.device}
          {session.current && <strong> (this device)</strong>}
        </>
      ),
    },
    { heading: "Address", cell: (session) => session.ip ?? "Unknown" },
    { heading: "Started", cell: (session) => formatOwnTime(session.startedAt) },
    { heading: "Last used", cell: (session) => formatOwnTime(session.lastUsedAt) },
    {
      heading: "Actions",
      className: styles.actions,
      cell: (session) =>
        session.current ? null : (
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={busy}
            aria-label={`End session on ${session.device} from ${session.ip ?? "an unknown address"}`}
            onClick={() =>
              act(async () => {
                await api.endSession(session.id);
                return `The session on ${session.device} was ended.`;
              })
            }
          >
            End
          </button>
        ),
    },
  ];

  return (
    <AccountCard id="account-sessions" title="Sessions">
      <ActionMessages notice={notice} error={error} />
      <Loaded query={sessions} loading="Loading sessions..." failure="Loading your sessions failed.">
        {(list) => (
          <>
            <div className={styles.tableWrap}>
              <RecordTable columns={columns} rows={list} emptyText="No sessions" />
            </div>
            {list.some((session) => !session.current) && (
              <button
                type="button"
                className={styles.dangerButton}
                disabled={busy}
                onClick={() =>
                  act(async () => `${endedText((await api.endOtherSessions()).endedSessions)} ended.`)
                }
              >
                End all other sessions
              </button>
            )}
          </>
        )}
      </Loaded>
    </AccountCard>
  );
}
