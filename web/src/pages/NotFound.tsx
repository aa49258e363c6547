import { ButtonLink } from "../components/ui/Button";
import type { PageMeta } from "../seo/meta";
import styles from "./NotFound.module.css";

export const meta: PageMeta = {
  title: "Page Not Found",
  description:
    "The page you were looking for does not exist or has moved. Head back to the RepDesk home page to find order management, commissions and reporting.",
  noindex: true,
};

export default function NotFound() {
  return (
    <section className={`container ${styles.notFound}`}>
      <p className={styles.code}>404</p>
      <h1>Page not found</h1>
      <p className={styles.text}>
        Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <ButtonLink to="/" size="large" track={{ event: "navigation_click", label: "404: Back to Home" }}>
        Back to Home
      </ButtonLink>
    </section>
  );
}
