import styles from "./Stats.module.css";

/** The figures of docs/product/site.md, verbatim. */
const STATS = [
  { value: "5,000+", label: "users" },
  { value: "$2B+", label: "in sales managed" },
  { value: "99.9%", label: "uptime" },
  { value: "50+", label: "integrations" },
];

export function Stats() {
  return (
    <section className={styles.stats} aria-label="RepDesk in numbers">
      <dl className={`container ${styles.list}`}>
        {STATS.map((stat) => (
          <div key={stat.label} className={styles.item}>
            <dt className={styles.label}>{stat.label}</dt>
            <dd className={styles.value}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
