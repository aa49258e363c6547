import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { EMAIL_CHANGE_MESSAGES, STAFF_MESSAGES } from "../../../../events";
import { ApiFailure, api } from "./api";
import styles from "./shared.module.css";

/** The prompt's failure: the field's or the server's message, else a sentence of its own. */
function promptFailure(failure: unknown): string {
  const message =
    failure instanceof ApiFailure
      ? (failure.fieldErrors.email ?? failure.fieldErrors.password ?? failure.message)
      : "";
  return message || "Saving your e-mail address failed. Please try again.";
}

/**
 * Accounts created before accounts had an address are asked for it after sign-in (the product
 * writes to staff: invitations, password resets, replies to leads). Shown above every page until
 * saved; it does not block the page. The password is asked too: the first address is where reset
 * links will go (docs/decisions/0082); it becomes the account's once the link e-mailed to it is
 * followed (docs/decisions/0122).
 */
export function EmailPrompt() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // The address is the account's once the link sent to it is followed (docs/decisions/0122).
  const save = useMutation({ mutationFn: () => api.setEmail(email, password) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className={styles.noticeBar} onSubmit={onSubmit} aria-labelledby="email-prompt-title">
      <strong id="email-prompt-title">{STAFF_MESSAGES.emailNeeded}</strong>
      <label className={styles.inlineField}>
        <span>Email</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label className={styles.inlineField}>
        <span>Current password</span>
        <input
          type="password"
          name="email-prompt-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" className={styles.primaryButton} disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save"}
      </button>
      {save.isSuccess && (
        <span className={styles.muted} role="status">
          {EMAIL_CHANGE_MESSAGES.pending}
        </span>
      )}
      {save.isError && (
        <span className={styles.inlineError} role="alert">
          {promptFailure(save.error)}
        </span>
      )}
    </form>
  );
}
