/**
 * /commandcenter/not-me#token=… (the "This wasn't me" link of a security notice; docs/decisions/0082):
 * says what the link does and does it only when asked (a mail scanner opening the link changes
 * nothing), then shows the server's account of what was done and the way to a new password.
 */
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "react-router-dom";
import { NOT_ME_MESSAGES } from "../../../../events";
import { ApiFailure, api, failureMessage } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";
import { tokenFromHash } from "./useCheckedLink";

export function NotMePage() {
  const token = tokenFromHash(useLocation().hash);
  const secure = useMutation({ mutationFn: () => api.notMe(token) });
  const error = !token
    ? NOT_ME_MESSAGES.invalidLink
    : secure.error instanceof ApiFailure && secure.error.status === 400
      ? NOT_ME_MESSAGES.invalidLink
      : secure.isError
        ? failureMessage(secure.error)
        : "";

  return (
    <LinkPageCard title="This wasn't me">
      {secure.data ? (
        <>
          <p role="status">{secure.data.message}</p>
          <Link to="/commandcenter/forgot-password">Choose a new password</Link>
        </>
      ) : (
        <>
          {error && (
            <div className={styles.errorBanner} role="alert">
              {error}
            </div>
          )}
          <p>
            If you did not make the change this e-mail told you about, secure your account: every session of
            it ends (yours too), the password reset links sent so far stop working, and the change is undone
            where it can be.
          </p>
          <button
            type="button"
            className={styles.dangerButton}
            disabled={!token || secure.isPending}
            onClick={() => secure.mutate()}
          >
            {secure.isPending ? "Securing..." : "Secure my account"}
          </button>
          <Link to="/commandcenter/login">Back to sign in</Link>
        </>
      )}
    </LinkPageCard>
  );
}
