import type { FaqItem } from "../../content/faq";
import styles from "./Faq.module.css";

export interface FaqProps {
  readonly items: readonly FaqItem[];
}

/**
 * Questions as native disclosures (<details>/<summary>): keyboard and screen-reader accessible,
 * and they work before the page hydrates.
 */
export function Faq({ items }: FaqProps) {
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.question} className={styles.item}>
          <summary className={styles.question}>{item.question}</summary>
          <p className={styles.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
