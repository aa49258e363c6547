import type { IconName } from "../../content/icons";
import { Icon } from "../ui/Icon";
import styles from "./FeatureGrid.module.css";
import { Heading, type HeadingLevel } from "./Heading";
import { Section } from "./Section";

export interface Feature {
  readonly icon: IconName;
  readonly title: string;
  readonly text: string;
}

export interface FeatureGridProps {
  readonly features: readonly Feature[];
  readonly headingLevel?: HeadingLevel;
  /** One card per row, for a grid that sits beside a mock-up. */
  readonly stacked?: boolean;
}

/** Feature cards: icon, short title, one or two sentences. */
export function FeatureGrid({ features, headingLevel = 3, stacked = false }: FeatureGridProps) {
  return (
    <ul className={stacked ? `${styles.grid} ${styles.stacked}` : styles.grid}>
      {features.map((feature) => (
        <li key={feature.title} className={styles.card}>
          <span className={styles.icon}>
            <Icon name={feature.icon} size={24} />
          </span>
          <Heading level={headingLevel} className={styles.title}>
            {feature.title}
          </Heading>
          <p className={styles.text}>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}

export interface FeatureOverviewProps {
  readonly heading: string;
  readonly intro: string;
  readonly features: readonly Feature[];
  readonly eyebrow?: string;
}

/** The first section under a feature page's hero (FeaturePage.tsx): a heading, a short intro and the grid of feature cards. */
export function FeatureOverview({ heading, intro, features, eyebrow }: FeatureOverviewProps) {
  return (
    <Section eyebrow={eyebrow} heading={heading} intro={intro} tone="alt">
      <FeatureGrid features={features} />
    </Section>
  );
}
