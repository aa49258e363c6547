/**
 * /commandcenter/forgot-password (docs/decisions/0063): asks for the e-mail address or username and
 * shows the server's one answer, the same whether or not an account matches.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { api, failureMessage, fieldErrorsOf } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";

export function ForgotPasswordPage() {
  const [login, setLogin] = useState("");
  const send = useMutation({ mutationFn: () => api.forgotPassword(login) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  return (
    <LinkPageCard title="Forgot password">
      {send.data ? (
        <p role="status">{send.data.message}</p>
      ) : (
        <form className={styles.stack} onSubmit={onSubmit} noValidate>
          {send.isError && (
            <div className={styles.errorBanner} role="alert">
              {fieldErrorsOf(send.error).login ?? failureMessage(send.error)}
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
          <button type="submit" className={styles.primaryButton} disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send reset link"}
          </button>
        </form>
      )}
      <Link to="/commandcenter/login">Back to sign in</Link>
    </LinkPageCard>
  );
}
