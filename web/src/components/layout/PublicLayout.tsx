import { type ReactNode, Suspense } from "react";
import { ConsentSlot } from "../consent/ConsentSlot";
import { Footer } from "./Footer";
import { Header } from "./Header";
import styles from "./PublicLayout.module.css";

/** Header, main content and footer shared by every public page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      {/* Early in the document, so that the parser reaches it before the first paint (decision 0109). */}
      <ConsentSlot />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Suspense fallback={<p className={styles.loading}>Loading...</p>}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
