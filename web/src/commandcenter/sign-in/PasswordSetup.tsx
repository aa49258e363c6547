/**
 * What the pages reached from an e-mail link share (accepting an invitation, resetting a
 * password): the token from the link's fragment, the card they sit in, and the new-password form
 * that shows the password policy's own message from the API.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { ApiFailure, failureMessage } from "../shared/api";
import styles from "../shared/shared.module.css";

/** The one-time token of a link `…#token=<id>.<secret>` (the fragment never reaches a server). */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}

/**
 * The link's token and what the server says of it: `result` once it works, else `error` (the
 * link's own message for a 400, e.g. expired or used, else the general failure text).
 */
export function useCheckedLink<T>(
  check: (token: string) => Promise<T>,
  invalidMessage: string,
): { token: string; result?: T; error: string } {
  const token = tokenFromHash(useLocation().hash);
  const [result, setResult] = useState<T>();
  const [error, setError] = useState(token ? "" : invalidMessage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per token
  useEffect(() => {
    if (!token) return;
    let active = true;
    check(token)
      .then((answer) => active && setResult(answer))
      .catch((failure) => {
        if (!active) return;
        setError(
          failure instanceof ApiFailure && failure.status === 400 ? invalidMessage : failureMessage(failure),
        );
      });
    return () => {
      active = false;
    };
  }, [token]);
  return { token, result, error };
}

/** A centred card like the login screen's. */
export function LinkPageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.loginPage}>
      <section className={styles.loginCard} aria-labelledby="link-page-title">
        <h1 id="link-page-title" className={styles.loginTitle}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

/** Password and its repetition; the server judges the policy and its message is shown here. */
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
  const [passwordError, setPasswordError] = useState("");
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setPasswordError("");
    if (password !== repeat) {
      setPasswordError("The two passwords do not match.");
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(password);
    } catch (failure) {
      const fieldError = failure instanceof ApiFailure ? failure.fieldErrors.password : undefined;
      if (fieldError) setPasswordError(fieldError);
      else setError(failureMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.noteForm} onSubmit={submit} noValidate>
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
      <button type="submit" className={styles.primaryButton} disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
