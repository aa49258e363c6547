/**
 * /commandcenter/confirm-email#token=… (the link sent to a new address; docs/decisions/0122): says
 * what the link does and does it only when asked (a mail scanner opening the link changes nothing),
 * then shows the server's answer.
 */
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "react-router-dom";
import { EMAIL_CHANGE_MESSAGES } from "../../../../events";
import { ApiFailure, api, failureMessage } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";
import { tokenFromHash } from "./useCheckedLink";

export function ConfirmEmailPage() {
  const token = tokenFromHash(useLocation().hash);
  const confirm = useMutation({ mutationFn: () => api.confirmEmail(token) });
  const error = !token
    ? EMAIL_CHANGE_MESSAGES.invalidLink
    : confirm.error instanceof ApiFailure && confirm.error.status === 400
      ? EMAIL_CHANGE_MESSAGES.invalidLink
      : confirm.isError
        ? failureMessage(confirm.error)
        : "";

  return (
    <LinkPageCard title="Confirm your new address">
      {confirm.data ? (
        <>
          <p role="status">{confirm.data.message}</p>
          <Link to="/commandcenter/account">Open your account</Link>
        </>
      ) : (
        <>
          {error && (
            <div className={styles.errorBanner} role="alert">
              {error}
            </div>
          )}
          <p>
            Make this address the one of your Command Center account: reset links and notices will go to it.
          </p>
          <button
            type="button"
            className={styles.primaryButton}
            disabled={!token || confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? "Confirming..." : "Confirm this address"}
          </button>
          <Link to="/commandcenter/login">Back to sign in</Link>
        </>
      )}
    </LinkPageCard>
  );
}
