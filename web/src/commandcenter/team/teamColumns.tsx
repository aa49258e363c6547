/** The Team page's tables: members (with their buttons), invitations and the audit log. */
import type { ReactNode } from "react";
import {
  type InvitationView,
  STAFF_ROLE_LABELS,
  type StaffMember,
  type StaffRole,
  TEAM_AUDIT_LABELS,
  type TeamAuditEntry,
} from "../../../../events";
import { api } from "../common/api";
import type { Column } from "../common/RecordTable";
import styles from "../common/shared.module.css";
import { formatDateTime } from "../common/time";

/** An action waiting for its confirmation in the dialog. */
export interface Confirmation {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly run: () => Promise<string>;
}

/** What the rows' buttons do: run an action at once, or ask first. */
export interface RowActions {
  readonly busy: boolean;
  readonly act: (run: () => Promise<string>) => void;
  readonly confirm: (confirmation: Confirmation) => void;
}

const INVITATION_STATE_LABELS: Record<InvitationView["state"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  revoked: "Revoked",
  expired: "Expired",
};

export type MemberRow = StaffMember & { id: string };

function secondFactorText(member: StaffMember): string {
  const parts = [
    ...(member.totp ? ["authenticator app"] : []),
    ...(member.passkeys > 0 ? [`${member.passkeys} passkey${member.passkeys === 1 ? "" : "s"}`] : []),
  ];
  return parts.length > 0 ? `Yes (${parts.join(", ")})` : "No";
}

export function memberColumns(actions: (member: MemberRow) => ReactNode): Column<MemberRow>[] {
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
export function memberActionsFor(self: string, { act, confirm }: RowActions) {
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
              ? act(changeRole)
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
              act(async () => {
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

/** Resend and Revoke, for an invitation that can still be accepted (or has expired). */
function invitationActionsFor({ busy, act, confirm }: RowActions) {
  return function InvitationActions(invitation: InvitationView) {
    if (invitation.state !== "pending" && invitation.state !== "expired") return null;
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() =>
            act(async () => {
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
            confirm({
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
    );
  };
}

export function invitationColumns(actions: RowActions): Column<InvitationView>[] {
  return [
    { heading: "Email", cell: (invitation) => invitation.email },
    { heading: "Role", cell: (invitation) => STAFF_ROLE_LABELS[invitation.role] },
    { heading: "Sent", cell: (invitation) => formatDateTime(invitation.createdAt) },
    { heading: "Expires", cell: (invitation) => formatDateTime(invitation.expiresAt) },
    { heading: "State", cell: (invitation) => INVITATION_STATE_LABELS[invitation.state] },
    { heading: "Actions", cell: invitationActionsFor(actions), className: styles.actions },
  ];
}

export type AuditRow = TeamAuditEntry & { id: string };

export const AUDIT_COLUMNS: Column<AuditRow>[] = [
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
