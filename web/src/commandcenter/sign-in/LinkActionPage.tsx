/**
 * The page behind a link that changes an account (a new address's confirmation, "This wasn't me"):
 * says what the link does and does it only when asked (a mail scanner opening the link changes
 * nothing), then shows the server's answer and the way on.
 */
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { ApiFailure, failureMessage } from "../common/api";
import styles from "../common/shared.module.css";
import { LinkPageCard } from "./LinkPageCard";
import { tokenFromHash } from "./useCheckedLink";

export interface LinkAction<Answer extends { readonly message: string }> {
  readonly title: string;
  /** Shown for a link without a token and for one the server refuses (400). */
  readonly invalidLink: string;
  readonly send: (token: string) => Promise<Answer>;
  readonly explanation: ReactNode;
  readonly button: { readonly label: string; readonly busy: string; readonly danger?: boolean };
  /** Where to go once it is done. */
  readonly next: { readonly to: string; readonly label: string };
}

export function LinkActionPage<Answer extends { readonly message: string }>(action: LinkAction<Answer>) {
  const token = tokenFromHash(useLocation().hash);
  const run = useMutation({ mutationFn: () => action.send(token) });
  const refused = run.error instanceof ApiFailure && run.error.status === 400;
  const error = !token || refused ? action.invalidLink : run.isError ? failureMessage(run.error) : "";

  return (
    <LinkPageCard title={action.title}>
      {run.data ? (
        <>
          <p role="status">{run.data.message}</p>
          <Link to={action.next.to}>{action.next.label}</Link>
        </>
      ) : (
        <>
          {error && (
            <div className={styles.errorBanner} role="alert">
              {error}
            </div>
          )}
          <p>{action.explanation}</p>
          <button
            type="button"
            className={action.button.danger ? styles.dangerButton : styles.primaryButton}
            disabled={!token || run.isPending}
            onClick={() => run.mutate()}
          >
            {run.isPending ? action.button.busy : action.button.label}
          </button>
          <Link to="/commandcenter/login">Back to sign in</Link>
        </>
      )}
    </LinkPageCard>
  );
}
