import type { ReactNode } from "react";
import { PlanCard } from "../../components/marketing/PlanCard";
import { Section } from "../../components/marketing/Section";
import { SmartLink } from "../../components/ui/Button";
import { Icon } from "../../components/ui/Icon";
import type { Plan } from "../../content/plans";
import styles from "./PlanSpotlight.module.css";

/** What comes with every plan (docs/product/site.md claims). */
const EVERY_PLAN = [
  "14-day free trial, no credit card required",
  "No setup fees and free implementation support",
  "Most reps are up and running in about 30 minutes",
  "Export your data whenever you like",
  "99.9% uptime target",
];

export interface PlanSpotlightProps {
  readonly plan: Plan;
  readonly heading: string;
  readonly intro: string;
  /** The persona page, for analytics labels (e.g. "Agency Owners"). */
  readonly source: string;
  /** Plan-specific details shown above the list of what every plan includes. */
  readonly children?: ReactNode;
}

/** A persona page's pricing: the plan that fits the persona, beside what every plan includes. */
export function PlanSpotlight({ plan, heading, intro, source, children }: PlanSpotlightProps) {
  return (
    <Section heading={heading} intro={intro} tone="alt">
      <div className={styles.layout}>
        <div className={styles.details}>
          {children}
          <h3 className={styles.subheading}>Included with every plan</h3>
          <ul className={styles.list}>
            {EVERY_PLAN.map((item) => (
              <li key={item}>
                <Icon name="check" size={18} className={styles.check} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <SmartLink
            to="/pricing"
            className={styles.compare}
            track={{ event: "navigation_click", label: `${source}: Compare all plans` }}
          >
            Compare all plans
            <Icon name="arrowRight" size={16} />
          </SmartLink>
        </div>
        <div className={styles.card}>
          <PlanCard plan={plan} source={source} />
        </div>
      </div>
    </Section>
  );
}
