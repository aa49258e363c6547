import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { failureMessage, fieldErrorsOf } from "../common/api";
import styles from "../common/shared.module.css";

/**
 * Password and its repetition (accepting an invitation, resetting a password); the server judges
 * the policy and its message is shown here.
 */
export function NewPasswordForm({
  submitLabel,
  submittingLabel,
  onSubmit,
  children,
}: {
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (password: string) => Promise<void>;
  /** More fields between the password and the button (e.g. a second factor). */
  children?: ReactNode;
}) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState("");
  const save = useMutation({ mutationFn: onSubmit });
  const policyError = fieldErrorsOf(save.error).password;
  const passwordError = mismatch || policyError || "";
  const error = save.isError && !policyError ? failureMessage(save.error) : "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setMismatch("");
    if (password !== repeat) {
      setMismatch("The two passwords do not match.");
      return;
    }
    save.mutate(password);
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      {error && (
        <div className={styles.errorBanner} role="alert">
          {error}
        </div>
      )}
      <label className={styles.field}>
        <span>New password</span>
        <input
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby="new-password-help"
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <p
        id="new-password-help"
        className={passwordError ? styles.inlineError : styles.muted}
        role={passwordError ? "alert" : undefined}
      >
        {passwordError || "At least 12 characters, and not easy to guess."}
      </p>
      <label className={styles.field}>
        <span>Repeat the password</span>
        <input
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
      </label>
      {children}
      <button type="submit" className={styles.primaryButton} disabled={save.isPending}>
        {save.isPending ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
