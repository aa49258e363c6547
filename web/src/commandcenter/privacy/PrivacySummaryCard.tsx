/** What is held about the address searched, per category with counts, and its Export and Erase. */
import {
  PRIVACY_CATEGORIES,
  PRIVACY_CATEGORY_LABELS,
  PRIVACY_TEXTS,
  type PrivacySummary,
} from "../../../../events/privacy";
import styles from "../common/shared.module.css";

export function PrivacySummaryCard({
  summary,
  busy,
  onExport,
  onErase,
}: {
  summary: Omit<PrivacySummary, "retentionDays">;
  busy: boolean;
  onExport: () => void;
  onErase: () => void;
}) {
  const total = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
  return (
    <section className={styles.card} aria-labelledby="privacy-summary-title">
      <h2 id="privacy-summary-title" className={styles.cardTitle}>
        {PRIVACY_TEXTS.summaryTitle}
      </h2>
      {summary.erasedAt && (
        <p className={styles.muted}>
          {PRIVACY_TEXTS.previouslyErased} {new Date(summary.erasedAt).toLocaleString()}.
        </p>
      )}
      {total === 0 ? (
        <p>{PRIVACY_TEXTS.nothingFound}</p>
      ) : (
        <dl aria-label={PRIVACY_TEXTS.summaryTitle}>
          {PRIVACY_CATEGORIES.filter((category) => summary.counts[category] > 0).map((category) => (
            <div key={category}>
              <dt>{PRIVACY_CATEGORY_LABELS[category]}</dt>
              <dd>
                {summary.counts[category]}
                {summary.partial.includes(category) && (
                  <span className={styles.muted}> {PRIVACY_TEXTS.partial}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={onExport}>
          {PRIVACY_TEXTS.export}
        </button>{" "}
        <button
          type="button"
          className={styles.dangerButton}
          disabled={busy || total === 0}
          onClick={onErase}
        >
          {PRIVACY_TEXTS.erase}
        </button>
      </p>
    </section>
  );
}
