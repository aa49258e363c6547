/**
 * /commandcenter/team (Admin only; docs/decisions/0061, 0062): the members, the invitations and the
 * team's audit entries; invite, resend, revoke, change a role, deactivate / reactivate, reset a
 * second factor. Destructive actions ask first; every refusal shows the server's own message.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import {
  type InvitationView,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
  TEAM_AUDIT_LABELS,
  type TeamAuditEntry,
  type TeamResponse,
} from "../../../../events";
import { useAuth } from "../shared/AuthProvider";
import { ApiFailure, api, failureMessage } from "../shared/api";
import { ActionMessages, ErrorNotice, useAction } from "../shared/ErrorNotice";
import { Modal } from "../shared/Modal";
import { type Column, RecordTable } from "../shared/RecordTable";
import { StaffHeader } from "../shared/StaffHeader";
import styles from "../shared/shared.module.css";
import { formatDateTime } from "../shared/time";

/** What a Staff member sees on the Team page (the API answers them 403). */
export const ADMIN_ONLY_TEXT = "Only admins can manage the team.";

const INVITATION_STATE_LABELS: Record<InvitationView["state"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  revoked: "Revoked",
  expired: "Expired",
};

/** An action waiting for its confirmation in the dialog. */
interface Confirmation {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly run: () => Promise<string>;
}

export function TeamPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  return (
    <div className={styles.page}>
      <StaffHeader>
        <h1 className={styles.pageTitle}>Team</h1>
      </StaffHeader>
      <main className={styles.content}>{isAdmin ? <TeamManager /> : <AdminOnly />}</main>
    </div>
  );
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
  const [team, setTeam] = useState<TeamResponse>();
  const [loadError, setLoadError] = useState("");
  const [forbidden, setForbidden] = useState(false);
  const [confirming, setConfirming] = useState<Confirmation>();

  const load = useCallback(async () => {
    setLoadError("");
    try {
      setTeam(await api.team());
    } catch (failure) {
      // Demoted since this page opened: the role is read on every request.
      if (failure instanceof ApiFailure && failure.status === 403) setForbidden(true);
      else setLoadError(failureMessage(failure, "Loading the team failed."));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs an action, shows its outcome (or the server's refusal), then reloads the lists. */
  const {
    busy,
    notice,
    error: actionError,
    act,
  } = useAction(async () => {
    setConfirming(undefined);
    await load();
  });

  if (forbidden) return <AdminOnly />;
  if (loadError) return <ErrorNotice message={loadError} onRetry={() => void load()} />;
  if (!team) return <p role="status">Loading team...</p>;

  const memberActions = memberActionsFor(user?.username ?? "", setConfirming, act);
  const invitationActions = (invitation: InvitationView) =>
    invitation.state === "pending" || invitation.state === "expired" ? (
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await api.changeInvitation(invitation.id, "resend");
              return `A new invitation link was sent to ${invitation.email}.`;
            })
          }
        >
          Resend
        </button>
        <button
          type="button"
          className={styles.dangerButton}
          disabled={busy}
          onClick={() =>
            setConfirming({
              title: "Revoke invitation",
              message: `Revoke the invitation of ${invitation.email}? Its link stops working.`,
              confirmLabel: "Revoke",
              run: async () => {
                await api.changeInvitation(invitation.id, "revoke");
                return `The invitation of ${invitation.email} was revoked.`;
              },
            })
          }
        >
          Revoke
        </button>
      </div>
    ) : null;

  return (
    <>
      <ActionMessages notice={notice} error={actionError} />
      <InviteForm onInvited={(email) => act(async () => `An invitation was sent to ${email}.`)} />
      <TableCard title="Members">
        <RecordTable
          columns={memberColumns(memberActions)}
          rows={team.members.map((member) => ({ ...member, id: member.username }))}
          emptyText="No members"
        />
      </TableCard>
      <TableCard title="Invitations">
        <RecordTable
          columns={[
            { heading: "Email", cell: (invitation) => invitation.email },
            { heading: "Role", cell: (invitation) => STAFF_ROLE_LABELS[invitation.role] },
            { heading: "Sent", cell: (invitation) => formatDateTime(invitation.createdAt) },
            { heading: "Expires", cell: (invitation) => formatDateTime(invitation.expiresAt) },
            { heading: "State", cell: (invitation) => INVITATION_STATE_LABELS[invitation.state] },
            { heading: "Actions", cell: invitationActions, className: styles.actions },
          ]}
          rows={team.invitations}
          emptyText="No invitations"
        />
      </TableCard>
      <TableCard title="Audit log">
        <RecordTable
          columns={AUDIT_COLUMNS}
          rows={team.audit.map((entry, index) => ({ ...entry, id: `${entry.at}#${index}` }))}
          emptyText="No team changes yet"
        />
      </TableCard>
      {confirming && (
        <Modal
          title={confirming.title}
          onClose={() => !busy && setConfirming(undefined)}
          footer={
            <>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={busy}
                onClick={() => setConfirming(undefined)}
              >
                Cancel
              </button>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={busy}
                onClick={() => void act(confirming.run)}
              >
                {busy ? "Working..." : confirming.confirmLabel}
              </button>
            </>
          }
        >
          <p>{confirming.message}</p>
        </Modal>
      )}
    </>
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

type MemberRow = StaffMember & { id: string };

function secondFactorText(member: StaffMember): string {
  const parts = [
    ...(member.totp ? ["authenticator app"] : []),
    ...(member.passkeys > 0 ? [`${member.passkeys} passkey${member.passkeys === 1 ? "" : "s"}`] : []),
  ];
  return parts.length > 0 ? `Yes (${parts.join(", ")})` : "No";
}

function memberColumns(actions: (member: MemberRow) => ReactNode): Column<MemberRow>[] {
  return [
    { heading: "Username", cell: (member) => member.username },
    { heading: "Email", cell: (member) => member.email ?? <span className={styles.muted}>None</span> },
    { heading: "Role", cell: (member) => STAFF_ROLE_LABELS[member.role] },
    { heading: "Status", cell: (member) => (member.active ? "Active" : "Deactivated") },
    { heading: "Second factor", cell: secondFactorText },
    {
      heading: "Last sign-in",
      cell: (member) =>
        member.lastSignInAt ? formatDateTime(member.lastSignInAt) : <span className={styles.muted}>—</span>,
    },
    { heading: "Actions", cell: actions, className: styles.actions },
  ];
}

/** The buttons of one member's row; demoting, deactivating and resetting ask first. */
function memberActionsFor(
  self: string,
  confirm: (confirmation: Confirmation) => void,
  act: (action: () => Promise<string>) => Promise<void>,
) {
  return function MemberActions(member: MemberRow) {
    const other: StaffRole = member.role === "admin" ? "staff" : "admin";
    const changeRole = async () => {
      await api.updateMember(member.username, { role: other });
      return `${member.username} is now ${STAFF_ROLE_LABELS[other]}.`;
    };
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          aria-label={`Make ${member.username} ${STAFF_ROLE_LABELS[other]}`}
          onClick={() =>
            other === "admin"
              ? void act(changeRole)
              : confirm({
                  title: "Change role",
                  message: `Make ${member.username} Staff? They will no longer manage the team.`,
                  confirmLabel: "Make Staff",
                  run: changeRole,
                })
          }
        >
          Make {STAFF_ROLE_LABELS[other]}
        </button>
        {member.active ? (
          member.username !== self && (
            <button
              type="button"
              className={styles.dangerButton}
              aria-label={`Deactivate ${member.username}`}
              onClick={() =>
                confirm({
                  title: "Deactivate member",
                  message: `Deactivate ${member.username}? They are signed out everywhere and cannot sign in until reactivated.`,
                  confirmLabel: "Deactivate",
                  run: async () => {
                    await api.updateMember(member.username, { active: false });
                    return `${member.username} was deactivated.`;
                  },
                })
              }
            >
              Deactivate
            </button>
          )
        ) : (
          <button
            type="button"
            className={styles.secondaryButton}
            aria-label={`Reactivate ${member.username}`}
            onClick={() =>
              void act(async () => {
                await api.updateMember(member.username, { active: true });
                return `${member.username} was reactivated.`;
              })
            }
          >
            Reactivate
          </button>
        )}
        {(member.totp || member.passkeys > 0) && (
          <button
            type="button"
            className={styles.dangerButton}
            aria-label={`Reset second factor of ${member.username}`}
            onClick={() =>
              confirm({
                title: "Reset second factor",
                message: `Remove the authenticator app and passkeys of ${member.username} and end their sessions? They sign in with their password until they set up a new one.`,
                confirmLabel: "Reset second factor",
                run: async () => {
                  await api.resetSecondFactor(member.username);
                  return `The second factor of ${member.username} was reset.`;
                },
              })
            }
          >
            Reset second factor
          </button>
        )}
      </div>
    );
  };
}

type AuditRow = TeamAuditEntry & { id: string };

const AUDIT_COLUMNS: Column<AuditRow>[] = [
  { heading: "When", cell: (entry) => formatDateTime(entry.at) },
  { heading: "Who", cell: (entry) => entry.actor },
  { heading: "What", cell: (entry) => TEAM_AUDIT_LABELS[entry.action] },
  {
    heading: "Whom",
    // An acceptance names the inviter as its target.
    cell: (entry) =>
      entry.action === "team.invite.accept" ? `(invited by ${entry.target ?? "?"})` : (entry.target ?? ""),
  },
  {
    heading: "Details",
    cell: (entry) =>
      entry.detail && entry.detail in STAFF_ROLE_LABELS
        ? STAFF_ROLE_LABELS[entry.detail as StaffRole]
        : (entry.detail ?? ""),
  },
];

function InviteForm({ onInvited }: { onInvited: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("staff");
  const [error, setError] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setFieldError("");
    setSending(true);
    try {
      await api.invite(email, role);
      setEmail("");
      await onInvited(email.trim().toLowerCase());
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.fieldErrors.email)
        setFieldError(failure.fieldErrors.email);
      else setError(failureMessage(failure, "Sending the invitation failed."));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.cardTitle}>
        Invite a colleague
      </h2>
      <form className={styles.deskControls} onSubmit={onSubmit} noValidate>
        <label className={styles.field}>
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="off"
            required
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "invite-email-error" : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>Role</span>
          <select name="role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {STAFF_ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.primaryButton} disabled={sending}>
          {sending ? "Sending..." : "Send invitation"}
        </button>
      </form>
      {fieldError && (
        <p id="invite-email-error" className={styles.inlineError} role="alert">
          {fieldError}
        </p>
      )}
      {error && <ErrorNotice message={error} />}
    </section>
  );
}
