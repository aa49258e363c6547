import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useAuth } from "./auth";
import styles from "./commandcenter.module.css";

/**
 * The top bar of the protected pages, with Logout (to the site root even if the call fails) and,
 * for admins, the Team page.
 */
export function StaffHeader({ children }: { children: ReactNode }) {
  const { logout, user } = useAuth();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    navigate("/", { replace: true });
  };
  return (
    <header className={styles.header}>
      <div className={styles.headerTitle}>{children}</div>
      <nav className={styles.headerTitle} aria-label="Command Center">
        {user?.role === "admin" && <Link to="/commandcenter/team">Team</Link>}
        <Link to="/commandcenter/account">Account</Link>
        <button type="button" className={styles.secondaryButton} onClick={onLogout}>
          Logout
        </button>
      </nav>
    </header>
  );
}
