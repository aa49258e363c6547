import type { ReactNode } from "react";
import { CtaLink } from "../../../components/marketing/CtaLink";
import { DEMO_PATH, SIGNUP_PATH } from "../../../content/plans";
import styles from "./FeatureHero.module.css";

export interface FeatureHeroProps {
  /** The feature's name, shown above the heading. */
  readonly eyebrow: string;
  /** The page's only <h1>. */
  readonly title: string;
  readonly lead: string;
  /** Analytics label for the hero calls to action. */
  readonly source: string;
  /** A mock-up shown beside the text on wide screens, below it on narrow ones. */
  readonly visual: ReactNode;
}

/** The top of a feature page: eyebrow, <h1>, lead, the two calls to action and a mock-up. */
export function FeatureHero({ eyebrow, title, lead, source, visual }: FeatureHeroProps) {
  return (
    <header className={styles.hero}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          <div className={styles.actions}>
            <CtaLink to={SIGNUP_PATH} source={`${source}: hero`}>
              Start Free Trial
            </CtaLink>
            <CtaLink to={DEMO_PATH} variant="secondary" source={`${source}: hero`}>
              Request a Demo
            </CtaLink>
          </div>
          <p className={styles.note}>14-day free trial · No credit card · No setup fees</p>
        </div>
        <div className={styles.visual}>{visual}</div>
      </div>
    </header>
  );
}
