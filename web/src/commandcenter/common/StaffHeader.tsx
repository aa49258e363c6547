import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "./AuthProvider";
import { failureMessage } from "./api";
import { ErrorNotice } from "./ErrorNotice";
import styles from "./shared.module.css";

/**
 * The top bar of the protected pages, with Logout (to the site root once the server ended the
 * session; a failure says so, with Try again), the Sources report and, for admins, the Team, Privacy
 * and Integrations pages. Its links wrap on a narrow screen rather than widen the page.
 */
export function StaffHeader({ children }: { children: ReactNode }) {
  const { logout, user } = useAuth();
  const signOut = useMutation({
    mutationFn: logout,
    // Straight to the site's home page, a full load: not a route change that then leaves from an
    // effect (app/CommandCenterMount.tsx), during which the protected page could still act on a 401
    // and send the browser to the login instead, or after it.
    onSuccess: () => window.location.replace("/"),
  });
  const onLogout = () => signOut.mutate();
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerTitle}>{children}</div>
        <nav className={styles.headerTitle} aria-label="Command Center">
          <Link to="/commandcenter/spam">Spam</Link>
          <Link to="/commandcenter/sources">Sources</Link>
          {user?.role === "admin" && <Link to="/commandcenter/team">Team</Link>}
          {user?.role === "admin" && <Link to="/commandcenter/privacy">Privacy</Link>}
          {user?.role === "admin" && <Link to="/commandcenter/integrations">Integrations</Link>}
          <Link to="/commandcenter/account">Account</Link>
          <button type="button" className={styles.secondaryButton} onClick={onLogout}>
            Logout
          </button>
        </nav>
      </header>
      {signOut.isError && (
        <ErrorNotice
          message={failureMessage(signOut.error, "Signing out failed. Please try again.")}
          onRetry={onLogout}
        />
      )}
    </>
  );
}
