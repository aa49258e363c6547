import { Heading, type HeadingLevel } from "../../../components/marketing/Heading";
import { Icon, type IconName } from "../../../components/marketing/Icon";
import styles from "./FeatureCards.module.css";

export interface FeatureCard {
  readonly icon: IconName;
  readonly title: string;
  readonly text: string;
}

export interface FeatureCardsProps {
  readonly cards: readonly FeatureCard[];
  readonly headingLevel?: HeadingLevel;
  /** One card per row, for a grid that sits beside a mock-up. */
  readonly stacked?: boolean;
}

/** A grid of feature cards: icon, short title, one or two sentences. */
export function FeatureCards({ cards, headingLevel = 3, stacked = false }: FeatureCardsProps) {
  return (
    <ul className={stacked ? `${styles.grid} ${styles.stacked}` : styles.grid}>
      {cards.map((card) => (
        <li key={card.title} className={styles.card}>
          <span className={styles.icon}>
            <Icon name={card.icon} />
          </span>
          <Heading level={headingLevel} className={styles.title}>
            {card.title}
          </Heading>
          <p className={styles.text}>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
