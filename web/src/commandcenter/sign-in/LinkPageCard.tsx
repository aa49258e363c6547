import type { ReactNode } from "react";
import styles from "./signIn.module.css";

/** A centred card like the login screen's, for the pages reached from an e-mail link. */
export function LinkPageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.loginPage}>
      <section className={styles.loginCard} aria-labelledby="link-page-title">
        <h1 id="link-page-title" className={styles.loginTitle}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
