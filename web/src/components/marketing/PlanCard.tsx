import { trackEvent } from "../../analytics";
import { formatUsd } from "../../content/format";
import { PLANS, type Plan } from "../../content/plans";
import { Icon } from "../ui/Icon";
import { CtaLink } from "./CtaLink";
import { Heading, type HeadingLevel } from "./Heading";
import styles from "./PlanCard.module.css";

export interface PlanCardProps {
  readonly plan: Plan;
  /** Level of the plan name heading; pick the one below the surrounding section's heading. */
  readonly headingLevel?: HeadingLevel;
  /** Where the card is shown, for the analytics label (e.g. "Pricing page"). */
  readonly source: string;
}

function recordPlanSelection(plan: Plan, source: string): void {
  trackEvent("pricing_plan_select", {
    category: "Pricing",
    label: `${source}: ${plan.name}`,
    value: plan.price,
  });
}

/** One plan: name, price per month, description, features and its call to action. */
export function PlanCard({ plan, headingLevel = 3, source }: PlanCardProps) {
  return (
    <article className={[styles.card, styles[plan.colour], plan.popular ? styles.popular : ""].join(" ")}>
      {plan.popular && <p className={styles.badge}>Most Popular</p>}
      <span className={styles.icon}>
        <Icon name={plan.icon} size={24} />
      </span>
      <Heading level={headingLevel} className={styles.name}>
        {plan.name}
      </Heading>
      <p className={styles.price}>
        <span className={styles.amount}>{formatUsd(plan.price)}</span>
        <span className={styles.period}>/month</span>
      </p>
      <p className={styles.description}>{plan.description}</p>
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} className={styles.check} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <CtaLink
        to={plan.cta.href}
        variant={plan.popular ? "primary" : "secondary"}
        source={`${source}: ${plan.name} plan`}
        onClick={() => recordPlanSelection(plan, source)}
        fullWidth
      >
        {plan.cta.label}
      </CtaLink>
    </article>
  );
}

export interface PlanGridProps {
  readonly plans?: readonly Plan[];
  readonly headingLevel?: HeadingLevel;
  readonly source: string;
}

/** The three plans side by side (stacked on narrow screens). */
export function PlanGrid({ plans = PLANS, headingLevel = 3, source }: PlanGridProps) {
  return (
    <div className={styles.grid}>
      {plans.map((plan) => (
        <PlanCard key={plan.name} plan={plan} headingLevel={headingLevel} source={source} />
      ))}
    </div>
  );
}
