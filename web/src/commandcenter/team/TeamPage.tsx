/**
 * /commandcenter/team (Admin only; docs/decisions/0061, 0062): the members, the invitations and the
 * team's audit entries; invite, resend, revoke, change a role, deactivate / reactivate, reset a
 * second factor. Destructive actions ask first; every refusal shows the server's own message.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useAuth } from "../common/AuthProvider";
import { ApiFailure, api } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import { Modal } from "../common/Modal";
import { RecordTable } from "../common/RecordTable";
import styles from "../common/shared.module.css";
import { useAction } from "../common/useAction";
import { InviteForm } from "./InviteForm";
import {
  AUDIT_COLUMNS,
  type Confirmation,
  invitationColumns,
  memberActionsFor,
  memberColumns,
  type RowActions,
} from "./teamColumns";

/** What a Staff member sees on the Team page (the API answers them 403). */
export const ADMIN_ONLY_TEXT = "Only admins can manage the team.";

const TEAM_KEY = ["team"] as const;

export function TeamPage() {
  const { user } = useAuth();
  return user?.role === "admin" ? <TeamManager /> : <AdminOnly />;
}

function AdminOnly() {
  return (
    <section className={styles.card} aria-labelledby="admin-only-title">
      <h2 id="admin-only-title" className={styles.cardTitle}>
        {ADMIN_ONLY_TEXT}
      </h2>
      <p className={styles.muted}>Ask an administrator if you need a colleague added or changed.</p>
    </section>
  );
}

function TeamManager() {
  const { user } = useAuth();
  const client = useQueryClient();
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: () => api.team() });
  const [confirming, setConfirming] = useState<Confirmation>();
  /** Runs an action, shows its outcome (or the server's refusal), then reads the lists again. */
  const { busy, notice, error, act } = useAction(async () => {
    setConfirming(undefined);
    await client.invalidateQueries({ queryKey: TEAM_KEY });
  });
  const actions: RowActions = { busy, act, confirm: setConfirming };

  // Demoted since this page opened: the role is read on every request.
  if (team.error instanceof ApiFailure && team.error.status === 403) return <AdminOnly />;
  return (
    <Loaded query={team} loading="Loading team..." failure="Loading the team failed.">
      {({ members, invitations, audit }) => (
        <>
          <ActionMessages notice={notice} error={error} />
          <InviteForm onInvited={(email) => act(async () => `An invitation was sent to ${email}.`)} />
          <TableCard title="Members">
            <RecordTable
              columns={memberColumns(memberActionsFor(user?.username ?? "", actions))}
              rows={members.map((member) => ({ ...member, id: member.username }))}
              emptyText="No members"
            />
          </TableCard>
          <TableCard title="Invitations">
            <RecordTable columns={invitationColumns(actions)} rows={invitations} emptyText="No invitations" />
          </TableCard>
          <TableCard title="Audit log">
            <RecordTable
              columns={AUDIT_COLUMNS}
              rows={audit.map((entry, index) => ({ ...entry, id: `${entry.at}#${index}` }))}
              emptyText="No team changes yet"
            />
          </TableCard>
          {confirming && (
            <ConfirmDialog
              confirmation={confirming}
              busy={busy}
              onCancel={() => setConfirming(undefined)}
              onConfirm={() => act(confirming.run)}
            />
          )}
        </>
      )}
    </Loaded>
  );
}

function ConfirmDialog({
  confirmation,
  busy,
  onCancel,
  onConfirm,
}: {
  confirmation: Confirmation;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={confirmation.title}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={styles.dangerButton} disabled={busy} onClick={onConfirm}>
            {busy ? "Working..." : confirmation.confirmLabel}
          </button>
        </>
      }
    >
      <p>{confirmation.message}</p>
    </Modal>
  );
}

/** A titled card around one table; the title names the region. */
function TableCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      <div className={styles.tableWrap}>{children}</div>
    </section>
  );
}
