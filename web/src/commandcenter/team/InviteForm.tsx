import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../../events";
import { api, failureMessage, fieldErrorsOf } from "../common/api";
import { ErrorNotice } from "../common/ErrorNotice";
import shared from "../common/shared.module.css";
import styles from "./team.module.css";

/** Invite a colleague: their address and role; the API's refusal of the address shows under it. */
export function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("staff");
  const invite = useMutation({
    mutationFn: () => api.invite(email, role),
    onSuccess: () => {
      setEmail("");
      onInvited(email.trim().toLowerCase());
    },
  });
  const fieldError = fieldErrorsOf(invite.error).email ?? "";
  const error =
    invite.isError && !fieldError ? failureMessage(invite.error, "Sending the invitation failed.") : "";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };

  return (
    <section className={shared.card} aria-labelledby="invite-title">
      <h2 id="invite-title" className={shared.cardTitle}>
        Invite a colleague
      </h2>
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
        <label className={shared.field}>
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
        <label className={shared.field}>
          <span>Role</span>
          <select name="role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {STAFF_ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={shared.primaryButton} disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send invitation"}
        </button>
      </form>
      {fieldError && (
        <p id="invite-email-error" className={shared.inlineError} role="alert">
          {fieldError}
        </p>
      )}
      {error && <ErrorNotice message={error} />}
    </section>
  );
}
