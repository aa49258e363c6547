/** Signups per day over the last 30 days: an inline SVG bar chart with a text summary. */
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";

const WIDTH = 600;
const HEIGHT = 160;

export function SignupsChart({ days }: { days: readonly { start: string; count: number }[] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const max = Math.max(1, ...days.map((day) => day.count));
  const busiest = days.reduce<{ start: string; count: number } | undefined>(
    (best, day) => (!best || day.count > best.count ? day : best),
    undefined,
  );
  const barWidth = WIDTH / Math.max(1, days.length);
  const summary =
    total === 0
      ? `No signups in the last ${days.length} days.`
      : `${total} signups in the last ${days.length} days; the busiest day was ${new Date(busiest?.start ?? "").toLocaleDateString()} with ${busiest?.count}.`;
  return (
    <section className={shared.card} aria-labelledby="chart-title">
      <h2 id="chart-title" className={shared.cardTitle}>
        Signups per day (last {days.length} days)
      </h2>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        {days.map((day, i) => {
          const height = Math.round((day.count / max) * HEIGHT);
          return (
            <rect
              key={day.start}
              className={styles.chartBar}
              x={i * barWidth + 2}
              y={HEIGHT - height}
              width={barWidth - 4}
              height={height}
            >
              <title>{`${new Date(day.start).toLocaleDateString()}: ${day.count}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className={styles.chartAxis} />
      </svg>
      <p className={shared.muted}>{summary}</p>
    </section>
  );
}
