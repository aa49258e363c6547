import { type FormEvent, useState } from "react";
import { STAFF_MESSAGES } from "../../../../events";
import { useAuth } from "./AuthProvider";
import { ApiFailure, api } from "./api";
import styles from "./shared.module.css";

/**
 * Accounts created before accounts had an address are asked for it after sign-in (the product
 * writes to staff: invitations, password resets, replies to leads). Shown above every page until
 * saved; it does not block the page.
 */
export function EmailPrompt() {
  const { setUser } = useAuth();
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setSaving(true);
    try {
      setUser((await api.setEmail(email)).user);
    } catch (failure) {
      const message = failure instanceof ApiFailure ? (failure.fieldErrors.email ?? failure.message) : "";
      setError(message || "Saving your e-mail address failed. Please try again.");
    } finally {
      setSaving(false);
    }
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
      <button type="submit" className={styles.primaryButton} disabled={saving}>
        {saving ? "Saving..." : "Save"}
      </button>
      {error && (
        <span className={styles.inlineError} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
