/**
 * /commandcenter/reset-password#token=… (the link of the password reset e-mail; docs/decisions/0063):
 * checks the link, sets the new password (the policy's message from the API), then asks the person
 * to sign in — every session of the account has ended.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { PASSWORD_RESET_MESSAGES } from "../../../../events";
import { api } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";
import { NewPasswordForm } from "./NewPasswordForm";
import { useCheckedLink } from "./useCheckedLink";

export function ResetPasswordPage() {
  const { token, result, error } = useCheckedLink(
    "password-reset",
    api.checkPasswordReset,
    PASSWORD_RESET_MESSAGES.invalidLink,
  );
  const [message, setMessage] = useState("");

  return (
    <LinkPageCard title="Choose a new password">
      {error ? (
        <>
          <div className={styles.errorBanner} role="alert">
            {error}
          </div>
          <Link to="/commandcenter/forgot-password">Ask for a new link</Link>
        </>
      ) : !result ? (
        <p role="status">Checking your link...</p>
      ) : message ? (
        <>
          <p role="status">{message}</p>
          <Link to="/commandcenter/login">Sign in</Link>
        </>
      ) : (
        <NewPasswordForm
          submitLabel="Set new password"
          submittingLabel="Saving..."
          onSubmit={async (password) => {
            setMessage((await api.resetPassword(token, password)).message);
          }}
        />
      )}
    </LinkPageCard>
  );
}
