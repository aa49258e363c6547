import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAuth } from "./AuthProvider";
import { EmailPrompt } from "./EmailPrompt";
import { ErrorNotice } from "./ErrorNotice";
import styles from "./shared.module.css";

/**
 * docs/product/command-center.md: a spinner ('Loading...') during the session check, then the page
 * or the login; a check that got no answer says so, with Try again.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { user, loading, checkError, check } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className={styles.centered} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <p>Loading...</p>
      </div>
    );
  }
  if (checkError) {
    return (
      <div className={styles.centered}>
        <ErrorNotice message={checkError} onRetry={check} />
      </div>
    );
  }
  // Back to this page after signing in (a session that expired mid-work included), hash and all:
  // a lead link from an e-mail names its lead there (#lead=<id>).
  if (!user) {
    return (
      <Navigate
        to="/commandcenter/login"
        replace
        state={{ from: location.pathname + location.search + location.hash }}
      />
    );
  }
  return (
    <>
      {user.email === null && <EmailPrompt />}
      {children}
    </>
  );
}
