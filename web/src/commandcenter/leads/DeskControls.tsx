import { type FormEvent, useState } from "react";
import {
  type DeskChange,
  LEAD_STATUS_LABELS,
  LIMITS_DESK,
  SETTABLE_STATUSES,
  type SettableStatus,
  type StaffUserView,
} from "../../../../events";
import shared from "../common/shared.module.css";
import type { DeskLead } from "./deskModel";
import styles from "./leads.module.css";

const NO_CHANGE = "";
const NOBODY = "__nobody__";

/**
 * Status, lost reason and owner controls; used by the bulk bar and the details panel. It hands on
 * what the form asks for ("Keep" leaves a field out); what that changes on a lead is decided by
 * events/desk-decide.ts (./useDeskChange.ts).
 */
export function DeskControls({
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
    onSubmit({
      ...(status ? { status: status as SettableStatus } : {}),
      ...(status === "lost" ? { lostReason: reason.trim() } : {}),
      ...(owner !== NO_CHANGE ? { owner: owner === NOBODY ? null : owner } : {}),
    });
  };
  return (
    <form className={styles.deskControls} onSubmit={submit}>
      <label className={shared.inlineField}>
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
        <label className={shared.inlineField}>
          <span>Reason</span>
          <input
            value={reason}
            required
            maxLength={LIMITS_DESK.lostReason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      <label className={shared.inlineField}>
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
      <button type="submit" className={shared.primaryButton} disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </button>
    </form>
  );
}
