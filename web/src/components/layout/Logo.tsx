import { config } from "../../config";
import { Link } from "../../routing/router";
import styles from "./Logo.module.css";

export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link to="/" className={onDark ? `${styles.logo} ${styles.onDark}` : styles.logo}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className={styles.mark} />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 1.3 8.8L22 23h-3.6l-3.7-5H12.2v5zm3.2-8h4a1.6 1.6 0 0 0 0-3.2h-4z"
          fill="#fff"
        />
      </svg>
      <span>{config.brand}</span>
    </Link>
  );
}
