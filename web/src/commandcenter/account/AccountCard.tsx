import type { ReactNode } from "react";
import styles from "../common/shared.module.css";

/** A titled card of the Account page. */
export function AccountCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
