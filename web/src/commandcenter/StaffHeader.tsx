import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "./auth";
import styles from "./commandcenter.module.css";

/** The top bar of the protected pages, with Logout (to the site root even if the call fails). */
export function StaffHeader({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    navigate("/", { replace: true });
  };
  return (
    <header className={styles.header}>
      <div className={styles.headerTitle}>{children}</div>
      <button type="button" className={styles.secondaryButton} onClick={onLogout}>
        Logout
      </button>
    </header>
  );
}
