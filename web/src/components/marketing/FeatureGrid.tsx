import styles from "./FeatureGrid.module.css";
import { Heading, type HeadingLevel } from "./Heading";
import { Icon, type IconName } from "./Icon";

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
            <Icon name={feature.icon} />
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
