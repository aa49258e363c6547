import type { ReactNode } from "react";
import { DEMO_PATH, SIGNUP_PATH } from "../../content/plans";
import { CtaLink } from "./CtaLink";
import styles from "./PageHero.module.css";

export interface PageHeroProps {
  /** The page's only <h1>. */
  readonly title: ReactNode;
  readonly lead: ReactNode;
  readonly eyebrow?: string;
  /** A mock-up or figure shown beside the text on wide screens, below it on narrow ones. */
  readonly visual?: ReactNode;
  /** Analytics label for the hero calls to action; omit `actions` to hide them. */
  readonly source: string;
  readonly actions?: boolean;
  /** Short reassurance under the buttons. */
  readonly note?: string;
}

/** The top of a content page: eyebrow, the page's <h1>, lead paragraph and the two calls to action. */
export function PageHero({ title, lead, eyebrow, visual, source, actions = true, note }: PageHeroProps) {
  return (
    <header className={[styles.hero, visual ? styles.withVisual : ""].join(" ")}>
      <div className={styles.inner}>
        <div className={styles.text}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          {actions && (
            <div className={styles.actions}>
              <CtaLink to={SIGNUP_PATH} source={`${source}: hero`}>
                Start Free Trial
              </CtaLink>
              <CtaLink to={DEMO_PATH} variant="secondary" source={`${source}: hero`}>
                Request a Demo
              </CtaLink>
            </div>
          )}
          {actions && (
            <p className={styles.note}>{note ?? "14-day free trial · No credit card · No setup fees"}</p>
          )}
        </div>
        {visual && <div className={styles.visual}>{visual}</div>}
      </div>
    </header>
  );
}
