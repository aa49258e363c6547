/**
 * /commandcenter/forgot-password (docs/decisions/0063): asks for the e-mail address or username and
 * shows the server's one answer, the same whether or not an account matches.
 */
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { ApiFailure, api, failureMessage } from "../shared/api";
import styles from "../shared/shared.module.css";
import { LinkPageCard } from "./PasswordSetup";

export function ForgotPasswordPage() {
  const [login, setLogin] = useState("");
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setSending(true);
    try {
      setAnswer((await api.forgotPassword(login)).message);
    } catch (failure) {
      const fieldError = failure instanceof ApiFailure ? failure.fieldErrors.login : undefined;
      setError(fieldError ?? failureMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <LinkPageCard title="Forgot password">
      {answer ? (
        <p role="status">{answer}</p>
      ) : (
        <form className={styles.noteForm} onSubmit={onSubmit} noValidate>
          {error && (
            <div className={styles.errorBanner} role="alert">
              {error}
            </div>
          )}
          <p className={styles.muted}>We will e-mail you a link to choose a new password.</p>
          <label className={styles.field}>
            <span>Email or username</span>
            <input
              name="login"
              autoComplete="username"
              required
              value={login}
              onChange={(event) => setLogin(event.target.value)}
            />
          </label>
          <button type="submit" className={styles.primaryButton} disabled={sending}>
            {sending ? "Sending..." : "Send reset link"}
          </button>
        </form>
      )}
      <Link to="/commandcenter/login">Back to sign in</Link>
    </LinkPageCard>
  );
}
