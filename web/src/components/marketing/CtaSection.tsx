import { DEMO_PATH, SIGNUP_PATH } from "../../content/plans";
import { CtaLink } from "./CtaLink";
import styles from "./CtaSection.module.css";
import { Section } from "./Section";

export interface CtaSectionProps {
  /** Where the section sits, for analytics labels (e.g. "Order Management"). */
  readonly source: string;
  readonly heading?: string;
  readonly text?: string;
}

/** The closing call to action: Start Free Trial (/signup) and Request a Demo (/contact?subject=demo). */
export function CtaSection({
  source,
  heading = "Ready to spend less time on paperwork and more time selling?",
  text = "Start your 14-day free trial today. No credit card, no setup fees, and most reps are up and running in about 30 minutes.",
}: CtaSectionProps) {
  return (
    <Section heading={heading} intro={text} tone="dark" className={styles.band}>
      <div className={styles.actions}>
        <CtaLink to={SIGNUP_PATH} variant="onDark" source={`${source}: closing CTA`}>
          Start Free Trial
        </CtaLink>
        <CtaLink to={DEMO_PATH} variant="outlineOnDark" source={`${source}: closing CTA`}>
          Request a Demo
        </CtaLink>
      </div>
    </Section>
  );
}
