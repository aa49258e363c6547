/**
 * The frame of every signed-in page: the header (title, the Team / Account links, Logout) and the
 * page's content under its own error boundary, so a page that fails leaves the header working.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Icon } from "../../components/ui/Icon";
import { Protected } from "./Protected";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { StaffHeader } from "./StaffHeader";
import styles from "./shared.module.css";

export function StaffPage({
  title,
  back = false,
  wide = false,
  children,
}: {
  title: ReactNode;
  /** A "Back to dashboard" arrow before the title. */
  back?: boolean;
  /** The lead lists: wider than the other pages. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Protected>
      <div className={styles.page}>
        <StaffHeader>
          {back && (
            <Link to="/commandcenter" className={styles.iconButton} aria-label="Back to dashboard">
              <Icon name="arrowLeft" />
            </Link>
          )}
          <h1 className={styles.pageTitle}>{title}</h1>
        </StaffHeader>
        <main className={wide ? `${styles.content} ${styles.wideContent}` : styles.content}>
          <RouteErrorBoundary>{children}</RouteErrorBoundary>
        </main>
      </div>
    </Protected>
  );
}
